import Foundation
import Testing

@testable import PandaImport
@testable import PandaStore
@testable import PandaTestSupport

@Suite struct HealthAutoExportImportTests {
  let folder: TemporaryFolder
  let database: Database
  let context = DailyContext(zone: TimeZone(identifier: "Europe/Paris")!)

  init() throws {
    folder = try TemporaryFolder()
    database = try Database.openPanda(at: folder.file("panda.sqlite"))
  }

  @discardableResult
  func importFixture(_ name: String, route: HealthAutoExportRoute = .file) throws -> HealthAutoExportSummary {
    try importText(String(decoding: try Fixtures.data("health-auto-export/\(name)"), as: UTF8.self), name: name)
  }

  @discardableResult
  func importText(_ text: String, name: String = "push.json") throws -> HealthAutoExportSummary {
    let document = try HealthAutoExportDocument.parse(Array(text.utf8), name: name, zone: context.zone)
    return try HealthAutoExportImporter(database: database, context: context, route: .push, receivedAt: 1_800_000_000)
      .importDocument(document, name: name)
  }

  func value(_ metric: String, _ day: String) throws -> Double? {
    try database.real("SELECT value FROM daily_values WHERE metric = ? AND day = ?", [.text(metric), .text(day)])
  }

  @Test func dayTotalsGiveExactlyTheDaysSent() throws {
    let summary = try importFixture("days.json")
    #expect(summary.records == 11)
    #expect(summary.inserted == 10)
    #expect(summary.unknownMetrics == ["apple_stand_time": 1])
    #expect(try value("activity.steps", "2026-11-20") == 8_123)
    #expect(try value("activity.steps", "2026-11-21") == 10_456)
    #expect(try value("activity.steps", "2026-11-22") == 4_312.5)
    #expect(try abs(#require(try value("activity.distance", "2026-11-21")) - 4.2 * 1.609_344) < 1e-6)
    #expect(try abs(#require(try value("activity.activeEnergy", "2026-11-21")) - 500) < 1e-3)
    #expect(try value("heart.heartRate", "2026-11-21") == 71.5)
    #expect(try value("heart.bloodPressureSystolic", "2026-11-21") == 121)
    #expect(try value("heart.bloodPressureDiastolic", "2026-11-21") == 79)
    #expect(try abs(#require(try value("body.bodyMass", "2026-11-21")) - 74.98) < 0.01)
    #expect(try value("activity.workouts", "2026-11-21") == 1)
    #expect(try database.integer("SELECT partial FROM daily_values WHERE metric = 'activity.steps'") == 0)
  }

