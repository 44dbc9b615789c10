import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaTestSupport

/// Habit metrics count as zero on days the devices were in use; one source name on two devices.
extension DailyValuesTests {
  static func mindful(_ day: String, minutes: Int) -> String {
    "<Record type=\"HKCategoryTypeIdentifierMindfulSession\" sourceName=\"Calm\" startDate=\"\(day) 07:00:00 +0000\" endDate=\"\(day) 07:\(String(format: "%02d", minutes)):00 +0000\"/>"
  }

  static func steps(_ day: String, _ value: Double) -> String {
    Records.quantity(
      "StepCount", source: "Sam’s iPhone", device: Records.phoneDevice, unit: "count", value: value,
      start: "\(day) 10:00:00 +0000", end: "\(day) 11:00:00 +0000")
  }

  @Test func aHabitCountsAsZeroOnADayWithOtherDataAndStaysMissingWithout() throws {
    try importRecords([
      Self.steps("2024-05-01", 3_000), Self.mindful("2024-05-02", minutes: 10), Self.steps("2024-05-02", 3_000),
      Self.steps("2024-05-03", 2_000), Self.steps("2024-05-05", 4_000),
    ])
    // Before the first session the practice had not started: unknown, not zero.
    #expect(try value("mindfulness.mindfulMinutes", "2024-05-01") == nil)
    #expect(try value("mindfulness.mindfulMinutes", "2024-05-02") == 10)
    #expect(try value("mindfulness.mindfulMinutes", "2024-05-03") == 0)
    // No data at all on the 4th: still missing.
    #expect(try value("mindfulness.mindfulMinutes", "2024-05-04") == nil)
    #expect(try value("mindfulness.mindfulMinutes", "2024-05-05") == 0)
    // Steps keep "missing means unknown", and a metric never recorded gets no zeros.
    #expect(try value("activity.steps", "2024-05-04") == nil)
    #expect(try value("nutrition.water", "2024-05-03") == nil)
    // Exercise minutes need the watch: phone steps alone do not make a day of zero exercise.
    #expect(try value("activity.exerciseMinutes", "2024-05-03") == nil)

    // The trends, `series` and `export daily` all read these values.
    let snapshot = try HealthFetcher(database: database).loadAll(asOf: try #require(CalendarDay(iso: "2024-05-05")))
    let points = try #require(snapshot.series("mindfulness.mindfulMinutes")).points
    #expect(points.map(\.day.iso) == ["2024-05-02", "2024-05-03", "2024-05-05"])
    #expect(points.map(\.value) == [10, 0, 0])
  }

  @Test func aLaterSessionReplacesTheZeroAndAFullRebuildKeepsTheZeros() throws {
    try importRecords([Self.mindful("2024-05-02", minutes: 10), Self.steps("2024-05-03", 2_000)])
    #expect(try value("mindfulness.mindfulMinutes", "2024-05-03") == 0)
    try importRecords([Self.mindful("2024-05-03", minutes: 5)])
    #expect(try value("mindfulness.mindfulMinutes", "2024-05-03") == 5)
    try database.transaction {
      try DailyValueStore(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!)).rebuildAll()
    }
    try importRecords([Self.steps("2024-05-04", 1_000)])
    #expect(try value("mindfulness.mindfulMinutes", "2024-05-03") == 5)
    #expect(try value("mindfulness.mindfulMinutes", "2024-05-04") == 0)
  }

  @Test func flightsAreZeroOnADayWithStepsButNoFlights() throws {
    try importRecords([
      Records.quantity(
        "FlightsClimbed", source: "Sam’s iPhone", device: Records.phoneDevice, unit: "count", value: 4,
        start: "2024-05-01 09:00:00 +0000", end: "2024-05-01 09:10:00 +0000"),
      Self.steps("2024-05-01", 3_000), Self.steps("2024-05-02", 3_000),
    ])
    #expect(try value("activity.flightsClimbed", "2024-05-02") == 0)
  }

  @Test func oneSourceNameOnTwoDevicesInOneHourCountsOnce() throws {
    let oldPhone =
      "&lt;&lt;HKDevice: 0x3&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone10,4, software:16.7&gt;"
    try importRecords([
      Records.quantity(
        "StepCount", source: "Sam’s iPhone", device: oldPhone, unit: "count", value: 1_010,
        start: "2024-05-01 10:00:00 +0000", end: "2024-05-01 11:00:00 +0000"),
      Records.quantity(
        "StepCount", source: "Sam’s iPhone", device: Records.phoneDevice, unit: "count", value: 1_000,
        start: "2024-05-01 10:00:00 +0000", end: "2024-05-01 11:00:00 +0000"),
    ])
    let steps = try #require(try value("activity.steps", "2024-05-01"))
    #expect(steps == 1_000 || steps == 1_010)
  }
}

/// Habit zeros and the Health app's activity summaries.
@Suite struct HabitZeroSummaryTests {
  @Test func aSummaryDayWithMoveButNoExerciseIsZeroExerciseAndAPartialDayGivesAPartialZero() throws {
    let folder = try TemporaryFolder()
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let records = [
      Records.activitySummary("2024-05-01", energy: 700, exercise: 30, stand: 12),
      Records.activitySummary("2024-05-02", energy: 450, exercise: 0, stand: 10),
      // The watch recorded only during a one-hour walk on the 3rd.
      Records.quantity(
        "ActiveEnergyBurned", source: "Sam’s Apple Watch", device: Records.watchDevice, unit: "kcal", value: 90,
        start: "2024-05-03 09:00:00 +0000", end: "2024-05-03 10:00:00 +0000"),
    ]
    let path = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!)).importExport(
      at: path)
    func row(_ day: String) throws -> (value: Double?, partial: Int64?) {
      let row = try database.firstRow(
        "SELECT value, partial FROM daily_values WHERE metric = 'activity.exerciseMinutes' AND day = ?", [.text(day)])
      return (row?.real("value"), row?.integer("partial"))
    }
    #expect(try row("2024-05-01").value == 30)
    #expect(try row("2024-05-02").value == 0)
    #expect(try row("2024-05-02").partial == 0)
    #expect(try row("2024-05-03").value == 0)
    #expect(try row("2024-05-03").partial == 1)
  }
}
