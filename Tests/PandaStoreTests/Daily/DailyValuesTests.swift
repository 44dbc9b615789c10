import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

@Suite struct DailyValuesTests {
  let folder: TemporaryFolder
  let database: Database

  init() throws {
    folder = try TemporaryFolder()
    database = try Database.openPanda(at: folder.file("panda.sqlite"))
  }

  func importRecords(_ records: [String], zone: String = "UTC", priority: String = "") throws {
    let path = try folder.write("export-\(UUID().uuidString).xml", exportXML(records.joined(separator: "\n")))
    let context = DailyContext(zone: TimeZone(identifier: zone)!, priority: SourcePriority(list: priority))
    _ = try ExportImporter(database: database, context: context).importExport(at: path)
  }

  func value(_ metric: String, _ day: String) throws -> Double? {
    try database.real("SELECT value FROM daily_values WHERE metric = ? AND day = ?", [.text(metric), .text(day)])
  }

  /// The watch and the phone count the same walk with shifted boundaries; the phone alone
  /// counts an hour while the watch charges.
  var walk: [String] {
    [
      Records.quantity(
        "StepCount", source: "Sam’s Apple Watch", device: Records.watchDevice, unit: "count", value: 1_000,
        start: "2024-05-01 10:00:00 +0000", end: "2024-05-01 10:30:00 +0000"),
      Records.quantity(
        "StepCount", source: "Sam’s iPhone", device: Records.phoneDevice, unit: "count", value: 900,
        start: "2024-05-01 10:05:00 +0000", end: "2024-05-01 10:35:00 +0000"),
      Records.quantity(
        "StepCount", source: "Sam’s iPhone", device: Records.phoneDevice, unit: "count", value: 600,
        start: "2024-05-01 14:00:00 +0000", end: "2024-05-01 15:00:00 +0000"),
    ]
  }

  @Test func overlappingDevicesAreMergedByPriorityNotSummed() throws {
    try importRecords(walk)
    // Watch 1,000 for 10:00–10:30; the phone's 10:30–10:35 is 5/30 of its 900; the phone-only hour 600.
    #expect(try value("activity.steps", "2024-05-01") == 1_750)
  }

  @Test func theUserCanPutTheIPhoneFirst() throws {
    try importRecords(walk, priority: "iPhone")
    // Phone 900 for 10:05–10:35; the watch's 10:00–10:05 is 5/30 of its 1,000; the phone-only hour 600.
    let steps = try #require(try value("activity.steps", "2024-05-01"))
    #expect(abs(steps - (900 + 1_000.0 / 6 + 600)) < 1e-6)
  }

  @Test func twoAppsOfEqualRankDoNotAddUp() throws {
    try importRecords([
      Records.quantity(
        "StepCount", source: "Pedometer++", unit: "count", value: 1_000, start: "2024-05-01 10:00:00 +0000",
        end: "2024-05-01 10:30:00 +0000"),
      Records.quantity(
        "StepCount", source: "Strava", unit: "count", value: 1_000, start: "2024-05-01 10:00:00 +0000",
        end: "2024-05-01 10:30:00 +0000"),
    ])
    #expect(try value("activity.steps", "2024-05-01") == 1_000)
  }

  @Test func valuesComputedDuringAnImportEqualAFullRebuild() throws {
    let xml = folder.file("synthetic.xml")
    try SyntheticExport(days: 40).writeXML(to: xml)
    let context = DailyContext(zone: TimeZone(identifier: "Europe/Berlin")!)
    _ = try ExportImporter(database: database, context: context).importExport(at: xml)
    let during = try database.rows("SELECT metric, day, value FROM daily_values ORDER BY metric, day").map(\.values)
    try database.transaction { try DailyValueStore(database: database, context: context).rebuildAll() }
    let rebuilt = try database.rows("SELECT metric, day, value FROM daily_values ORDER BY metric, day").map(\.values)
    #expect(during.count > 40 * 20)
    #expect(during == rebuilt)
  }

