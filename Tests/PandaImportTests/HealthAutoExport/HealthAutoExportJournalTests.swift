import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaTestSupport

/// Health Auto Export's `symptoms` and `stateOfMind` arrays: symptoms stored as the export's
/// category records and read by the day events and the warnings as exported ones are; State of
/// Mind entries kept by id and read as tags of their day. Re-sending stores nothing new.
@Suite struct HealthAutoExportJournalTests {
  let folder: TemporaryFolder
  let database: Database
  let zone = TimeZone(identifier: "Europe/Paris")!

  init() throws {
    folder = try TemporaryFolder()
    database = try Database.openPanda(at: folder.file("panda.sqlite"))
  }

  static let symptoms = """
    {"data": {"symptoms": [
      {"start": "2026-11-20 09:00:00 +0100", "end": "2026-11-20 12:00:00 +0100", "name": "Headache",
       "severity": "Moderate", "userEntered": true, "source": "Health Auto Export"},
      {"start": "2026-11-22 00:30:00 +0100", "end": "2026-11-22 00:30:00 +0100", "name": "Sore Throat",
       "severity": "Mild", "userEntered": true, "source": "Health Auto Export"},
      {"start": "2026-11-22 08:00:00 +0100", "end": "2026-11-22 08:00:00 +0100", "name": "Fever",
       "severity": "Not Present", "userEntered": true, "source": "Health Auto Export"},
      {"start": "2026-11-22 09:00:00 +0100", "end": "2026-11-22 10:00:00 +0100", "name": "Bloating",
       "severity": "Severe", "userEntered": true},
      {"start": "2026-11-22 10:00:00 +0100", "end": "2026-11-22 10:00:00 +0100", "name": "Hiccups", "severity": "Mild"},
      {"start": "2026-11-22 11:00:00 +0100", "end": "2026-11-22 11:00:00 +0100", "name": "Nausea", "severity": "Leicht"}
    ]}}
    """

  static let statesOfMind = """
    {"data": {"stateOfMind": [
      {"id": "A1", "start": "2026-11-20 21:00:00 +0100", "end": "2026-11-20 21:05:00 +0100", "kind": "mood",
       "labels": ["Stressed", "Drained"], "associations": ["Work", "Current Events"], "valence": -0.4,
       "valenceClassification": -1, "metadata": {}},
      {"id": "B2", "start": "2026-11-21 08:00:00 +0100", "end": "2026-11-21 08:00:00 +0100",
       "kind": "momentaryEmotion", "labels": ["Calm"], "associations": [], "valence": 0.6},
      {"id": "C3", "start": "2026-11-21 09:00:00 +0100", "end": "2026-11-21 09:00:00 +0100", "kind": "mood",
       "labels": [], "associations": ["selfCare"], "valence": 0},
      {"id": "D4", "start": "2026-11-21 10:00:00 +0100", "kind": "mood", "labels": ["Happy"], "valence": 3}
    ]}}
    """

  @discardableResult
  func push(_ text: String, receivedAt: Int64 = 1_800_000_000) throws -> HealthAutoExportSummary {
    let document = try HealthAutoExportDocument.parse(Array(text.utf8), name: "push.json", zone: zone)
    return try HealthAutoExportImporter(
      database: database, context: DailyContext(zone: zone), route: .push, receivedAt: receivedAt
    )
    .importDocument(document, name: "push.json", refusingEmpty: true)
  }

  func events(_ first: String = "2026-11-19", _ last: String = "2026-11-23") throws -> [String] {
    try DayEventReader(database: database, zone: zone).events(
      from: #require(CalendarDay(iso: first)), through: #require(CalendarDay(iso: last))
    ).map { "\($0.day.iso) \($0.key)" }
  }

