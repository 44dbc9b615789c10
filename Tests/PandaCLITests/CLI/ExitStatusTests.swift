import Foundation
import Testing

@testable import PandaCLI
@testable import PandaTestSupport

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

  @Test(arguments: [
    (["outbox", "purge"], "missing --sent"),
    (["prompt", "--category", "sleep"], "missing --period"),
    (["prompt", "--period", "daily"], "missing --category"),
    (["outbox", "retry"], "missing the message ID"),
  ])
  func aMissingRequiredOptionIsAUsageErrorBeforeAnyFileIsOpened(arguments: [String], message: String) async throws {
    let folder = try TemporaryFolder()
    let result = await runPanda(arguments + ["--db", folder.file("nowhere/panda.sqlite")])
    #expect(result.status == .usage)
    #expect(result.error.hasPrefix("panda: \(message)\n"), "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: folder.file("nowhere")))
  }

  @Test func aDatabaseThatIsNotSQLiteIsBadDataNamedAndLeftAlone() async throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("notes.sqlite", String(repeating: "not a database\n", count: 100))
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    for command in [
      ["import", Fixtures.path("ios16-quirks.xml")], ["status"], ["log", "list"], ["outbox"], ["log", "undo"],
    ] {
      let result = await runPanda(command + ["--db", path])
      #expect(result.status == .dataError, "\(command): \(result.error)")
      #expect(
        result.error.contains("\(path) is not a panda database: it is not an SQLite file at all"), "\(command)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(command)")
    }
  }
}
