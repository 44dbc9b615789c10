import Foundation
import Testing

@testable import PandaCLI
@testable import PandaImport
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

@Suite struct ExportSnapshotTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  /// A synthetic export's XML with its `ExportDate` set to `exportDate`.
  static func synthetic(days: Int) throws -> String {
    var text = ""
    try SyntheticExport(days: days).write { text += $0 }
    return text
  }

  func importing(_ paths: [String], into name: String, trust: ExportImporter.Trust = .checked) throws -> (
    Database, [ImportSummary]
  ) {
    let database = try Database.openPanda(at: folder.file(name))
    let context = DailyContext(zone: TimeZone(identifier: "Europe/Berlin")!)
    let summaries = try paths.map {
      try ExportImporter(database: database, context: context, trust: trust).importExport(at: $0)
    }
    return (database, summaries)
  }

  @Test func aNewerExportMakesTheStoredRecordsEqualToIt() throws {
    let base = try Self.synthetic(days: 12)
    var lines = base.components(separatedBy: "\n")
    let steps = lines.indices.filter { lines[$0].contains("HKQuantityTypeIdentifierStepCount") }
    try #require(steps.count > 300)
    let a = try folder.write("a.xml", base.settingExportDate(to: "2025-07-01 08:00:00 +0200"))

    // B: a step record back-dated into the middle of the export, made a day later.
    let added = lines[steps[250]].replacingOccurrences(
      of: #"value="[0-9.]+""#, with: #"value="77""#, options: .regularExpression
    )
    .replacingOccurrences(of: ":00 +", with: ":30 +")
    lines.insert(added, at: steps[250] + 1)
    let b = try folder.write(
      "b.xml", lines.joined(separator: "\n").settingExportDate(to: "2025-07-02 08:00:00 +0200"))

    // C: one step record deleted, one active energy reading edited.
    #expect(lines[steps[100]].hasSuffix("/>"))
    let energy = lines.indices.filter {
      lines[$0].contains("HKQuantityTypeIdentifierActiveEnergyBurned") && lines[$0].hasSuffix("/>")
    }
    let edited = energy[energy.count / 2]
    lines[edited] = lines[edited].replacingOccurrences(
      of: #"value="[0-9.]+""#, with: #"value="61.5""#, options: .regularExpression)
    lines.remove(at: steps[100])
    let c = try folder.write(
      "c.xml", lines.joined(separator: "\n").settingExportDate(to: "2025-07-03 08:00:00 +0200"))

    let (database, summaries) = try importing([a, b, c], into: "abc.sqlite")
    #expect(summaries[1].counts.inserted == 1)
    #expect(summaries[1].removed == 0)
    #expect(summaries[2].removed == 2)
    #expect(summaries[2].counts.inserted == 1)
    #expect(
      ImportCommand.text(summaries[2]).contains("Removed as deleted on the phone since the last export: 2 records ("))
    let (fresh, _) = try importing([c], into: "c.sqlite")
    let stored = try database.contentsByTable()
    let expected = try fresh.contentsByTable()
    for table in expected.keys.sorted() {
      #expect(stored[table] == expected[table], "\(table)")
    }
    // The same export again removes nothing more.
    let again = try ExportImporter(
      database: database, context: DailyContext(zone: TimeZone(identifier: "Europe/Berlin")!)
    )
    .importExport(at: c)
    #expect(again.removed == 0)
    #expect(again.counts.inserted == 0)
    #expect(try database.contentsByTable() == expected)
  }

  @Test func recordsLoggedByHandAreKept() throws {
    let base = try Self.synthetic(days: 10)
    let a = try folder.write("a.xml", base.settingExportDate(to: "2025-07-01 08:00:00 +0200"))
    let (database, _) = try importing([a], into: "log.sqlite")
    _ = try LogBook(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .add(LogType.named("water")!, value: 500, at: 1_751_000_000, note: nil)
    let before = try database.integer("SELECT count(*) FROM samples WHERE import_id = 0")
    #expect(before == 1)
    let b = try folder.write("b.xml", base.settingExportDate(to: "2025-07-02 08:00:00 +0200"))
    let summary = try ExportImporter(database: database).importExport(at: b)
    #expect(summary.removed == 0)
    #expect(try database.integer("SELECT count(*) FROM samples WHERE import_id = 0") == 1)
  }

  @Test func aFileLackingManyRecordsAddsNothingUntilConfirmed() throws {
    let base = try Self.synthetic(days: 12)
    let a = try folder.write("a.xml", base.settingExportDate(to: "2025-07-01 08:00:00 +0200"))
    // A cut-down file: every active energy record gone, and one step record added.
    func isCut(_ line: String) -> Bool {
      line.contains("<Record type=\"HKQuantityTypeIdentifierActiveEnergyBurned\"") && line.hasSuffix("/>")
    }
    var cut = base.components(separatedBy: "\n").filter { !isCut($0) }
    let step = try #require(cut.firstIndex { $0.contains("HKQuantityTypeIdentifierStepCount") && $0.hasSuffix("/>") })
    cut.insert(
      cut[step].replacingOccurrences(of: #"value="[0-9.]+""#, with: #"value="77""#, options: .regularExpression),
      at: step + 1)
    let b = try folder.write(
      "b.xml", cut.joined(separator: "\n").settingExportDate(to: "2025-07-02 08:00:00 +0200"))
    let (database, summaries) = try importing([a], into: "cut.sqlite")
    let before = try database.contentsByTable()
    let energy = base.components(separatedBy: "\n").filter(isCut).count
    #expect(throws: ImportError.self) { try ExportImporter(database: database).importExport(at: b) }
    do {
      _ = try ExportImporter(database: database).importExport(at: b)
    } catch let error as ImportError {
      guard case .untrusted(let path, _, let missing, _, let byType) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(path == b)
      #expect(missing == energy)
      #expect(
        byType == [MissingRecords(type: "HKQuantityTypeIdentifierActiveEnergyBurned", missing: energy, stored: energy)])
      #expect("\(error)".contains("all \(energy.grouped) active energy records"))
      #expect("\(error)".contains("--replace"))
      #expect("\(error)".contains("--add"))
    }
    // Nothing from it was added, not even its new step record.
    #expect(try database.contentsByTable() == before)
    #expect(try database.integer("SELECT count(*) FROM samples") == Int64(summaries[0].counts.inserted))
    #expect(try ImportRefusal.unresolved(in: database)?.file == b)
    let confirmed = try ExportImporter(database: database, trust: .replace).importExport(at: b)
    #expect(try ImportRefusal.unresolved(in: database) == nil)
    #expect(confirmed.removed == energy)
    #expect(ImportCommand.text(confirmed).contains("all \(energy.grouped) active energy records"))
    let (fresh, _) = try importing([b], into: "fresh.sqlite")
    #expect(
      try database.integer("SELECT count(*) FROM samples")
        == fresh.integer("SELECT count(*) FROM samples"))
  }

  @Test func anOlderExportRemovesNothingAndSaysItIsOlder() throws {
    let base = try Self.synthetic(days: 20)
    var lines = base.components(separatedBy: "\n")
    let steps = lines.indices.filter { lines[$0].contains("HKQuantityTypeIdentifierStepCount") }
    lines.remove(at: steps[40])
    let newer = try folder.write(
      "newer.xml", lines.joined(separator: "\n").settingExportDate(to: "2025-07-02 08:00:00 +0200"))
    let older = try folder.write("older.xml", base.settingExportDate(to: "2025-07-01 08:00:00 +0200"))
    let (database, summaries) = try importing([older, newer], into: "old.sqlite")
    #expect(summaries[1].removed == 1)
    // The older export holds the record the newer one deleted: it never adds it back unasked.
    let before = try database.contentsByTable()
    #expect(throws: ImportError.self) { try ExportImporter(database: database).importExport(at: older) }
    #expect(try database.contentsByTable() == before)
    #expect(try ImportRefusal.unresolved(in: database)?.reason.contains("deleted since") == true)
    let again = try ExportImporter(database: database, trust: .add).importExport(at: older)
    #expect(again.counts.inserted == 1)
    #expect(again.removed == 0)
    #expect(again.newerExportDate != nil)
    let text = ImportCommand.text(again, zone: TimeZone(identifier: "UTC")!)
    #expect(
      text.contains("This export (made 2025-07-01 06:00) is older than one imported before (made 2025-07-02 06:00)"))
    #expect(text.contains("nothing was removed"))
    // The newer export, imported again, is the truth again.
    let newest = try ExportImporter(database: database).importExport(at: newer)
    #expect(newest.removed == 1)
  }

  @Test func anOlderExportFromAnotherPhoneNeverAddsBackWhatANewerOneDeleted() throws {
    let base = try Self.synthetic(days: 20)
    var lines = base.components(separatedBy: "\n")
    let steps = lines.indices.filter {
      lines[$0].contains("<Record type=\"HKQuantityTypeIdentifierStepCount\"") && lines[$0].hasSuffix("/>")
    }
    let deleted = lines.remove(at: steps[40])
    let a = try folder.write("a.xml", base.settingExportDate(to: "2025-07-01 08:00:00 +0200"))
    let b = try folder.write(
      "b.xml", lines.joined(separator: "\n").settingExportDate(to: "2025-07-02 08:00:00 +0200"))
    // Another phone's history, made before both, which also holds the record deleted since.
    var phone = ""
    try SyntheticExport(days: 20, seed: 2).write { phone += $0 }
    var phoneLines = phone.components(separatedBy: "\n")
    let at = try #require(phoneLines.firstIndex { $0.contains("<Record ") })
    phoneLines.insert(deleted, at: at)
    let other = try folder.write(
      "other.xml", phoneLines.joined(separator: "\n").settingExportDate(to: "2025-06-30 08:00:00 +0200"))
    let (database, summaries) = try importing([a, b], into: "other-phone.sqlite")
    #expect(summaries[1].removed == 1)
    let before = try database.contentsByTable()
    #expect(throws: ImportError.self) { try ExportImporter(database: database).importExport(at: other) }
    #expect(try database.contentsByTable() == before)
    #expect(try ImportRefusal.unresolved(in: database)?.file == other)
    // Imported again, the newer export still finds nothing to remove and nothing to add.
    let again = try ExportImporter(database: database).importExport(at: b)
    #expect(again.removed == 0)
    #expect(again.counts.inserted == 0)
  }

  @Test func aFirstImportKeepsNoRunPerSampleYetANewerExportFindsWhatLeft() throws {
    let base = try Self.synthetic(days: 12)
    var lines = base.components(separatedBy: "\n")
    let steps = lines.indices.filter {
      lines[$0].contains("<Record type=\"HKQuantityTypeIdentifierStepCount\"") && lines[$0].hasSuffix("/>")
    }
    lines.remove(at: steps[steps.count / 2])
    let a = try folder.write("a.xml", base.settingExportDate(to: "2025-07-01 08:00:00 +0200"))
    let b = try folder.write(
      "b.xml", lines.joined(separator: "\n").settingExportDate(to: "2025-07-02 08:00:00 +0200"))
    let (database, summaries) = try importing([a], into: "bulk.sqlite")
    // Only correlation members carry a run of their own; every other sample's run is the range of
    // row ids its run took, so the first import keeps no index of runs up to date row by row.
    #expect(
      try database.integer(
        """
        SELECT count(*) FROM samples INDEXED BY samples_run
        WHERE run IS NOT NULL AND id NOT IN (SELECT sample_id FROM correlation_samples)
        """) == 0)
    #expect(
      try database.integer(
        """
        SELECT count(*) FROM samples s WHERE s.run IS NULL AND NOT EXISTS (
          SELECT 1 FROM export_run_rows r WHERE s.id BETWEEN r.first_row AND r.last_row AND r.import_id = s.import_id)
        """) == 0)
    #expect(summaries[0].counts.inserted > 0)
    let newer = try ExportImporter(
      database: database, context: DailyContext(zone: TimeZone(identifier: "Europe/Berlin")!)
    )
    .importExport(at: b)
    #expect(newer.removed == 1)
    let (fresh, _) = try importing([b], into: "bulk-fresh.sqlite")
    #expect(try database.contentsByTable()["samples"] == fresh.contentsByTable()["samples"])
  }

  @Test func samplesStoredBeforeRunsStillCountAsUnseenAfterTheUpgrade() throws {
    let path = folder.file("upgrade.sqlite")
    // A database as the version before runs took ranges of row ids: one sample stored before
    // runs were kept (run NULL), one marked with its run, one logged by hand.
    let old = try Database(path: path)
    let ranges = try #require(Schema.migrations.firstIndex { $0.contains("first_row") })
    for migration in Schema.migrations[..<ranges] { try old.execute(migration) }
    try old.execute("PRAGMA user_version = \(ranges)")
    try old.execute(
      """
      INSERT INTO imports (id, file, file_bytes, started_at, seconds, records, inserted, duplicates, skipped, workouts,
                           activity_summaries, export_date)
        VALUES (0, 'panda log', 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL), (1, 'a.xml', 1, 0, 0, 2, 2, 0, 0, 0, 0, 100);
      INSERT INTO sources (id, name) VALUES (1, 'Phone');
      INSERT INTO sample_types (id, identifier, unit) VALUES (1, 'HKQuantityTypeIdentifierStepCount', 'count');
      INSERT INTO export_runs (id, import_id) VALUES (1, 1);
      INSERT INTO samples (id, type_id, source_id, start, end, value, import_id, run)
        VALUES (1, 1, 1, 10, 20, 5, 1, NULL), (2, 1, 1, 30, 40, 6, 1, 1), (3, 1, 1, 50, 60, 7, 0, NULL);
      """)
    let database = try Database.openPanda(at: path)
    let all = ExportSnapshot.find(
      in:importID:runFloor:recognized:span:summaryDates:)
    let unseen = try all(database, 2, 2, [], Int64.min...Int64.max, [])
    #expect(unseen.samples == 2)
    // The run found again leaves only the sample stored before runs.
    #expect(try all(database, 2, 2, [1], Int64.min...Int64.max, []).samples == 1)
  }

  @Test func aWholeMetricLeavingNeedsConfirmationThoughItIsFewRecords() throws {
    let base = try Self.synthetic(days: 12)
    let a = try folder.write("a.xml", base.settingExportDate(to: "2025-07-01 08:00:00 +0200"))
    func isWeight(_ line: String) -> Bool {
      line.contains("<Record type=\"HKQuantityTypeIdentifierBodyMass\"") && line.hasSuffix("/>")
    }
    let lines = base.components(separatedBy: "\n")
    let weights = lines.filter(isWeight).count
    try #require(weights > 1)
    let b = try folder.write(
      "b.xml",
      lines.filter { !isWeight($0) }.joined(separator: "\n").settingExportDate(to: "2025-07-02 08:00:00 +0200"))
    let (database, _) = try importing([a], into: "weight.sqlite")
    let stored = try #require(try database.integer("SELECT count(*) FROM samples"))
    // Far under the 5 % share: only that the whole metric leaves asks for confirmation.
    #expect(Double(weights) / Double(stored) < ExportSnapshot.confirmationShare)
    #expect(throws: ImportError.self) { try ExportImporter(database: database).importExport(at: b) }
    #expect(try database.integer("SELECT count(*) FROM samples") == stored)
    let replaced = try ExportImporter(database: database, trust: .replace).importExport(at: b)
    #expect(replaced.removed == weights)
    let text = ImportCommand.text(replaced)
    #expect(text.contains("body measurements: all \(weights) weight records"))
  }

  @Test func addingAFileAlongsideRemovesNothingAndResolvesItsRefusal() throws {
    let a = try folder.write(
      "a.xml", Self.synthetic(days: 8).settingExportDate(to: "2025-07-01 08:00:00 +0200"))
    var other = ""
    try SyntheticExport(days: 8, seed: 2).write { other += $0 }
    let b = try folder.write("b.xml", other.settingExportDate(to: "2025-07-02 08:00:00 +0200"))
    let (database, summaries) = try importing([a], into: "add.sqlite")
    #expect(throws: ImportError.self) { try ExportImporter(database: database).importExport(at: b) }
    #expect(try ImportRefusal.unresolved(in: database)?.file == b)
    let added = try ExportImporter(database: database, trust: .add).importExport(at: b)
    #expect(added.removed == 0)
    #expect(added.notRemoved > 0)
    #expect(
      try database.integer("SELECT count(*) FROM samples")
        == Int64(summaries[0].counts.inserted + added.counts.inserted))
    #expect(try ImportRefusal.unresolved(in: database) == nil)
  }

  @Test func aNewerExportIsTheTruthBeforeItsFirstItemToo() throws {
    let base = try Self.synthetic(days: 12)
    var lines = base.components(separatedBy: "\n")
    func start(_ line: String) -> String? {
      guard line.contains("<Record "), let range = line.range(of: #"startDate="[^"]*""#, options: .regularExpression)
      else { return nil }
      return String(line[range])
    }
    let starts = lines.indices.compactMap { index in start(lines[index]).map { (index, $0) } }
    let first = try #require(starts.min { $0.1 < $1.1 }?.0)
    #expect(lines[first].hasSuffix("/>"))
    let a = try folder.write("a.xml", base.settingExportDate(to: "2025-07-01 08:00:00 +0200"))
    // Every record starting at the earliest instant goes: the newer export starts after them.
    let removedStart = try #require(start(lines[first]))
    let gone = lines.filter { start($0) == removedStart }.count
    #expect(gone < 10)
    lines.removeAll { start($0) == removedStart }
    let b = try folder.write(
      "b.xml", lines.joined(separator: "\n").settingExportDate(to: "2025-07-02 08:00:00 +0200"))
    let (database, summaries) = try importing([a, b], into: "before.sqlite")
    #expect(summaries[1].removed == gone)
    let (fresh, _) = try importing([b], into: "fresh-b.sqlite")
    #expect(try database.contentsByTable()["samples"] == fresh.contentsByTable()["samples"])
  }
}