  @Test func aFirstImportOfRecordsOutOfOrderEqualsAFullRebuild() throws {
    let watch = Records.watchDevice
    let phone = Records.phoneDevice
    try importRecords(
      [
        Records.quantity(
          "StepCount", source: "Watch", device: watch, unit: "count", value: 700, start: "2024-05-02 10:00:00 +0000",
          end: "2024-05-02 10:30:00 +0000"),
        Records.quantity(
          "StepCount", source: "iPhone", device: phone, unit: "count", value: 800, start: "2024-05-01 10:10:00 +0000",
          end: "2024-05-01 10:40:00 +0000"),
        Records.quantity(
          "StepCount", source: "Watch", device: watch, unit: "count", value: 600, start: "2024-05-01 10:00:00 +0000",
          end: "2024-05-01 10:30:00 +0000"),
        Records.quantity(
          "HeartRate", source: "Watch", device: watch, unit: "count/min", value: 70, start: "2024-05-01 23:00:00 +0000",
          end: "2024-05-01 23:00:00 +0000"),
        Records.sleep(
          "AsleepREM", source: "Watch", start: "2024-05-02 03:30:00 +0000", end: "2024-05-02 06:30:00 +0000"),
        Records.sleep(
          "AsleepCore", source: "Watch", start: "2024-05-01 23:30:00 +0000", end: "2024-05-02 03:30:00 +0000"),
        Records.sleep(
          "InBed", source: "Sam’s iPhone", start: "2024-05-01 22:30:00 +0000", end: "2024-05-02 06:45:00 +0000"),
        Records.quantity(
          "HeartRate", source: "Watch", device: watch, unit: "count/min", value: 60, start: "2024-05-01 08:00:00 +0000",
          end: "2024-05-01 08:00:00 +0000"),
      ], zone: "America/New_York")
    let context = DailyContext(zone: TimeZone(identifier: "America/New_York")!)
    let during = try database.rows("SELECT metric, day, value, partial FROM daily_values ORDER BY metric, day")
      .map(\.values)
    try database.transaction { try DailyValueStore(database: database, context: context).rebuildAll() }
    let rebuilt = try database.rows("SELECT metric, day, value, partial FROM daily_values ORDER BY metric, day")
      .map(\.values)
    #expect(during.count > 5)
    #expect(during == rebuilt)
  }

  /// The work that recomputes 40 days of steps, heart rate and sleep, after importing them.
  func importedWork() throws -> (DailyValueStore, [DailyValueStore.Work]) {
    let xml = folder.file("synthetic.xml")
    try SyntheticExport(days: 40).writeXML(to: xml)
    let context = DailyContext(zone: TimeZone(identifier: "Europe/Berlin")!)
    _ = try ExportImporter(database: database, context: context).importExport(at: xml)
    let store = DailyValueStore(database: database, context: context)
    let last = Int(SyntheticExport.defaultLastDay)
    let days = Set((last - 40)...last)
    let works = store.plan(touched: [
      "HKQuantityTypeIdentifierStepCount": days, "HKQuantityTypeIdentifierHeartRate": days,
      "HKCategoryTypeIdentifierSleepAnalysis": days,
    ])
    return (store, works)
  }

  func storedValues() throws -> [[SQLValue]] {
    try database.rows("SELECT metric, day, value, partial FROM daily_values ORDER BY metric, day").map(\.values)
  }

  @Test func workComputedWhileTheNextIsReadGivesTheValuesOfWorkDoneInTurn() throws {
    let (store, works) = try importedWork()
    #expect(works.count >= 3)
    try database.execute("DELETE FROM daily_values")
    try database.transaction { for work in works { try store.perform(work) } }
    let inTurn = try storedValues()
    try database.execute("DELETE FROM daily_values")
    try database.transaction { try store.perform(works) }
    #expect(inTurn.count > 40 * 5)
    #expect(try storedValues() == inTurn)
  }

