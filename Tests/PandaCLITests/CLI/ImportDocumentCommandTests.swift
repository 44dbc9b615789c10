import Foundation
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaTestSupport

@Suite struct ImportDocumentCommandTests {
  let folder: TemporaryFolder
  let databasePath: String

  init() throws {
    folder = try TemporaryFolder()
    databasePath = folder.file("panda.sqlite")
  }

  func panda(_ arguments: [String], input: [UInt8] = []) async -> (status: ExitCode, output: String, error: String) {
    let captured = CapturedConsole()
    var console = captured.console()
    console.readInput = { input }
    let status = await PandaCommandLine.run(
      arguments + ["--db", databasePath, "--timezone", "Europe/Paris"], console: console)
    return (status, captured.output, captured.error)
  }

  static func fixture(_ name: String) -> String { Fixtures.path("health-auto-export/\(name)") }

  @Test func aDocumentIsRecognisedByContentWhateverItsName() async throws {
    let renamed = try folder.write("Health Export.txt", try Fixtures.data("health-auto-export/days.json"))
    let result = await panda(["import", renamed])
    #expect(result.status == .success)
    #expect(result.output.contains("(Health Auto Export)"))
    #expect(result.output.contains("11 records, 10 new, 0 updated, 0 already stored, 0 skipped."))
    #expect(result.output.contains("Days changed: 2026-11-20, 2026-11-21, 2026-11-22."))
    #expect(result.output.contains("Not imported (panda does not use these metrics): apple_stand_time ×1"))
  }

  @Test func aSyncedFolderIsImportedFileByFileInNameOrder() async throws {
    let synced = folder.file("HealthAutoExport")
    try FileManager.default.createDirectory(atPath: synced, withIntermediateDirectories: true)
    for (index, name) in ["days.json", "days-later.json"].enumerated() {
      try Fixtures.data("health-auto-export/\(name)").write(
        to: URL(fileURLWithPath: synced + "/HealthAutoExport-2026112\(index).json"))
    }
    let result = await panda(["import", synced, "--format", "json"])
    #expect(result.status == .success)
    let summaries = try #require(JSONValue.parse(result.output)?.arrayValue)
    #expect(summaries.count == 2)
    #expect(summaries[1]["updated"]?.numberValue == 1)
    let series = await panda(["series", "activity.steps", "--from", "2026-11-22", "--to", "2026-11-22"])
    #expect(series.output.contains("9,870 steps"))
  }

  @Test func standardInputIsADocument() async throws {
    let bytes = [UInt8](try Fixtures.data("health-auto-export/days.json"))
    let result = await panda(["import", "-"], input: bytes)
    #expect(result.status == .success)
    #expect(result.output.hasPrefix("Imported - (Health Auto Export)"))
  }

  @Test(arguments: [
    ("cut-off.json", "cannot be read at byte 109: the document ends"),
    ("not-health-auto-export.json", "not Health Auto Export's"),
    ("nothing-usable.json", "holds no data panda can use: only metrics panda does not use (apple_stand_time)"),
  ])
  func aBadDocumentExits65AndLeavesTheDatabaseAsItWas(_ fixture: String, message: String) async throws {
    #expect(await panda(["import", Self.fixture("days.json"), "-q"]).status == .success)
    let before = try contents(ofDatabaseAt: databasePath)
    let result = await panda(["import", Self.fixture(fixture)])
    #expect(result.status == .dataError)
    #expect(result.error.contains(message))
    #expect(try contents(ofDatabaseAt: databasePath) == before)
  }

  @Test func statusShowsTheLastDocumentOfEachRoute() async throws {
    #expect(await panda(["import", Self.fixture("days.json"), "-q"]).status == .success)
    let status = await panda(["status"])
    #expect(status.output.contains("Health Auto Export"))
    #expect(status.output.contains("last file: "))
    #expect(status.output.contains("no push received yet"))
    #expect(await panda(["import", Self.fixture("days-later.json"), "-q"]).status == .success)
    let later = await panda(["status"])
    #expect(later.output.contains("3 records, 1 new, 1 updated, 1 already stored, 0 skipped"))
  }
}