  @Test func aMetricsPointsCountTheSameWhetherItsNameComesBeforeOrAfterThem() throws {
    let points =
      #"[{"date": "2026-11-21 08:00:00 +0100", "qty": 120}, {"date": "soon", "qty": 5}, "#
      + #"{"date": "2026-11-21 08:01:00 +0100"}, {"date": "2026-11-21 08:02:00 +0100", "qty": 80}]"#
    func summary(_ metric: String) throws -> HealthAutoExportSummary {
      let text = #"{"data": {"metrics": ["# + metric + "]}}"
      let other = try HealthAutoExportImportTests()
      return try other.importText(text)
    }
    let first = try summary(#"{"name": "step_count", "units": "count", "data": "# + points + "}")
    let last = try summary(#"{"data": "# + points + #", "units": "count", "name": "step_count"}"#)
    #expect(first.records == 4)
    #expect(first.inserted == 2)
    #expect(first.skipped == 2)
    #expect(last.records == first.records)
    #expect(last.inserted == first.inserted)
    #expect(last.skipped == first.skipped)
    #expect(last.skippedExamples == first.skippedExamples)
    #expect(first.skippedExamples.first?.contains("point 2") == true)
  }

  @Test func reimportingStoresNothing() throws {
    try importFixture("days.json")
    let before = try contents(ofDatabaseAt: database.path).filter { !$0.contains("imports") }
    let again = try importFixture("days.json")
    #expect(again.inserted == 0)
    #expect(again.updated == 0)
    #expect(again.duplicates == 10)
    #expect(again.daysTouched.isEmpty)
    #expect(try contents(ofDatabaseAt: database.path).filter { !$0.contains("imports") } == before)
  }

  @Test func aLaterPushUpdatesOnlyTheGrowingDay() throws {
    try importFixture("days.json")
    let later = try importFixture("days-later.json")
    #expect(later.inserted == 1)
    #expect(later.updated == 1)
    #expect(later.duplicates == 1)
    #expect(later.daysTouched == ["2026-11-22", "2026-11-23"])
    #expect(try value("activity.steps", "2026-11-20") == 8_123)
    #expect(try value("activity.steps", "2026-11-21") == 10_456)
    #expect(try value("activity.steps", "2026-11-22") == 9_870)
    #expect(try value("activity.steps", "2026-11-23") == 1_200)
    // An empty data array erases nothing.
    #expect(try value("heart.heartRate", "2026-11-21") == 71.5)
  }

  @Test func hourAndMinuteBucketsWithTwelveHourDatesAndNoSource() throws {
    let summary = try importFixture("hours-and-minutes.json")
    #expect(summary.skipped == 0)
    #expect(summary.records == 15 + 144)
    #expect(try value("activity.steps", "2026-11-21") == 7_710)
    #expect(try value("heart.heartRate", "2026-11-21") == 65)
    let hours = try database.rows("SELECT end - start AS seconds FROM pushed_samples WHERE type LIKE '%StepCount'")
    #expect(hours.allSatisfy { $0.integer("seconds") == 3_600 })
    let minutes = try database.rows(
      "SELECT DISTINCT end - start AS seconds FROM pushed_samples WHERE type LIKE '%HeartRate'")
    #expect(minutes.map { $0.integer("seconds") } == [60])
    #expect(
      try database.firstRow("SELECT minimum, maximum FROM pushed_samples WHERE type LIKE '%HeartRate'")?.real(
        "minimum") == 55)
  }

  @Test(arguments: ["sleep-segments.json", "sleep-nights.json", "sleep-nights-before-6.6.2.json"])
  func everySleepLayoutGivesTheSameNight(_ fixture: String) throws {
    try importFixture(fixture)
    let asleep = try #require(try value("sleep.asleep", "2026-11-21"))
    #expect(abs(asleep - (7 + 20.0 / 60)) * 60 <= 5)
    let inBed = try #require(try value("sleep.inBed", "2026-11-21"))
    #expect(abs(inBed - (8 + 5.0 / 60)) * 60 <= 5)
    #expect(try value("sleep.asleep", "2026-11-20") == nil)
    if fixture != "sleep-nights-before-6.6.2.json" {
      #expect(try abs(#require(try value("sleep.deep", "2026-11-21")) - 1) * 60 <= 5)
      #expect(try abs(#require(try value("sleep.rem", "2026-11-21")) - 65.0 / 60) * 60 <= 5)
      #expect(try abs(#require(try value("sleep.awake", "2026-11-21")) - 25.0 / 60) * 60 <= 5)
    }
  }

  @Test(arguments: ["workouts-v1.json", "workouts-v2.json"])
  func workoutsOfBothVersions(_ fixture: String) throws {
    try importFixture(fixture)
    let run = try #require(
      try database.firstRow(
        "SELECT activity_type, duration_seconds, total_distance_km, total_energy_kcal FROM workouts ORDER BY start"))
    #expect(run.text("activity_type") == "HKWorkoutActivityTypeRunning")
    #expect(run.real("duration_seconds") == 2_520)
    #expect(try abs(#require(run.real("total_distance_km")) - 7.1) < 0.01)
    #expect(run.real("total_energy_kcal") == 512)
    #expect(try value("activity.workoutMinutes", "2026-11-21") == 42)
    if fixture == "workouts-v2.json" {
      #expect(try value("activity.workouts", "2026-11-22") == 1)
      #expect(
        try database.integer("SELECT count(*) FROM workouts WHERE activity_type = 'HKWorkoutActivityTypeTennis'") == 1)
    }
  }

  @Test func aCutOffDocumentNamesTheByteAndStoresNothing() throws {
    let data = try Fixtures.data("health-auto-export/cut-off.json")
    #expect {
      _ = try HealthAutoExportDocument.parse([UInt8](data), name: "cut-off.json")
    } throws: { error in
      guard case HealthAutoExportError.malformed(_, let offset, let reason) = error else { return false }
      return offset == data.count && reason.contains("ends")
    }
  }

  @Test func jsonThatIsNotHealthAutoExportIsRefused() throws {
    let data = try Fixtures.data("health-auto-export/not-health-auto-export.json")
    #expect(throws: HealthAutoExportError.self) {
      _ = try HealthAutoExportDocument.parse([UInt8](data), name: "x.json")
    }
  }

  /// Steps recorded by a watch and a phone on three days, in Europe/Paris.
  static let exportRecords = [
    Records.quantity(
      "StepCount", source: "Watch", device: Records.watchDevice, unit: "count", value: 3_000,
      start: "2026-11-19 09:00:00 +0100", end: "2026-11-19 10:00:00 +0100"),
    Records.quantity(
      "StepCount", source: "Watch", device: Records.watchDevice, unit: "count", value: 6_000,
      start: "2026-11-20 09:00:00 +0100", end: "2026-11-20 10:00:00 +0100"),
    Records.quantity(
      "StepCount", source: "iPhone", device: Records.phoneDevice, unit: "count", value: 5_800,
      start: "2026-11-20 09:00:00 +0100", end: "2026-11-20 10:00:00 +0100"),
    Records.quantity(
      "StepCount", source: "iPhone", device: Records.phoneDevice, unit: "count", value: 2_000,
      start: "2026-11-20 18:00:00 +0100", end: "2026-11-20 19:00:00 +0100"),
    Records.quantity(
      "StepCount", source: "Watch", device: Records.watchDevice, unit: "count", value: 7_000,
      start: "2026-11-21 12:00:00 +0100", end: "2026-11-21 13:00:00 +0100"),
  ]

  /// The Health app's merged day totals of the same days, as the app pushes them.
  static let pushOfTheSameDays = """
    {"data":{"metrics":[{"name":"step_count","units":"count","data":[
      {"date":"2026-11-20 00:00:00 +0100","qty":8000,"source":"iPhone|Watch"},
      {"date":"2026-11-21 00:00:00 +0100","qty":7000,"source":"Watch"}]}]}}
    """

  func importExport() throws {
    let path = try folder.write(
      "export-\(UUID().uuidString).xml", exportXML(Self.exportRecords.joined(separator: "\n")))
    _ = try ExportImporter(database: database, context: context).importExport(at: path)
  }

  @Test(arguments: [true, false])
  func theExportAndThePushesCountEachDayOnce(exportFirst: Bool) throws {
    if exportFirst {
      try importExport()
      #expect(try value("activity.steps", "2026-11-20") == 8_000)
      try importText(Self.pushOfTheSameDays)
    } else {
      try importText(Self.pushOfTheSameDays)
      try importExport()
    }
    #expect(try value("activity.steps", "2026-11-19") == 3_000)
    #expect(try value("activity.steps", "2026-11-20") == 8_000)
    #expect(try value("activity.steps", "2026-11-21") == 7_000)
  }

  @Test func aPushedDayReplacesTheExportsPartialLastDay() throws {
    try importExport()
    try importText(
      """
      {"data":{"metrics":[{"name":"step_count","units":"count","data":[
        {"date":"2026-11-21 00:00:00 +0100","qty":11250}]}]}}
      """)
    #expect(try value("activity.steps", "2026-11-21") == 11_250)
    #expect(try value("activity.steps", "2026-11-20") == 8_000)
  }

  @Test func daysAreRebuiltWithPushedDataInAnotherZone() throws {
    try importFixture("days.json")
    let utc = DailyContext(zone: TimeZone(identifier: "UTC")!)
    try database.transaction { try DailyValueStore(database: database, context: utc).rebuildAll() }
    // The Paris day total now straddles two UTC days, pro rata, and adds up.
    let total = try database.real("SELECT sum(value) FROM daily_values WHERE metric = 'activity.steps'")
    #expect(try abs(#require(total) - (8_123 + 10_456 + 4_312.5)) < 1e-3)
    #expect(try value("activity.steps", "2026-11-19") != nil)
  }

  @Test func aHabitThePushesNeverSentIsNotZeroOnTheirDays() throws {
    let flights = Records.quantity(
      "FlightsClimbed", source: "iPhone", device: Records.phoneDevice, unit: "count", value: 4,
      start: "2026-11-20 09:00:00 +0100", end: "2026-11-20 09:10:00 +0100")
    let path = try folder.write("export.xml", exportXML((Self.exportRecords + [flights]).joined(separator: "\n")))
    _ = try ExportImporter(database: database, context: context).importExport(at: path)
    try importText(
      """
      {"data":{"metrics":[{"name":"step_count","units":"count","data":[
        {"date":"2026-11-22 00:00:00 +0100","qty":5000},{"date":"2026-11-23 00:00:00 +0100","qty":6000}]}]}}
      """)
    // The export had steps but no flights on the 21st: a habit's 0. The pushes never sent flights.
    #expect(try value("activity.flightsClimbed", "2026-11-21") == 0)
    #expect(try value("activity.flightsClimbed", "2026-11-22") == nil)
    try importText(
      """
      {"data":{"metrics":[{"name":"flights_climbed","units":"count","data":[
        {"date":"2026-11-23 00:00:00 +0100","qty":7}]}]}}
      """)
    #expect(try value("activity.flightsClimbed", "2026-11-22") == 0)
    #expect(try value("activity.flightsClimbed", "2026-11-23") == 7)
  }

  @Test(arguments: [
    "days.json", "hours-and-minutes.json", "nothing-usable.json", "sleep-nights-before-6.6.2.json",
    "sleep-nights.json", "sleep-segments.json", "workouts-v1.json", "workouts-v2.json", "junk",
  ])
  func aDocumentReadOnceStoresWhatOneReadAsItIsImportedStores(fixture: String) throws {
    let bytes =
      fixture == "junk"
      ? Array(
        #"{"data": {"metrics": [7, {"name": "step_count", "units": "count", "data": [1, {"date": "2026-11-20", "qty": 5}]}], "workouts": ["x"], "ecg": [{}]}}"#
          .utf8)
      : [UInt8](try Fixtures.data("health-auto-export/\(fixture)"))
    let checked = try HealthAutoExportDocument.parse(bytes, name: fixture, zone: context.zone)
    let read = try HealthAutoExportDocument.read(bytes, name: fixture, zone: context.zone, receivedAt: 1_800_000_000)
    #expect(read.recordCount == checked.recordCount)
    #expect(read.bytes.isEmpty)
    let other = try Database.openPanda(at: folder.file("other.sqlite"))
    func store(_ document: HealthAutoExportDocument, into database: Database) throws -> HealthAutoExportSummary {
      try HealthAutoExportImporter(database: database, context: context, route: .push, receivedAt: 1_800_000_000)
        .importDocument(document, name: fixture)
    }
    var fromChecked = try store(checked, into: database)
    var fromRead = try store(read, into: other)
    fromChecked.seconds = 0
    fromRead.seconds = 0
    #expect(fromRead == fromChecked)
    let sql = "SELECT metric, day, value FROM daily_values ORDER BY metric, day"
    let rows = { (database: Database) in
      try database.rows(sql).map { "\($0.text("metric") ?? "") \($0.text("day") ?? "") \($0.real("value") ?? -1)" }
    }
    #expect(try rows(other) == rows(database))
    #expect(try !rows(database).isEmpty || fixture == "nothing-usable.json" || fixture == "junk")
  }
}
