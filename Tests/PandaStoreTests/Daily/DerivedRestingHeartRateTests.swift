import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// Resting heart rate derived from heart rate and steps on days no device wrote one: the median of
/// the minutes with a reading taken at rest (no steps and no workout in the 12 minutes before), on
/// days with enough of them; a recorded value always wins.
@Suite struct DerivedRestingHeartRateTests {
  let folder: TemporaryFolder
  let path: String
  let database: Database

  init() throws {
    folder = try TemporaryFolder()
    path = folder.file("panda.sqlite")
    database = try Database.openPanda(at: path)
  }

  /// `2024-05-01 01:07:00 +0000` for minute 67 of a day of May 2024.
  static func time(day: Int = 1, minute: Int, second: Int = 0) -> String {
    String(format: "2024-05-%02d %02d:%02d:%02d +0000", day, minute / 60, minute % 60, second)
  }

  /// One heart rate reading a minute from `first` for `count` minutes, each `value(minute)`.
  static func readings(day: Int = 1, from first: Int, count: Int, value: (Int) -> Double) -> [String] {
    (first..<(first + count)).map { minute in
      Records.quantity(
        "HeartRate", source: "Tracker", unit: "count/min", value: value(minute), start: time(day: day, minute: minute),
        end: time(day: day, minute: minute))
    }
  }

  static func steps(day: Int = 1, from first: Int, to last: Int, count: Double) -> String {
    Records.quantity(
      "StepCount", source: "Tracker", unit: "count", value: count, start: time(day: day, minute: first),
      end: time(day: day, minute: last))
  }

  /// A quiet reading: from 50 bpm, a tenth more each minute, so that any reading more or less
  /// moves the median.
  static func quiet(_ minute: Int) -> Double { 50 + Double(minute) / 10 }

  func importRecords(_ records: [String]) throws {
    let xml = try folder.write("export-\(UUID().uuidString).xml", exportXML(records.joined(separator: "\n")))
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .importExport(at: xml)
  }

  func stored(_ day: String) throws -> (value: Double, filled: Int64)? {
    guard
      let row = try database.firstRow(
        "SELECT value, filled FROM daily_values WHERE metric = 'heart.restingHeartRate' AND day = ?", [.text(day)]),
      let value = row.real("value"), let filled = row.integer("filled")
    else { return nil }
    return (value, filled)
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }

  /// Two hours of minute readings; steps from 01:00 to 01:05 and readings of 120 bpm from then to
  /// 01:17, 12 minutes after the steps ended; a workout from 01:40 to 01:45 with 130 bpm through
  /// 01:57.
  static let dayWithStepsAndAWorkout: [String] =
    readings(from: 0, count: 120) { minute in
      (60..<77).contains(minute) || (100..<117).contains(minute) ? (minute < 100 ? 120 : 130) : quiet(minute)
    } + [
      steps(from: 60, to: 65, count: 400),
      "<Workout workoutActivityType=\"HKWorkoutActivityTypeCycling\" duration=\"5\" durationUnit=\"min\" sourceName=\"Tracker\" startDate=\"\(time(minute: 100))\" endDate=\"\(time(minute: 105))\"/>",
    ]

  @Test func aDayWithHeartRateAndStepsGetsTheMedianOfItsRestingMinutes() throws {
    try importRecords(Self.dayWithStepsAndAWorkout)
    let stored = try #require(try stored("2024-05-01"))
    // The rule worked out by hand: every minute but 01:00–01:16 (steps) and 01:40–01:56 (workout).
    let resting = (0..<120).filter { !(60..<77).contains($0) && !(100..<117).contains($0) }.map(Self.quiet)
    #expect(resting.count == 86)
    #expect(abs(stored.value - Self.median(resting)) < 1e-6)
    #expect(stored.filled == StoredDay.Fill.derived.rawValue)
  }

