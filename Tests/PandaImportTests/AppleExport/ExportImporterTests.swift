import Foundation
import Testing

@testable import PandaImport
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

@Suite struct ExportImporterTests {
  let folder: TemporaryFolder
  let database: Database

  init() throws {
    folder = try TemporaryFolder()
    database = try Database.openPanda(at: folder.file("panda.sqlite"))
  }

  func importExport(_ path: String) throws -> ImportSummary {
    try ExportImporter(database: database).importExport(at: path)
  }

  func count(_ sql: String) throws -> Int64 {
    try database.integer(sql) ?? -1
  }

  @Test func quirkyIOS16ExportImportsEveryKindOfItem() throws {
    let summary = try importExport(Fixtures.path("ios16-quirks.xml"))
    #expect(summary.counts.records == 12)
    #expect(summary.counts.inserted == 10)
    #expect(summary.counts.duplicates == 0)
    #expect(summary.counts.skipped == 2)
    #expect(summary.workouts == 1)
    #expect(summary.activitySummaries == 1)
    #expect(summary.notImported == ["ClinicalRecord": 1])

    let lines = try String(decoding: Fixtures.data("ios16-quirks.xml"), as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false)
    let badDateLine = try #require(lines.firstIndex { $0.contains("not a date") }) + 1
    let badValueLine = try #require(lines.firstIndex { $0.contains("\"sixty\"") }) + 1
    #expect(summary.skippedExamples.map(\.line) == [badDateLine, badValueLine])
    #expect(summary.skippedExamples[1].reason.contains("\"sixty\""))

    let sources = try database.rows("SELECT name FROM sources").compactMap { $0.text("name") }.sorted()
    #expect(sources == ["Annas iPhone", "Anna’s Apple\u{A0}Watch", "Health Mate", "Omron", "Waage"])
    #expect(try count("SELECT count(*) FROM devices") == 2)
    #expect(try count("SELECT count(DISTINCT device_id) FROM samples WHERE device_id IS NOT NULL") == 2)
  }

  @Test func valuesAreStoredInCanonicalUnitsAtTheirUTCInstant() throws {
    _ = try importExport(Fixtures.path("ios16-quirks.xml"))
    let mass = try #require(
      try database.firstRow(
        """
        SELECT t.unit, s.value, s.start FROM samples s JOIN sample_types t ON t.id = s.type_id
        WHERE t.identifier = 'HKQuantityTypeIdentifierBodyMass'
        """))
    #expect(mass.text("unit") == "kg")
    #expect(abs((mass.real("value") ?? 0) - 74.978_818_76) < 1e-6)
    #expect(mass.integer("start") == 1_446_913_164)