  @Test func aFailedCheckStopsTheWorkAfterStoringWhatWasComputed() throws {
    struct Stop: Error {}
    let (store, works) = try importedWork()
    try database.execute("DELETE FROM daily_values")
    var checks = 0
    #expect(throws: Stop.self) {
      try store.perform(works) {
        checks += 1
        if checks == 3 { throw Stop() }
      }
    }
    #expect(checks == 3)
    // The first work was stored when the second had been read; the second was computed but
    // not stored, and the third never read.
    let stored = try database.rows("SELECT DISTINCT metric, day FROM daily_values").compactMap { row in
      row.text("metric").flatMap { metric in row.text("day").flatMap(CalendarDay.init(iso:)).map { (metric, $0) } }
    }
    #expect(!stored.isEmpty)
    #expect(
      stored.allSatisfy { metric, day in works[0].metrics.contains { $0.id == metric } && works[0].days.contains(day) })
  }

  @Test func aSampleCrossingMidnightIsSplitProRata() throws {
    try importRecords([
      Records.quantity(
        "DistanceWalkingRunning", source: "Watch", device: Records.watchDevice, unit: "km", value: 3,
        start: "2024-05-01 23:30:00 +0000", end: "2024-05-02 00:30:00 +0000")
    ])
    #expect(try value("activity.distance", "2024-05-01") == 1.5)
    #expect(try value("activity.distance", "2024-05-02") == 1.5)
  }

  @Test func twoSleepAppsOverlappingOneNightCountItOnce() throws {
    try importRecords([
      Records.sleep(
        "InBed", source: "Sam’s iPhone", start: "2024-05-01 22:30:00 +0000", end: "2024-05-02 06:45:00 +0000"),
      Records.sleep(
        "AsleepUnspecified", source: "SleepApp", start: "2024-05-01 23:00:00 +0000", end: "2024-05-02 06:00:00 +0000"),
      Records.sleep(
        "AsleepCore", source: "Watch", start: "2024-05-01 23:30:00 +0000", end: "2024-05-02 02:00:00 +0000"),
      Records.sleep(
        "AsleepDeep", source: "Watch", start: "2024-05-02 02:00:00 +0000", end: "2024-05-02 03:00:00 +0000"),
      Records.sleep("Awake", source: "Watch", start: "2024-05-02 03:00:00 +0000", end: "2024-05-02 03:30:00 +0000"),
      Records.sleep("AsleepREM", source: "Watch", start: "2024-05-02 03:30:00 +0000", end: "2024-05-02 06:30:00 +0000"),
    ])
    // Asleep: the union of 23:00–06:00 and the watch's 23:30–03:00, 03:30–06:30 is 23:00–06:30.
    #expect(try value("sleep.asleep", "2024-05-02") == 7.5)
    #expect(try value("sleep.inBed", "2024-05-02") == 8.25)
    #expect(try value("sleep.deep", "2024-05-02") == 1)
    #expect(try value("sleep.rem", "2024-05-02") == 3)
    #expect(try value("sleep.core", "2024-05-02") == 2.5)
    #expect(try value("sleep.awake", "2024-05-02") == 0.5)
    #expect(abs((try value("sleep.efficiency", "2024-05-02") ?? 0) - 7.5 / 8.25 * 100) < 1e-6)
    // The night belongs to the day it ends on, not to the evening it started.
    #expect(try value("sleep.asleep", "2024-05-01") == nil)
  }

  @Test func daysFollowTheUsersZoneWithItsSummerTime() throws {
    // 00:30 on 1 July in Berlin (UTC+2 in summer) is 22:30 UTC on 30 June. The export wrote the
    // winter offset it had when it was made: the instant is right, the wall-clock time is not.
    try importRecords(
      [
        Records.quantity(
          "StepCount", source: "Watch", device: Records.watchDevice, unit: "count", value: 100,
          start: "2024-06-30 23:30:00 +0100", end: "2024-06-30 23:40:00 +0100")
      ], zone: "Europe/Berlin")
    #expect(try value("activity.steps", "2024-07-01") == 100)
    #expect(try value("activity.steps", "2024-06-30") == nil)
  }

  @Test func anotherTimeZoneRecomputesEveryDayFirst() throws {
    try importRecords(
      [
        Records.quantity(
          "StepCount", source: "Watch", device: Records.watchDevice, unit: "count", value: 100,
          start: "2024-06-30 22:30:00 +0000", end: "2024-06-30 22:40:00 +0000")
      ], zone: "UTC")
    #expect(try value("activity.steps", "2024-06-30") == 100)
    let berlin = DailyContext(zone: TimeZone(identifier: "Europe/Berlin")!)
    let store = DailyValueStore(database: database, context: berlin)
    #expect(try !store.isCurrent())
    try database.transaction { try store.bringUpToDate() }
    #expect(try value("activity.steps", "2024-06-30") == nil)
    #expect(try value("activity.steps", "2024-07-01") == 100)
    #expect(try store.isCurrent())
  }

  @Test func meansLatestDurationsAndStandHours() throws {
    try importRecords([
      Records.quantity(
        "RestingHeartRate", source: "Watch", unit: "count/min", value: 60, start: "2024-05-01 08:00:00 +0000",
        end: "2024-05-01 08:00:00 +0000"),
      Records.quantity(
        "RestingHeartRate", source: "Watch", unit: "count/min", value: 56, start: "2024-05-01 20:00:00 +0000",
        end: "2024-05-01 20:00:00 +0000"),
      Records.quantity(
        "BodyMass", source: "Scale", unit: "kg", value: 80, start: "2024-05-01 07:00:00 +0000",
        end: "2024-05-01 07:00:00 +0000"),
      Records.quantity(
        "BodyMass", source: "Scale", unit: "lb", value: 176.37, start: "2024-05-01 19:00:00 +0000",
        end: "2024-05-01 19:00:00 +0000"),
      Records.quantity(
        "OxygenSaturation", source: "Watch", unit: "%", value: 0.97, start: "2024-05-01 03:00:00 +0000",
        end: "2024-05-01 03:00:00 +0000"),
      "<Record type=\"HKCategoryTypeIdentifierMindfulSession\" sourceName=\"Watch\" startDate=\"2024-05-01 07:00:00 +0000\" endDate=\"2024-05-01 07:10:00 +0000\"/>",
      "<Record type=\"HKCategoryTypeIdentifierMindfulSession\" sourceName=\"Calm\" startDate=\"2024-05-01 07:05:00 +0000\" endDate=\"2024-05-01 07:15:00 +0000\"/>",
      "<Record type=\"HKCategoryTypeIdentifierAppleStandHour\" sourceName=\"Watch\" startDate=\"2024-05-01 09:00:00 +0000\" endDate=\"2024-05-01 10:00:00 +0000\" value=\"HKCategoryValueAppleStandHourStood\"/>",
      "<Record type=\"HKCategoryTypeIdentifierAppleStandHour\" sourceName=\"Watch\" startDate=\"2024-05-01 10:00:00 +0000\" endDate=\"2024-05-01 11:00:00 +0000\" value=\"HKCategoryValueAppleStandHourIdle\"/>",
      "<Record type=\"HKCategoryTypeIdentifierAppleStandHour\" sourceName=\"Watch\" startDate=\"2024-05-01 11:00:00 +0000\" endDate=\"2024-05-01 12:00:00 +0000\" value=\"HKCategoryValueAppleStandHourStood\"/>",
    ])
    #expect(try value("heart.restingHeartRate", "2024-05-01") == 58)
    #expect(abs((try value("body.bodyMass", "2024-05-01") ?? 0) - 80) < 0.01)
    #expect(abs((try value("respiratory.oxygenSaturation", "2024-05-01") ?? 0) - 97) < 1e-9)
    #expect(try value("mindfulness.mindfulMinutes", "2024-05-01") == 15)
    #expect(try value("activity.standHours", "2024-05-01") == 2)
  }

  @Test func aNewerImportRecomputesOnlyTheDaysItTouched() throws {
    try importRecords(walk)
    // Plant a marker in a day the next import does not touch: it must survive.
    try database.execute("UPDATE daily_values SET value = -1 WHERE metric = 'activity.steps' AND day = '2024-05-01'")
    try importRecords([
      Records.quantity(
        "StepCount", source: "Watch", device: Records.watchDevice, unit: "count", value: 42,
        start: "2024-05-09 10:00:00 +0000", end: "2024-05-09 10:10:00 +0000")
    ])
    #expect(try value("activity.steps", "2024-05-01") == -1)
    #expect(try value("activity.steps", "2024-05-09") == 42)
  }
}