  @Test func symptomsAreStoredAsTheExportsRecordsOnTheirDays() throws {
    let summary = try push(Self.symptoms)
    #expect(summary.records == 6)
    #expect(summary.inserted == 4)
    #expect(summary.skipped == 2)
    #expect(summary.skippedExamples.contains { $0.contains("'Hiccups': not one of Health's symptom types") })
    #expect(summary.skippedExamples.contains { $0.contains("its severity 'Leicht' is not one panda knows") })
    #expect(summary.daysTouched == ["2026-11-20", "2026-11-22"])
    #expect(
      try database.text("SELECT category FROM pushed_samples WHERE type = 'HKCategoryTypeIdentifierHeadache'")
        == "HKCategoryValueSeverityModerate")
    #expect(
      try database.text("SELECT category FROM pushed_samples WHERE type = 'HKCategoryTypeIdentifierFever'")
        == "HKCategoryValueSeverityNotPresent")
    // 00:30 in Paris is the 22nd there, the 21st in UTC: days are the person's.
    #expect(
      try events() == [
        "2026-11-20 symptom:headache", "2026-11-22 symptom:bloating", "2026-11-22 symptom:sore-throat",
      ])
    // The warnings read the illness symptoms only, and not one recorded as not present.
    let records = try CategoryRecordReader(database: database).records(
      from: #require(CalendarDay(iso: "2026-11-19")), through: #require(CalendarDay(iso: "2026-11-23")))
    #expect(records.symptoms.map { "\($0.day.iso) \($0.name)" } == ["2026-11-20 headache", "2026-11-22 sore throat"])
  }

  @Test func resendingSymptomsStoresNothingAndAChangedSeverityReplacesTheRecord() throws {
    try push(Self.symptoms)
    let again = try push(Self.symptoms)
    #expect(again.inserted == 0)
    #expect(again.updated == 0)
    #expect(again.duplicates == 4)
    #expect(try database.integer("SELECT count(*) FROM pushed_samples") == 4)

    let changed = Self.symptoms.replacingOccurrences(of: "\"Not Present\"", with: "\"Moderate\"")
      .replacingOccurrences(of: "\"Mild\", \"userEntered\"", with: "\"Not Present\", \"userEntered\"")
    let update = try push(changed, receivedAt: 1_800_000_100)
    #expect(update.updated == 2)
    #expect(try database.integer("SELECT count(*) FROM pushed_samples") == 4)
    #expect(
      try events().filter { $0.hasPrefix("2026-11-22") } == ["2026-11-22 symptom:bloating", "2026-11-22 symptom:fever"])

    // An older push retried afterwards does not bring its values back.
    let retried = try push(Self.symptoms, receivedAt: 1_800_000_050)
    #expect(retried.updated == 0)
    #expect(
      try events().filter { $0.hasPrefix("2026-11-22") } == ["2026-11-22 symptom:bloating", "2026-11-22 symptom:fever"])
  }

  @Test func aPushedSymptomReadsAsTheSameSymptomExported() async throws {
    try push(Self.symptoms)
    let exported = try TemporaryFolder()
    let path = exported.file("panda.sqlite")
    let records = [
      ("HKCategoryTypeIdentifierHeadache", "2026-11-20 09:00:00 +0100", "HKCategoryValueSeverityModerate"),
      ("HKCategoryTypeIdentifierSoreThroat", "2026-11-22 00:30:00 +0100", "HKCategoryValueSeverityMild"),
      ("HKCategoryTypeIdentifierFever", "2026-11-22 08:00:00 +0100", "HKCategoryValueSeverityNotPresent"),
      ("HKCategoryTypeIdentifierBloating", "2026-11-22 09:00:00 +0100", "HKCategoryValueSeveritySevere"),
    ].map { type, start, value in
      "<Record type=\"\(type)\" sourceName=\"Health\" startDate=\"\(start)\" endDate=\"\(start)\" value=\"\(value)\"/>"
    }
    let xml = try exported.write("export.xml", exportXML(records.joined(separator: "\n")))
    let imported = await runPanda(["import", xml, "--db", path, "-q"], environment: ["TZ": "Europe/Paris"])
    #expect(imported.status == .success, "\(imported.error)")
    let other = try Database(path: path)
    let first = try #require(CalendarDay(iso: "2026-11-19"))
    let last = try #require(CalendarDay(iso: "2026-11-23"))
    #expect(
      try DayEventReader(database: other, zone: zone).events(from: first, through: last)
        == DayEventReader(database: database, zone: zone).events(from: first, through: last))
    #expect(
      try CategoryRecordReader(database: other).records(from: first, through: last).symptoms
        == CategoryRecordReader(database: database).records(from: first, through: last).symptoms)
  }

  @Test func statesOfMindBecomeTagsOfTheirDays() throws {
    let summary = try push(Self.statesOfMind)
    #expect(summary.records == 4)
    #expect(summary.inserted == 3)
    #expect(summary.implausible == 1)
    #expect(summary.daysTouched == ["2026-11-20", "2026-11-21"])
    #expect(
      try events() == [
        "2026-11-20 tag:current-events", "2026-11-20 tag:mood-drained", "2026-11-20 tag:mood-stressed",
        "2026-11-20 tag:mood-unpleasant", "2026-11-20 tag:work", "2026-11-21 tag:mood-calm",
        "2026-11-21 tag:mood-pleasant", "2026-11-21 tag:self-care",
      ])
  }

  @Test func resendingAStateOfMindStoresNothingAndAChangedOneReplacesItsTags() throws {
    try push(Self.statesOfMind)
    let again = try push(Self.statesOfMind)
    #expect(again.inserted == 0)
    #expect(again.updated == 0)
    #expect(again.duplicates == 3)
    let changed = Self.statesOfMind.replacingOccurrences(of: "[\"Calm\"]", with: "[\"Anxious\"]")
    #expect(try push(changed, receivedAt: 1_800_000_100).updated == 1)
    #expect(try database.integer("SELECT count(*) FROM pushed_states_of_mind") == 3)
    let day = try events().filter { $0.hasPrefix("2026-11-21") }
    #expect(day == ["2026-11-21 tag:mood-anxious", "2026-11-21 tag:mood-pleasant", "2026-11-21 tag:self-care"])
  }

  @Test func aTagLoggedByHandAndTheSameAssociationMakeOneEvent() throws {
    try push(Self.statesOfMind)
    let at = LocalDay.start(of: try #require(CalendarDay(iso: "2026-11-20")), in: zone) + 8 * 3_600
    try database.execute(
      "INSERT INTO log_entries (type, value, at) VALUES ('tag:work', 1, ?)", [.integer(at)])
    #expect(try events().filter { $0.hasSuffix("tag:work") } == ["2026-11-20 tag:work"])
  }
}
