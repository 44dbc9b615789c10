import Foundation
import Testing

@testable import PandaKit

@Suite struct ExitStatusTests {
  @Test func sigtermEndsWith143AndCtrlCWith130() {
    #expect(InterruptSignal.exitCode(for: SIGTERM).rawValue == 143)
    #expect(InterruptSignal.exitCode(for: SIGINT).rawValue == 130)
  }

  @Test func generatingIntoAFolderThatDoesNotExistCannotCreate() async {
    let result = await runPanda(["generate", "/nonexistent-\(UUID().uuidString)/x.xml", "--days", "1"])
    #expect(result.status == .cannotCreate)
    #expect(result.error.contains("cannot write"))
  }
}