  @Test func theReadingAtTheTwelfthMinuteAfterStepsIsTheFirstAtRest() {
    let grid = DayGrid(from: CalendarDay(iso: "2024-05-01")!, through: CalendarDay(iso: "2024-05-01")!, zone: .gmt)
    let start = grid.start(0)
    let readings = (0..<3).map { offset in
      DailySample(
        start: start + 600 + 719 + Int64(offset), end: start + 600 + 719 + Int64(offset), value: 60, rank: 0, source: 1)
    }
    let steps = [DailySample(start: start, end: start + 600, value: 10, rank: 0, source: 1)]
    let blocked = DerivedRestingHeartRate.blockers(
      of: readings, among: DerivedRestingHeartRate.blockers(steps: steps, workouts: []))
    #expect(blocked.map { $0 != nil } == [true, false, false])
    // A step sample of zero steps does not block.
    let zero = [DailySample(start: start, end: start + 600, value: 0, rank: 0, source: 1)]
    #expect(
      DerivedRestingHeartRate.blockers(of: readings, among: DerivedRestingHeartRate.blockers(steps: zero, workouts: []))
        .allSatisfy { $0 == nil })
  }

  @Test func readingsInOneMinuteAreOneRestingMinute() {
    let grid = DayGrid(from: CalendarDay(iso: "2024-05-01")!, through: CalendarDay(iso: "2024-05-01")!, zone: .gmt)
    var readings: [DailySample] = []
    for minute in 0..<DerivedRestingHeartRate.minimumMinutes {
      let at = grid.start(0) + Int64(minute) * 60
      // Two readings in each minute, 50 and 70: the minute's reading is 60.
      readings.append(DailySample(start: at, end: at, value: 50, rank: 0, source: 1))
      readings.append(DailySample(start: at + 30, end: at + 30, value: 70, rank: 0, source: 1))
    }
    let day = DerivedRestingHeartRate.days(
      .init(days: [0], readings: readings, blockers: []), grid: grid)[0]
    #expect(day == DerivedRestingHeartRate.Day(value: 60, restingMinutes: DerivedRestingHeartRate.minimumMinutes))
  }

  @Test func aRecordedRestingHeartRateWinsForItsDay() throws {
    let recorded = Records.quantity(
      "RestingHeartRate", source: "Tracker", unit: "count/min", value: 71, start: Self.time(minute: 300),
      end: Self.time(minute: 300))
    try importRecords(
      Self.dayWithStepsAndAWorkout + [recorded] + Self.readings(day: 2, from: 0, count: 90, value: Self.quiet))
    let first = try #require(try stored("2024-05-01"))
    #expect(first.value == 71)
    #expect(first.filled == StoredDay.Fill.samples.rawValue)
    let second = try #require(try stored("2024-05-02"))
    #expect(abs(second.value - Self.median((0..<90).map(Self.quiet))) < 1e-6)
    #expect(second.filled == StoredDay.Fill.derived.rawValue)
  }

  @Test func tooFewRestingMinutesGiveNoValue() throws {
    let enough = DerivedRestingHeartRate.minimumMinutes
    // Day 1: one minute short, the rest of its readings after steps; day 2: just enough.
    try importRecords(
      Self.readings(day: 1, from: 0, count: enough - 1, value: Self.quiet) + [
        Self.steps(day: 1, from: 600, to: 601, count: 30)
      ] + Self.readings(day: 1, from: 601, count: 10) { _ in 60 }
        + Self.readings(day: 2, from: 0, count: enough, value: Self.quiet))
    #expect(try stored("2024-05-01") == nil)
    #expect(abs((try stored("2024-05-02")?.value ?? 0) - Self.median((0..<enough).map(Self.quiet))) < 1e-6)
  }

  @Test func aDayDerivedUpToWhenTheExportWasMadeIsPartlyRecorded() throws {
    try importRecords(
      ["<ExportDate value=\"\(Self.time(day: 2, minute: 600))\"/>"]
        + Self.readings(day: 1, from: 0, count: 90, value: Self.quiet)
        + Self.readings(day: 2, from: 0, count: 90, value: Self.quiet))
    let partial = try database.rows(
      "SELECT day, partial, filled FROM daily_values WHERE metric = 'heart.restingHeartRate' ORDER BY day"
    ).map { ($0.text("day") ?? "", $0.integer("partial") ?? -1, $0.integer("filled") ?? -1) }
    #expect(partial.map(\.0) == ["2024-05-01", "2024-05-02"])
    #expect(partial.map(\.1) == [0, 1])
    #expect(partial.allSatisfy { $0.2 == StoredDay.Fill.derived.rawValue })
  }

  @Test func newStepsRecomputeTheDaysTheyTouch() throws {
    try importRecords(Self.readings(from: 0, count: 120) { $0 < 60 ? 50 : 80 })
    // 50 for the first hour and 80 for the second: the median is their middle.
    #expect(try stored("2024-05-01")?.value == 65)
    // Steps at 01:00 keep 01:00–01:11 from counting: more of the 50s than the 80s remain.
    try importRecords([Self.steps(from: 59, to: 60, count: 20)])
    let resting = (0..<120).filter { !(59..<72).contains($0) }.map { $0 < 60 ? 50.0 : 80 }
    #expect(try stored("2024-05-01")?.value == Self.median(resting))
    #expect(Self.median(resting) != 65)
  }

  @Test func aPushedRestingHeartRateWinsAndPushedStepsCount() async throws {
    try importRecords(Self.readings(from: 0, count: 120) { $0 < 60 ? 50 : 80 })
    let push = try folder.write(
      "push.json",
      #"{"data":{"metrics":[{"name":"step_count","units":"count","data":[{"date":"2024-05-01 00:58:00 +0000","qty":25}]},"#
        + #"{"name":"resting_heart_rate","units":"count/min","data":[{"date":"2024-05-02 00:00:00 +0000","qty":58}]}]}}"#
    )
    let imported = await runPanda(["import", push, "--db", path, "--timezone", "UTC", "-q"])
    #expect(imported.status == .success, "\(imported.error)")
    // The pushed minute of steps at 00:58 keeps 00:58–01:10 from counting.
    let resting = (0..<120).filter { !(58..<71).contains($0) }.map { $0 < 60 ? 50.0 : 80 }
    #expect(try stored("2024-05-01")?.value == Self.median(resting))
    #expect(try stored("2024-05-02")?.value == 58)
    #expect(try stored("2024-05-02")?.filled == StoredDay.Fill.samples.rawValue)
  }

  @Test func seriesAndExplainSayTheValueIsDerived() async throws {
    try importRecords(Self.dayWithStepsAndAWorkout)
    let options = ["--db", path, "--timezone", "UTC"]
    let series = await runPanda(
      ["series", "heart.restingHeartRate", "--from", "2024-05-01", "--to", "2024-05-01", "--format", "json"] + options)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(series.output.utf8)) as? [String: Any])
    let point = try #require((document["points"] as? [[String: Any]])?.first)
    #expect(point["isDerived"] as? Bool == true)
    let text = await runPanda(["series", "rhr", "--from", "2024-05-01", "--to", "2024-05-01"] + options)
    #expect(
      text.output.split(separator: "\n").contains { $0.hasPrefix("  2024-05-01  ") && $0.hasSuffix(" bpm  derived") })
    #expect(text.output.contains("1 day marked derived had no recorded resting heart rate"))

    let explained = await runPanda(
      ["explain", "heart.restingHeartRate", "--date", "2024-05-01", "--format", "json"] + options)
    let explanation = try #require(
      try JSONSerialization.jsonObject(with: Data(explained.output.utf8)) as? [String: Any])
    #expect(explanation["value"] as? Double == point["value"] as? Double)
    let derived = try #require(explanation["derived"] as? [String: Any])
    #expect(derived["restingMinutes"] as? Int == 86)
    #expect(derived["minimumMinutes"] as? Int == DerivedRestingHeartRate.minimumMinutes)
    let samples = try #require(explanation["samples"] as? [[String: Any]])
    #expect(samples.count == 120)
    let afterSteps = try #require(samples.first { $0["start"] as? String == "2024-05-01T01:16:00+00:00" })
    #expect(afterSteps["counted"] is NSNull)
    #expect((afterSteps["reason"] as? String)?.contains("400 steps from 01:00 to 01:05") == true)
    let afterWorkout = try #require(samples.first { $0["start"] as? String == "2024-05-01T01:50:00+00:00" })
    #expect((afterWorkout["reason"] as? String)?.contains("a workout from 01:40 to 01:45") == true)
    let atRest = try #require(samples.first { $0["start"] as? String == "2024-05-01T01:17:00+00:00" })
    #expect(atRest["counted"] as? Double == Self.quiet(77))
    #expect(atRest["reason"] is NSNull)
    let counted = samples.compactMap { $0["counted"] as? Double }
    #expect(abs(Self.median(counted) - (explanation["value"] as? Double ?? 0)) < 1e-6)

    let words = await runPanda(["explain", "rhr", "--date", "2024-05-01"] + options)
    #expect(words.output.contains("Derived: no resting heart rate was recorded on this day"))
    #expect(words.output.contains("The median of the 86 resting minutes"))
  }

  @Test func explainSaysWhyADayWithTooFewRestingMinutesHasNone() async throws {
    try importRecords(Self.readings(from: 0, count: 30, value: Self.quiet))
    let explained = await runPanda(
      ["explain", "rhr", "--date", "2024-05-01", "--db", path, "--timezone", "UTC", "--format", "json"])
    let explanation = try #require(
      try JSONSerialization.jsonObject(with: Data(explained.output.utf8)) as? [String: Any])
    #expect(explanation["value"] is NSNull)
    #expect((explanation["derived"] as? [String: Any])?["restingMinutes"] as? Int == 30)
    #expect((explanation["note"] as? String)?.contains("30 minutes had a heart rate reading taken at rest") == true)
  }

  @Test func anOlderDatabaseGetsItsDerivedValuesWhenItIsOpened() throws {
    try importRecords(Self.dayWithStepsAndAWorkout)
    let derived = try #require(try stored("2024-05-01"))
    // As a database from before derived values, once its migration ran: none stored, and the
    // context forgotten. (Migrations appended since cannot be run twice, so the version stays.)
    let forgets = Schema.migrations.lastIndex {
      $0.trimmingCharacters(in: .whitespacesAndNewlines) == "DELETE FROM daily_values_context;"
    }
    #expect(forgets != nil, "no migration forgets the context for the derived values")
    try database.execute("DELETE FROM daily_values WHERE filled = 3")
    try database.execute(try #require(forgets.map { Schema.migrations[$0] }))
    let reopened = try Database.openPanda(at: path)
    let store = DailyValueStore(database: reopened, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
    #expect(try reopened.transaction { try store.bringUpToDate() })
    #expect(try stored("2024-05-01")?.value == derived.value)
  }

  @Test func theGeneratorsPersonWithoutRestingRecordsGetsDerivedValuesWithThePlantedTrend() throws {
    var export = SyntheticExport(days: 70, detail: .light)
    export.writesRestingHeartRate = false
    let xml = folder.file("minutes.xml")
    try export.writeXML(to: xml)
    let text = try String(contentsOfFile: xml, encoding: .utf8)
    #expect(!text.contains("HKQuantityTypeIdentifierRestingHeartRate"))
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(secondsFromGMT: 7_200)!))
      .importExport(at: xml)
    let rows = try database.rows(
      "SELECT value, filled FROM daily_values WHERE metric = 'heart.restingHeartRate' ORDER BY day")
    // Every whole day is derived; the planted level is 62 bpm falling to 54 over the last 60 days.
    #expect(rows.count >= 69)
    #expect(rows.allSatisfy { $0.integer("filled") == StoredDay.Fill.derived.rawValue })
    // The snapshot the insights, warnings and the report read has them, marked derived.
    let snapshot = try HealthFetcher(database: database).loadAll(asOf: CalendarDay(iso: "2025-06-30")!)
    let series = try #require(snapshot.series.first { $0.metric.id == "heart.restingHeartRate" })
    #expect(series.points.count >= 69)
    #expect(series.points.allSatisfy { $0.isDerived })
    let values = rows.compactMap { $0.real("value") }
    let early = values.prefix(10).reduce(0, +) / 10
    let late = values.suffix(10).reduce(0, +) / 10
    #expect(abs(early - 62) < 2)
    #expect(abs(late - 54.7) < 2)
  }
}
