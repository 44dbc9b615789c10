import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCLI
@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaTestSupport

/// How much of a day was recorded, and zero placeholders.
@Suite struct DailyCoverageTests {
  let folder: TemporaryFolder
  let database: Database

  init() throws {
    folder = try TemporaryFolder()
    database = try Database.openPanda(at: folder.file("panda.sqlite"))
  }

  func importRecords(_ records: [String], priority: String = "") throws {
    let path = try folder.write("export-\(UUID().uuidString).xml", exportXML(records.joined(separator: "\n")))
    let context = DailyContext(zone: TimeZone(identifier: "UTC")!, priority: SourcePriority(list: priority))
    _ = try ExportImporter(database: database, context: context).importExport(at: path)
  }

  func value(_ metric: String, _ day: String) throws -> Double? {
    try database.real("SELECT value FROM daily_values WHERE metric = ? AND day = ?", [.text(metric), .text(day)])
  }

  func point(_ metric: String, _ day: String, asOf: String = "2024-05-10") throws -> DailyPoint? {
    let snapshot = try HealthFetcher(database: database).loadAll(asOf: try #require(CalendarDay(iso: asOf)))
    return snapshot.series(metric)?.points.first { $0.day.iso == day }
  }

  static func mindful(_ day: String, minutes: Int) -> String {
    "<Record type=\"HKCategoryTypeIdentifierMindfulSession\" sourceName=\"Calm\" startDate=\"\(day) 07:00:00 +0000\" endDate=\"\(day) 07:\(String(format: "%02d", minutes)):00 +0000\"/>"
  }

  static func steps(_ day: String, from: String = "08:00", to: String = "20:00", value: Double = 5_000) -> String {
    Records.quantity(
      "StepCount", source: "Sam’s iPhone", device: Records.phoneDevice, unit: "count", value: value,
      start: "\(day) \(from):00 +0000", end: "\(day) \(to):00 +0000")
  }

  static func heartRate(_ day: String, at time: String, bpm: Double) -> String {
    Records.quantity(
      "HeartRate", source: "Sam’s Apple Watch", device: Records.watchDevice, unit: "count/min", value: bpm,
      start: "\(day) \(time):00 +0000", end: "\(day) \(time):00 +0000")
  }

  @Test func aHeartRateDayRecordedOnlyDuringARunIsPartial() throws {
    try importRecords(
      (0..<38).map { Self.heartRate("2024-05-03", at: String(format: "18:%02d", $0), bpm: 128) }
        + stride(from: 7, through: 22, by: 1).map {
          Self.heartRate("2024-05-02", at: String(format: "%02d:00", $0), bpm: 64)
        }
    )
    let run = try #require(try point("heart.heartRate", "2024-05-03"))
    #expect(run.value == 128)
    #expect(run.isPartial)
    #expect(try point("heart.heartRate", "2024-05-02")?.isPartial == false)
  }

  @Test func aStepsDayWhoseRecordingStoppedAtNoonIsPartial() async throws {
    try importRecords([
      Self.steps("2024-05-02", from: "07:30", to: "21:00"),
      Self.steps("2024-05-03", from: "07:30", to: "09:00", value: 800),
      Self.steps("2024-05-03", from: "11:00", to: "12:00", value: 700),
    ])
    #expect(try point("activity.steps", "2024-05-03")?.isPartial == true)
    #expect(try point("activity.steps", "2024-05-02")?.isPartial == false)
    // `panda metrics` says so beside the value.
    for (day, partial) in [("2024-05-03", true), ("2024-05-02", false)] {
      let snapshot = try HealthFetcher(database: database).loadAll(asOf: try #require(CalendarDay(iso: day)))
      let text = MetricsCommand.text(DayReport.compute(snapshot, zone: TimeZone(identifier: "UTC")!))
      let line = try #require(text.split(separator: "\n").first { $0.contains("Steps") })
      #expect(line.contains("(partly recorded)") == partial)
    }
    // `panda series --format json` too.
    let series = await runPanda(
      [
        "series", "activity.steps", "--from", "2024-05-02", "--to", "2024-05-03", "--format", "json", "--db",
        folder.file("panda.sqlite"), "--timezone", "UTC",
      ])
    let points = try #require(JSONValue.parse(series.output)?["points"]?.arrayValue)
    #expect(points.map { $0["isPartial"] } == [.bool(false), .bool(true)])
    // A session is never partial: its length is the value.
    try importRecords([Self.mindful("2024-05-02", minutes: 3)])
    #expect(try point("mindfulness.mindfulMinutes", "2024-05-02")?.isPartial == false)
  }

  @Test func garminZeroPlaceholdersAreNotData() throws {
    func garmin(_ type: String, unit: String, day: String) -> String {
      Records.quantity(
        type, source: "Connect", unit: unit, value: 0, start: "\(day) 00:00:00 +0000", end: "\(day) 23:59:00 +0000")
    }
    try importRecords(
      [
        garmin("ActiveEnergyBurned", unit: "kcal", day: "2024-05-02"),
        garmin("ActiveEnergyBurned", unit: "kcal", day: "2024-05-03"),
        Records.quantity(
          "ActiveEnergyBurned", source: "Sam’s iPhone", device: Records.phoneDevice, unit: "kcal", value: 300,
          start: "2024-05-03 10:00:00 +0000", end: "2024-05-03 11:00:00 +0000"),
      ], priority: "Connect")
    #expect(try value("activity.activeEnergy", "2024-05-02") == nil)
    // Put first by the user, the placeholder still does not hide what the phone counted.
    #expect(try value("activity.activeEnergy", "2024-05-03") == 300)
  }

  @Test func aGarminDayTotalIsAWholeDay() throws {
    // Garmin Connect writes each day's steps, distance and energy as one instant at 23:59:59.
    let context = DailyContext(zone: TimeZone(identifier: "UTC")!, priority: SourcePriority(list: "Connect"))
    _ = try ExportImporter(database: database, context: context)
      .importExport(at: Fixtures.path("garmin-day-totals.xml"))
    for day in 1...10 {
      let iso = String(format: "2024-05-%02d", day)
      for metric in ["activity.steps", "activity.distance", "activity.activeEnergy"] {
        #expect(try point(metric, iso, asOf: "2024-05-11")?.isPartial == false, "\(metric) on \(iso)")
      }
    }
    #expect(try value("activity.steps", "2024-05-01") == 8_412)
    #expect(try value("activity.distance", "2024-05-02") == 7.675)
    // The phone's morning walk on the last day is inside Connect's total, not added to it.
    #expect(try value("activity.steps", "2024-05-10") == 9_000)
    // The week is seven whole days, not "0 fully recorded days".
    let snapshot = try HealthFetcher(database: database).loadAll(asOf: try #require(CalendarDay(iso: "2024-05-11")))
    let request = InsightRequest.request(from: snapshot, category: .activity, period: .weekly)
    let steps = try #require(request.shortfalls.first { $0.metric == "activity.steps" })
    #expect(steps.shortfall == .tooFewDays(current: 7, baseline: 3, currentPartial: 0, baselinePartial: 0))
  }
}

/// The day recording stopped in: the export was made, or Health Auto Export's last data ended.
@Suite struct RecordedUntilTests {
  let folder: TemporaryFolder
  let database: Database
  let context = DailyContext(zone: TimeZone(identifier: "UTC")!)

  init() throws {
    folder = try TemporaryFolder()
    database = try Database.openPanda(at: folder.file("panda.sqlite"))
  }

  func importExport(madeAt exportDate: String, days: [String]) throws {
    let body =
      "<ExportDate value=\"\(exportDate)\"/>\n"
      + days.map {
        Records.quantity(
          "StepCount", source: "Sam’s iPhone", device: Records.phoneDevice, unit: "count", value: 9_000,
          start: "\($0) 08:00:00 +0000", end: "\($0) 20:00:00 +0000")
      }.joined(separator: "\n")
    let path = try folder.write("export-\(UUID().uuidString).xml", exportXML(body))
    _ = try ExportImporter(database: database, context: context).importExport(at: path)
  }

  func partial(_ metric: String, _ day: String) throws -> Int64? {
    try database.integer(
      "SELECT partial FROM daily_values WHERE metric = ? AND day = ?", [.text(metric), .text(day)])
  }

  @Test func theDayTheExportWasMadeInIsPartialUntilANewerExportCoversIt() throws {
    // Steps from 08:00 to 20:00 span more than a third of each day; the export was made at 21:00.
    try importExport(madeAt: "2024-05-03 21:00:00 +0000", days: ["2024-05-01", "2024-05-02", "2024-05-03"])
    #expect(try partial("activity.steps", "2024-05-02") == 0)
    #expect(try partial("activity.steps", "2024-05-03") == 1)
    let snapshot = try HealthFetcher(database: database).loadAll(asOf: try #require(CalendarDay(iso: "2024-05-03")))
    #expect(snapshot.series("activity.steps")?.points.last?.isPartial == true)
    // A newer export holds the rest of that day, though no more steps: the day is whole.
    try importExport(madeAt: "2024-05-04 09:00:00 +0000", days: ["2024-05-01", "2024-05-02", "2024-05-03"])
    #expect(try partial("activity.steps", "2024-05-03") == 0)
  }

  @Test func theDayOfTheLastPushedDataIsPartial() throws {
    let text = String(
      decoding: try Fixtures.data("health-auto-export/hours-and-minutes.json"), as: UTF8.self)
    let document = try HealthAutoExportDocument.parse(Array(text.utf8), name: "push.json", zone: context.zone)
    _ = try HealthAutoExportImporter(database: database, context: context, route: .push, receivedAt: 1_800_000_000)
      .importDocument(document, name: "push.json")
    let last = try #require(try database.integer("SELECT max(end) FROM pushed_samples"))
    let day = LocalDay.day(of: last, in: context.zone).iso
    #expect(try partial("activity.steps", day) == 1)
  }

  /// Hourly step buckets pushed by Health Auto Export for `day`, from `first` to `last` o'clock.
  func pushSteps(_ day: String, hours: ClosedRange<Int>, receivedAt: Int64) throws {
    let points = hours.map { hour in
      "{\"date\": \"\(day) \(String(format: "%02d", hour)):00:00 +0000\", \"qty\": 400}"
    }
    let json = """
      {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [\(points.joined(separator: ", "))]}]}}
      """
    let document = try HealthAutoExportDocument.parse(Array(json.utf8), name: "push.json", zone: context.zone)
    _ = try HealthAutoExportImporter(database: database, context: context, route: .push, receivedAt: receivedAt)
      .importDocument(document, name: "push.json")
  }

  @Test func theExportDayIsPartialForEveryMetric() throws {
    let day = "2024-05-03"
    let body =
      "<ExportDate value=\"\(day) 21:00:00 +0000\"/>\n"
      + [
        DailyCoverageTests.steps(day, from: "08:00", to: "20:00", value: 9_000),
        Records.quantity(
          "FlightsClimbed", source: "Sam’s iPhone", device: Records.phoneDevice, unit: "count", value: 2,
          start: "\(day) 09:00:00 +0000", end: "\(day) 09:05:00 +0000"),
        Records.quantity(
          "DietaryEnergyConsumed", source: "MyFitnessPal", unit: "kcal", value: 900,
          start: "\(day) 12:00:00 +0000", end: "\(day) 12:00:00 +0000"),
        Records.quantity(
          "DietaryEnergyConsumed", source: "MyFitnessPal", unit: "kcal", value: 600,
          start: "2024-05-02 12:00:00 +0000", end: "2024-05-02 12:00:00 +0000"),
      ].joined(separator: "\n")
    _ = try ExportImporter(database: database, context: context).importExport(
      at: try folder.write("export.xml", exportXML(body)))
    for metric in ["activity.steps", "activity.flightsClimbed", "nutrition.dietaryEnergy"] {
      #expect(try partial(metric, day) == 1, "\(metric)")
    }
    #expect(try partial("nutrition.dietaryEnergy", "2024-05-02") == 0)
  }

  @Test func theExportDayStaysPartialAfterPushesForLaterDays() throws {
    try importExport(madeAt: "2024-05-03 21:00:00 +0000", days: ["2024-05-01", "2024-05-02", "2024-05-03"])
    #expect(try partial("activity.steps", "2024-05-03") == 1)
    // Whole days pushed after it, none for it.
    try pushSteps("2024-05-04", hours: 0...23, receivedAt: 1_715_000_000)
    try pushSteps("2024-05-05", hours: 0...23, receivedAt: 1_715_000_000)
    try DailyValueStore(database: database, context: context).rebuildAll()
    #expect(try partial("activity.steps", "2024-05-03") == 1)
    #expect(try partial("activity.steps", "2024-05-04") == 0)
    // A push for that same day covers it.
    try pushSteps("2024-05-03", hours: 0...23, receivedAt: 1_715_000_000)
    #expect(try partial("activity.steps", "2024-05-03") == 0)
  }
}
