import Foundation
import Testing

@testable import PandaImport
@testable import PandaStore
@testable import PandaTestSupport

@Suite struct LogBookTests {
  let folder: TemporaryFolder
  let database: Database
  let context = DailyContext(zone: TimeZone(identifier: "America/New_York")!)
  let book: LogBook
  /// 2025-06-02 01:30 UTC: still the evening of June 1 in New York.
  let lateEvening: Int64 = 1_748_827_800

  init() throws {
    folder = try TemporaryFolder()
    database = try Database.openPanda(at: folder.file("panda.sqlite"))
    book = LogBook(database: database, context: context)
  }

  func daily(_ metric: String, _ day: String) throws -> Double? {
    try database.real("SELECT value FROM daily_values WHERE metric = ? AND day = ?", [.text(metric), .text(day)])
  }

  func type(_ name: String) throws -> LogType { try #require(LogType.named(name)) }

  @Test func entriesBecomeDailyValuesOnTheirLocalDay() throws {
    _ = try book.add(type("water"), value: 500, at: lateEvening, note: nil)
    _ = try book.add(type("water"), value: 250, at: lateEvening, note: "same minute")
    _ = try book.add(type("weight"), value: 72.5747792, at: lateEvening, note: nil)
    _ = try book.add(type("food"), value: 645.315583, at: lateEvening, note: nil)
    #expect(try daily("nutrition.water", "2025-06-01") == 750)
    #expect(try daily("nutrition.water", "2025-06-02") == nil)
    #expect(try daily("body.bodyMass", "2025-06-01") == 72.574779)
    #expect(try daily("nutrition.dietaryEnergy", "2025-06-01") == 645.315583)
  }

  @Test func sessionsAndPressureReadingsReachTheirMetrics() throws {
    _ = try book.add(type("mindful"), value: 15, at: lateEvening, note: nil)
    _ = try book.add(type("bp"), value: 120, secondValue: 80, at: lateEvening, note: nil)
    _ = try book.add(type("bodyfat"), value: 22, at: lateEvening, note: nil)
    #expect(try daily("mindfulness.mindfulMinutes", "2025-06-01") == 15)
    #expect(try daily("heart.bloodPressureSystolic", "2025-06-01") == 120)
    #expect(try daily("heart.bloodPressureDiastolic", "2025-06-01") == 80)
    #expect(try daily("body.bodyFat", "2025-06-01") == 22)
  }

  @Test func editDeleteAndUndoWalkBack() throws {
    let first = try book.add(type("water"), value: 500, at: lateEvening, note: nil)
    let second = try book.add(type("water"), value: 300, at: lateEvening - 3_600, note: nil)
    _ = try book.edit(first.id, value: 400, note: "smaller glass")
    #expect(try daily("nutrition.water", "2025-06-01") == 700)
    _ = try book.delete(second.id)
    #expect(try daily("nutrition.water", "2025-06-01") == 400)
    #expect(try book.entries().map(\.id) == [first.id])

    #expect(try book.undo()?.action == "delete")
    #expect(try book.entries().map(\.id) == [second.id, first.id])
    #expect(try daily("nutrition.water", "2025-06-01") == 700)
    #expect(try book.undo()?.action == "edit")
    #expect(try book.entry(first.id)?.value == 500)
    #expect(try book.entry(first.id)?.note == nil)
    #expect(try daily("nutrition.water", "2025-06-01") == 800)
    #expect(try book.undo()?.action == "add")
    #expect(try book.undo()?.action == "add")
    #expect(try book.undo() == nil)
    #expect(try book.entries().isEmpty)
    #expect(try daily("nutrition.water", "2025-06-01") == nil)
    #expect(try database.integer("SELECT count(*) FROM samples") == 0)
  }

  @Test func movingAnEntryMovesItsDay() throws {
    let entry = try book.add(type("food"), value: 600, at: lateEvening, note: nil)
    _ = try book.edit(entry.id, at: lateEvening + 86_400)
    #expect(try daily("nutrition.dietaryEnergy", "2025-06-01") == nil)
    #expect(try daily("nutrition.dietaryEnergy", "2025-06-02") == 600)
  }

  @Test func aDayTooFullIsRefusedAndNothingIsWritten() throws {
    _ = try book.add(type("water"), value: 4_000, at: lateEvening, note: nil)
    _ = try book.add(type("water"), value: 4_000, at: lateEvening - 60, note: nil)
    let before = try contents(ofDatabaseAt: folder.file("panda.sqlite"))
    #expect(throws: TrackingError.self) { try book.add(type("water"), value: 4_000, at: lateEvening - 120, note: nil) }
    #expect(try contents(ofDatabaseAt: folder.file("panda.sqlite")) == before)
  }

  @Test func unknownIdsAreRefused() throws {
    #expect(throws: TrackingError.unknownEntry(42)) { try book.delete(42) }
    #expect(throws: TrackingError.unknownEntry(42)) { try book.edit(42, value: 1) }
  }

  @Test func importingAnExportKeepsEntriesAndDoesNotDuplicateThem() throws {
    _ = try book.add(type("water"), value: 500, at: lateEvening, note: nil)
    let records = [
      Records.quantity(
        "DietaryWater", source: "WaterMinder", unit: "mL", value: 250, start: "2025-06-01 12:00:00 -0400",
        end: "2025-06-01 12:00:00 -0400")
    ]
    let path = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    for _ in 0..<2 { _ = try ExportImporter(database: database, context: context).importExport(at: path) }
    #expect(try book.entries().count == 1)
    #expect(try daily("nutrition.water", "2025-06-01") == 750)
    #expect(try database.integer("SELECT count(*) FROM samples") == 2)
  }
}
