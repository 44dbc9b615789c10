import Foundation
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

@Suite struct ImportCommandTests {
  let folder: TemporaryFolder
  let databasePath: String

  init() throws {
    folder = try TemporaryFolder()
    databasePath = folder.file("db/panda.sqlite")
  }

  func panda(_ arguments: [String]) async -> (status: ExitCode, output: String, error: String) {
    await runPanda(arguments + ["--db", databasePath])
  }

  /// Imports the quirks fixture so later failures have something to leave untouched.
  func seed() async throws -> [String] {
    #expect(await panda(["import", Fixtures.path("ios16-quirks.xml"), "--quiet"]).status == .success)
    return try contents(ofDatabaseAt: databasePath)
  }

  @Test func importPrintsASummaryNamingSkippedLines() async throws {
    let result = await panda(["import", Fixtures.path("ios16-quirks.xml")])
    #expect(result.status == .success)
    #expect(result.output.contains("12 records, 10 new, 0 already stored, 2 skipped"))
    #expect(result.output.contains("unreadable startDate \"2022-10-01 not a date\""))
    #expect(result.output.contains("Not imported (panda does not store these yet): ClinicalRecord ×1"))
    #expect(result.error.isEmpty)
  }

  @Test func aHexadecimalValueIsUnreadableNotSixteen() async throws {
    let xml = try folder.write(
      "hex.xml",
      exportXML(
        stepRecord(start: "2024-03-01 08:00:00 +0000", end: "2024-03-01 08:10:00 +0000", value: "0x10")
          + stepRecord(start: "2024-03-01 09:00:00 +0000", end: "2024-03-01 09:10:00 +0000", value: "12")))
    let result = await panda(["import", xml])
    #expect(result.status == .success)
    #expect(result.output.contains("2 records, 1 new, 0 already stored, 1 skipped"))
    let values = try Database(path: databasePath).rows("SELECT value FROM samples").compactMap { $0.real("value") }
    #expect(values == [12])
  }

  @Test func jsonSummaryHasTheDocumentedKeys() async throws {
    let result = await panda(["import", Fixtures.path("ios16-quirks.xml"), "--format", "json"])
    #expect(result.status == .success)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let always: Set = [
      "file", "records", "inserted", "duplicates", "skipped", "outOfRange", "implausible", "implausibleByType",
      "workouts", "activitySummaries", "xmlBytes", "seconds", "dailyValuesSeconds", "skippedExamples",
      "notImported", "removed", "removedWorkouts", "notRemoved", "notRemovedShare", "missingByType", "timeZone",
      "timeZoneFromData",
    ]
    #expect(Set(object.keys).subtracting(["exportDate"]) == always)
    #expect(object["inserted"] as? Int == 10)
    #expect(object["records"] as? Int == 12)
  }

  @Test func theDatabaseFolderIsCreatedAndPandaDBIsHonoured() async throws {
    let path = folder.file("from-env/nested/panda.sqlite")
    let result = await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "-q"], environment: ["PANDA_DB": path])
    #expect(result.status == .success)
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func theDefaultDatabaseLivesUnderXDGDataHome() {
    let arguments = Arguments()
    #expect(
      DatabaseLocation.path(arguments, environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
        == "/data/panda/panda.sqlite")
    #expect(
      DatabaseLocation.path(arguments, environment: ["HOME": "/home/u"]) == "/home/u/.local/share/panda/panda.sqlite")
  }

  @Test func aMissingFileExits66() async throws {
    let before = try await seed()
    let missing = folder.file("nowhere/export.zip")
    let result = await panda(["import", missing])
    #expect(result.status == .noInput)
    #expect(result.error.contains(missing))
    #expect(try contents(ofDatabaseAt: databasePath) == before)
  }

  @Test(arguments: [
    ("notes.txt", "Just some notes, not health data.\n"),
    ("other.xml", "<?xml version=\"1.0\"?>\n<ClinicalDocument><x/></ClinicalDocument>\n"),
    ("empty.xml", ""),
  ])
  func somethingThatIsNotAnExportExits65(name: String, text: String) async throws {
    let before = try await seed()
    let path = try folder.write(name, text)
    let result = await panda(["import", path])
    #expect(result.status == .dataError)
    #expect(result.error.contains("\(path) is not an Apple Health export"))
    #expect(try contents(ofDatabaseAt: databasePath) == before)
  }

  @Test func aTruncatedXMLExits65WithTheByteOffsetAndChangesNothing() async throws {
    let before = try await seed()
    let data = try Fixtures.data("ios16-quirks.xml")
    let cut = data.count * 2 / 3
    let path = try folder.write("truncated.xml", data.prefix(cut))
    let result = await panda(["import", path])
    #expect(result.status == .dataError)
    #expect(result.error.contains("\(path) ends in the middle of the export at byte"))
    #expect(try contents(ofDatabaseAt: databasePath) == before)
  }

  @Test func aTruncatedZipExits65AndChangesNothing() async throws {
    let before = try await seed()
    let zip = folder.file("export.zip")
    try SyntheticExport(days: 2).writeZip(to: zip)
    let data = try Data(contentsOf: URL(fileURLWithPath: zip))
    let path = try folder.write("cut.zip", data.prefix(data.count - 100))
    let result = await panda(["import", path])
    #expect(result.status == .dataError)
    #expect(result.error.contains("\(path) is an incomplete ZIP archive: it ends at byte \(data.count - 100)"))
    #expect(try contents(ofDatabaseAt: databasePath) == before)
  }

  @Test func aZipWhoseDataIsCutMidStreamChangesNothing() async throws {
    let before = try await seed()
    let zip = folder.file("export.zip")
    try SyntheticExport(days: 20).writeZip(to: zip)
    var data = try Data(contentsOf: URL(fileURLWithPath: zip))
    // Zero a stretch in the middle of the compressed XML: the inflater fails part way through.
    let start = data.count / 2
    data.replaceSubrange(start..<(start + 1_000), with: Data(count: 1_000))
    let path = try folder.write("damaged.zip", data)
    let result = await panda(["import", path])
    #expect(result.status == .dataError)
    #expect(result.error.contains("\(path) is damaged at byte"))
    #expect(try contents(ofDatabaseAt: databasePath) == before)
  }

  @Test func anUnwritableDatabaseExits73() async throws {
    let blocker = try folder.write("blocker", "a file where a folder should be")
    let result = await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "--db", blocker + "/panda.sqlite"])
    #expect(result.status == .cannotCreate)
    #expect(result.error.contains(blocker))
  }

  @Test(arguments: [
    (["import"], "missing the export to import (PATH)"),
    (["import", "x.zip", "--frobnicate"], "unknown option '--frobnicate'"),
    (["import", "x.zip", "--format", "yaml"], "--format 'yaml': expected text or json"),
    (["import", "x.zip", "--db"], "--db needs a value"),
    (["explode"], "unknown command 'explode'"),
  ])
  func usageErrorsExit64(arguments: [String], message: String) async {
    let result = await runPanda(arguments)
    #expect(result.status == .usage)
    #expect(result.error.contains(message))
    #expect(result.error.contains("usage: panda"))
  }
}