    let workout = try #require(try database.firstRow("SELECT duration_seconds, id FROM workouts"))
    #expect(workout.real("duration_seconds") == 1_830)
    let statistics = try database.rows(
      "SELECT type, unit, sum FROM workout_statistics WHERE workout_id = ? ORDER BY type",
      [.integer(workout.integer("id")!)])
    #expect(statistics.map { $0.text("unit") } == ["kcal", "km"])
    #expect(abs((statistics[0].real("sum") ?? 0) - 310) < 1e-6)
    #expect(abs((statistics[1].real("sum") ?? 0) - 4.988_966_4) < 1e-6)
    #expect(
      try database.text("SELECT path FROM workout_routes") == "/workout-routes/route_2022-10-01_6.30pm.gpx"
    )
    #expect(try database.real("SELECT active_energy_kcal FROM activity_summaries") == 500)
  }

  @Test func metadataBeatsAndCategoriesAreKept() throws {
    _ = try importExport(Fixtures.path("ios16-quirks.xml"))
    let bmi = try database.text(
      """
      SELECT json_extract(s.metadata, '$."Health Mate App Version"') FROM samples s
      JOIN sample_types t ON t.id = s.type_id WHERE t.identifier = 'HKQuantityTypeIdentifierBodyMassIndex'
      """)
    #expect(bmi == "2.16.0")
    let hrv = try database.firstRow(
      """
      SELECT json_array_length(beats) AS beats, json_extract(beats, '$[1].bpm') AS second_bpm,
        json_extract(metadata, '$.HKMetadataKeySyncVersion') AS sync_version
      FROM samples WHERE beats IS NOT NULL
      """)
    #expect(hrv?.integer("beats") == 2)
    #expect(hrv?.integer("second_bpm") == 64)
    #expect(hrv?.text("sync_version") == "2")
    #expect(
      try database.text("SELECT category FROM samples WHERE category IS NOT NULL")
        == "HKCategoryValueSleepAnalysisAsleepCore")
  }

  @Test func correlationMembersAreStoredOnceAndLinked() throws {
    _ = try importExport(Fixtures.path("ios16-quirks.xml"))
    #expect(try count("SELECT count(*) FROM correlations") == 1)
    #expect(try count("SELECT count(*) FROM correlation_samples") == 2)
    #expect(
      try count(
        "SELECT count(*) FROM samples s JOIN sample_types t ON t.id = s.type_id WHERE t.identifier LIKE '%BloodPressure%'"
      ) == 2)
  }

  @Test func reimportingTheSameExportAddsNothing() throws {
    let path = Fixtures.path("ios16-quirks.xml")
    _ = try importExport(path)
    // What the rows hold; which run of the export last read each row is bookkeeping.
    let before = try database.contentsByTable()
    let again = try importExport(path)
    #expect(again.counts.inserted == 0)
    #expect(again.counts.duplicates == 10)
    #expect(again.workouts == 0)
    #expect(again.activitySummaries == 0)
    #expect(again.removed == 0)
    #expect(try database.contentsByTable() == before)
    #expect(try count("SELECT count(*) FROM imports") == 2)
  }

  @Test func aNewerExportAddsOnlyWhatIsNew() throws {
    let first = stepRecord(start: "2024-05-01 08:00:00 +0000", end: "2024-05-01 08:10:00 +0000", value: "500")
    let second = stepRecord(start: "2024-05-01 09:00:00 +0000", end: "2024-05-01 09:10:00 +0000", value: "400")
    let third = stepRecord(start: "2024-05-02 09:00:00 +0000", end: "2024-05-02 09:10:00 +0000", value: "300")
    _ = try importExport(try folder.write("old.xml", exportXML(first + "\n" + second)))
    let summary = try importExport(try folder.write("new.xml", exportXML(first + "\n" + second + "\n" + third)))
    #expect(summary.counts.inserted == 1)
    #expect(summary.counts.duplicates == 2)
    #expect(try count("SELECT sum(value) FROM samples") == 1_200)
  }

  @Test func identicalValuesFromTwoSourcesAreBothKept() throws {
    let records = [
      stepRecord(source: "iPhone", start: "2024-05-01 08:00:00 +0000", end: "2024-05-01 08:10:00 +0000", value: "500"),
      stepRecord(source: "Watch", start: "2024-05-01 08:00:00 +0000", end: "2024-05-01 08:10:00 +0000", value: "500"),
    ]
    let summary = try importExport(try folder.write("export.xml", exportXML(records.joined(separator: "\n"))))
    #expect(summary.counts.inserted == 2)
    #expect(try count("SELECT count(*) FROM samples") == 2)
  }

  @Test(arguments: [false, true])
  func zipArchivesAreReadInPlace(forceZip64: Bool) throws {
    let export = SyntheticExport(days: 3)
    let zip = folder.file("export.zip")
    try export.writeZip(to: zip, forceZip64: forceZip64)
    let xml = folder.file("plain.xml")
    try export.writeXML(to: xml)
    let fromZip = try importExport(zip)
    #expect(fromZip.counts.records > 3_000)
    #expect(fromZip.counts.inserted == fromZip.counts.records)
    let fromXML = try importExport(xml)
    #expect(fromXML.counts.records == fromZip.counts.records)
    #expect(fromXML.counts.inserted == 0)
  }

  @Test func anUnpackedFolderIsFoundByContentWhateverTheFileIsCalled() throws {
    let exportFolder = folder.file("apple_health_export")
    try FileManager.default.createDirectory(atPath: exportFolder, withIntermediateDirectories: true)
    try folder.write("apple_health_export/export_cda.xml", "<ClinicalDocument/>")
    try folder.write("apple_health_export/notes.xml", "<Notes/>")
    let records = stepRecord(start: "2024-05-01 08:00:00 +0000", end: "2024-05-01 08:10:00 +0000", value: "5")
    try folder.write("apple_health_export/eksport.xml", exportXML(records))
    #expect(try importExport(folder.path).counts.inserted == 1)
    #expect(try importExport(exportFolder).counts.duplicates == 1)
  }

  @Test func cancellingRollsEverythingBack() throws {
    _ = try importExport(Fixtures.path("ios16-quirks.xml"))
    let before = try contents(ofDatabaseAt: database.path)
    let xml = folder.file("export.xml")
    try SyntheticExport(days: 2).writeXML(to: xml)
    #expect(throws: ImportError.interrupted) {
      try ExportImporter(database: database, isCancelled: { true }).importExport(at: xml)
    }
    #expect(try contents(ofDatabaseAt: database.path) == before)
  }

  @Test func cancellingAfterTheExportWasReadStillRollsBack() throws {
    let before = try contents(ofDatabaseAt: database.path)
    let xml = folder.file("export.xml")
    try SyntheticExport(days: 3).writeXML(to: xml)
    let reports = Reports()
    let importer = ExportImporter(
      database: database, progress: { reports.add($0) },
      isCancelled: { reports.all.contains { $0.bytesRead == $0.totalBytes } })
    #expect(throws: ImportError.interrupted) { try importer.importExport(at: xml) }
    #expect(!reports.all.isEmpty)
    #expect(try contents(ofDatabaseAt: database.path) == before)
  }

  func journalMode(_ database: Database) throws -> String? {
    try database.text("PRAGMA journal_mode")
  }

  /// The journal modes seen while importing `xml` into `database`, and after.
  func journalModes(importing xml: String, into database: Database) throws -> (during: Set<String>, after: String?) {
    var during = Set<String>()
    _ = try ExportImporter(
      database: database, progress: { _ in if let mode = try? journalMode(database) { during.insert(mode) } }
    ).importExport(at: xml)
    return (during, try journalMode(database))
  }

  @Test func aFirstImportWritesWithoutTheLogAndLeavesTheLogOn() throws {
    let xml = folder.file("export.xml")
    try SyntheticExport(days: 3).writeXML(to: xml)
    let first = try journalModes(importing: xml, into: database)
    #expect(first.during == ["delete"])
    #expect(first.after == "wal")
    #expect(try count("SELECT count(*) FROM samples") > 0)
    #expect(try database.text("PRAGMA integrity_check") == "ok")
    // With samples stored, imports keep the log, so readers can go on reading.
    let second = try journalModes(importing: xml, into: database)
    #expect(second.during == ["wal"])
    #expect(second.after == "wal")
  }

  @Test func aFirstImportWhileAnotherConnectionReadsKeepsTheLog() throws {
    let reader = try Database.openPanda(at: database.path)
    #expect(try reader.integer("SELECT count(*) FROM samples") == 0)
    let xml = folder.file("export.xml")
    try SyntheticExport(days: 3).writeXML(to: xml)
    let modes = try journalModes(importing: xml, into: database)
    #expect(modes.during == ["wal"])
    #expect(try reader.integer("SELECT count(*) FROM samples") ?? 0 > 0)
  }

  @Test func aFailedFirstImportLeavesAnEmptyDatabaseWithTheLogOn() throws {
    let before = try contents(ofDatabaseAt: database.path)
    let xml = folder.file("export.xml")
    try SyntheticExport(days: 3).writeXML(to: xml)
    let reports = Reports()
    let importer = ExportImporter(
      database: database, progress: { reports.add($0) }, isCancelled: { reports.all.count >= 2 })
    #expect(throws: ImportError.interrupted) { try importer.importExport(at: xml) }
    #expect(try journalMode(database) == "wal")
    #expect(!FileManager.default.fileExists(atPath: database.path + "-journal"))
    #expect(try contents(ofDatabaseAt: database.path) == before)
  }

  @Test func progressIsReportedUpToTheWholeFile() throws {
    let xml = folder.file("export.xml")
    try SyntheticExport(days: 4).writeXML(to: xml)
    let reports = Reports()
    _ = try ExportImporter(database: database, progress: { reports.add($0) }).importExport(at: xml)
    let all = reports.all
    #expect(all.count > 1)
    #expect(all.map(\.bytesRead) == all.map(\.bytesRead).sorted())
    #expect(all.map(\.records) == all.map(\.records).sorted())
    #expect(all.dropLast().contains { $0.bytesRead < $0.totalBytes })
  }
}

final class Reports: @unchecked Sendable {
  private(set) var all: [ImportProgress] = []
  func add(_ progress: ImportProgress) { all.append(progress) }
}