@Suite struct DailyPieceTests {
  @Test func unionLengthCountsOverlapsOnce() {
    let length = Intervals.unionLength([(0, 10), (5, 20), (30, 40), (35, 36)], within: 0..<100)
    #expect(length == 30)
    #expect(Intervals.unionLength([(0, 10), (5, 20)], within: 8..<12) == 4)
  }

  @Test func defaultPriorityPrefersTheWatchThenThePhone() {
    let priority = SourcePriority()
    let watch = priority.rank(sourceName: "Sam’s Apple Watch", deviceName: "Apple Watch", deviceModel: "Watch")
    let phone = priority.rank(sourceName: "Sam’s iPhone", deviceName: "iPhone", deviceModel: "iPhone")
    let app = priority.rank(sourceName: "Strava", deviceName: nil, deviceModel: nil)
    #expect(watch < phone)
    #expect(phone < app)
    let custom = SourcePriority(list: " Strava , iphone")
    #expect(custom.rank(sourceName: "Strava", deviceName: nil, deviceModel: nil) == 0)
    #expect(custom.rank(sourceName: "Sam’s iPhone", deviceName: "iPhone", deviceModel: "iPhone") == 1)
    #expect(custom.rank(sourceName: "Sam’s Apple Watch", deviceName: "Apple Watch", deviceModel: "Watch") == 2)
  }

  @Test func gridPutsInstantsOnLocalDaysAcrossTheChangeToSummerTime() throws {
    let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
    let grid = DayGrid(
      from: try #require(CalendarDay(iso: "2024-03-30")), through: try #require(CalendarDay(iso: "2024-04-01")),
      zone: zone)
    #expect(grid.count == 3)
    // 31 March 2024 had 23 hours in Berlin.
    #expect(grid.start(2) - grid.start(1) == 23 * 3_600)
    #expect(grid.index(of: try #require(HealthDate.parse("2024-03-31 00:30:00 +0100"))) == 1)
    #expect(grid.index(of: try #require(HealthDate.parse("2024-03-30 23:59:59 +0100"))) == 0)
  }
}
