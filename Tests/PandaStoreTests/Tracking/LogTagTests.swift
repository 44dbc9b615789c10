import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaTestSupport

@Suite struct LogTagTests {
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

  func events() throws -> [DayEvent] {
    try DayEventReader(database: database, zone: context.zone).events(
      from: CalendarDay(iso: "2025-05-01")!, through: CalendarDay(iso: "2025-07-01")!)
  }

  @Test(arguments: [
    ("alcohol", "alcohol"), ("Late Meal", "late-meal"), ("caffeine_late", "caffeine-late"), (" Sauna ", "sauna"),
    ("jet--lag", "jet-lag"),
  ])
  func namesAreKeptLowercaseWithHyphens(typed: String, kept: String) throws {
    #expect(try LogTag.normalised(typed) == kept)
  }

  @Test(arguments: ["", "  ", "wine!", "a/b", String(repeating: "x", count: 41)])
  func unreadableNamesAreRefused(typed: String) {
    #expect(throws: TrackingError.unreadableTag(typed)) { try LogTag.normalised(typed) }
  }

  @Test func aTagIsAnEventOfItsLocalDayAndWritesNoSample() throws {
    let entry = try book.tag("Alcohol", at: lateEvening, note: "two glasses")
    #expect(entry.tagName == "alcohol")
    #expect(try events() == [DayEvent(day: CalendarDay(iso: "2025-06-01")!, kind: .tag, name: "alcohol")])
    #expect(try database.integer("SELECT count(*) FROM samples") == 0)
    #expect(try book.entries(type: "tag").map(\.id) == [entry.id])
    #expect(try book.entries(type: "water").isEmpty)
  }

  @Test func editDeleteAndUndoWalkATagBack() throws {
    let first = try book.tag("alcohol", at: lateEvening, note: nil)
    let second = try book.tag("travel", at: lateEvening - 86_400, note: nil)
    _ = try book.edit(first.id, tag: "late meal")
    #expect(try book.entry(first.id)?.tagName == "late-meal")
    _ = try book.edit(second.id, at: lateEvening - 2 * 86_400)
    _ = try book.delete(first.id)
    #expect(try events().map(\.key) == ["tag:travel"])
    #expect(try events().first?.day == CalendarDay(iso: "2025-05-30"))

    #expect(try book.undo()?.action == "delete")
    #expect(try events().map(\.key).sorted() == ["tag:late-meal", "tag:travel"])
    #expect(try book.undo()?.action == "edit")
    #expect(try events().first { $0.name == "travel" }?.day == CalendarDay(iso: "2025-05-31"))
    #expect(try book.undo()?.action == "edit")
    #expect(try book.entry(first.id)?.tagName == "alcohol")
    #expect(try book.undo()?.action == "add")
    #expect(try book.undo()?.action == "add")
    #expect(try events().isEmpty)
  }

  @Test func theCommandLogsListsEditsDeletesAndUndoesATag() async throws {
    let path = folder.file("cli.sqlite")
    let zone = ["TZ": "America/New_York"]
    let logged = await runPanda(
      ["log", "tag", "Late", "meal", "--at", "2025-06-01 21:00", "--db", path], environment: zone)
    #expect(logged.status == .success)
    #expect(logged.output == "Logged #1  2025-06-01 21:00  tag  late-meal\n")
    let refused = await runPanda(["log", "tag", "wine!", "--db", path], environment: zone)
    #expect(refused.status == .usage)
    #expect(refused.error.contains("cannot read 'wine!' as a tag"))

    let json = await runPanda(["log", "list", "--type", "tag", "--format", "json", "--db", path], environment: zone)
    let listed = try #require(JSONValue.parse(json.output))
    #expect(listed.arrayValue?.first?["type"]?.stringValue == "tag")
    #expect(listed.arrayValue?.first?["tag"]?.stringValue == "late-meal")

    let edited = await runPanda(["log", "edit", "1", "alcohol", "--db", path], environment: zone)
    #expect(edited.output == "Changed #1  2025-06-01 21:00  tag  alcohol\n")
    let deleted = await runPanda(["log", "delete", "1", "--db", path], environment: zone)
    #expect(deleted.output.hasPrefix("Deleted #1  2025-06-01 21:00  tag  alcohol"))
    let undone = await runPanda(["log", "undo", "--db", path], environment: zone)
    #expect(undone.output == "Undid delete: brought back #1  2025-06-01 21:00  tag  alcohol\n")
    let list = await runPanda(["log", "list", "--db", path], environment: zone)
    #expect(list.output == "#1  2025-06-01 21:00  tag  alcohol\n")
  }

  @Test func symptomsHealthRecordsAreEventsOfTheirDayAndNotPresentOnesAreNot() throws {
    let records = [
      "<Record type=\"HKCategoryTypeIdentifierHeadache\" sourceName=\"Health\" startDate=\"2025-06-03 22:30:00 -0400\" endDate=\"2025-06-03 23:30:00 -0400\" value=\"HKCategoryValueSeverityModerate\"/>",
      "<Record type=\"HKCategoryTypeIdentifierHeadache\" sourceName=\"Other app\" startDate=\"2025-06-03 08:00:00 -0400\" endDate=\"2025-06-03 09:00:00 -0400\" value=\"HKCategoryValueSeverityMild\"/>",
      "<Record type=\"HKCategoryTypeIdentifierSoreThroat\" sourceName=\"Health\" startDate=\"2025-06-04 09:00:00 -0400\" endDate=\"2025-06-04 09:00:00 -0400\" value=\"HKCategoryValueSeverityNotPresent\"/>",
      "<Record type=\"HKCategoryTypeIdentifierFever\" sourceName=\"Health\" startDate=\"2025-06-05 07:00:00 -0400\" endDate=\"2025-06-05 07:00:00 -0400\" value=\"HKCategoryValueSeverityUnspecified\"/>",
    ]
    let path = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    _ = try ExportImporter(database: database, context: context).importExport(at: path)
    _ = try book.tag("travel", at: lateEvening, note: nil)
    #expect(
      try events() == [
        DayEvent(day: CalendarDay(iso: "2025-06-01")!, kind: .tag, name: "travel"),
        DayEvent(day: CalendarDay(iso: "2025-06-03")!, kind: .symptom, name: "headache"),
        DayEvent(day: CalendarDay(iso: "2025-06-05")!, kind: .symptom, name: "fever"),
      ])
  }

  @Test func symptomNamesComeFromTheirHealthIdentifiers() {
    #expect(SymptomType.name(of: "HKCategoryTypeIdentifierSoreThroat") == "sore-throat")
    #expect(SymptomType.name(of: "HKCategoryTypeIdentifierSleepAnalysis") == nil)
    #expect(SymptomType.identifiers.compactMap(SymptomType.name(of:)).count == SymptomType.identifiers.count)
  }
}
