import Foundation
import Testing
@testable import PandaTestSupport

/// A command's help and a usage error, as printed, against files in Tests/Fixtures/golden;
/// `PANDA_RECORD_GOLDEN=1 swift test --filter HelpGoldenTests` writes them afresh.
@Suite struct HelpGoldenTests {
  static let folder = Fixtures.folder.appendingPathComponent("golden")

  func expect(_ text: String, equalsGolden name: String) throws {
    let path = Self.folder.appendingPathComponent(name).path
    if ProcessInfo.processInfo.environment["PANDA_RECORD_GOLDEN"] == "1" {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      return
    }
    #expect(text == (try String(contentsOfFile: path, encoding: .utf8)))
  }

  @Test func aCommandsHelp() async throws {
    try expect(await runPanda(["help", "generate"]).output, equalsGolden: "help-generate.txt")
  }

  @Test func aUsageError() async throws {
    let result = await runPanda(["generate", "--db", "x.sqlite", "out.xml"])
    #expect(result.status == .usage)
    try expect(result.error, equalsGolden: "usage-error-generate.txt")
  }
}
