import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// Days in zones whose clocks skip midnight, and years before 1000.
@Suite struct CalendarCornerTests {
  @Test(arguments: [
    // Santiago moves from 00:00 −04 to 01:00 −03: the day starts at 01:00 −03, 04:00 UTC.
    ("America/Santiago", "2024-09-08", "2024-09-08T04:00:00Z"),
    // Havana moves from 00:00 −05 to 01:00 −04: the day starts at 01:00 −04, 05:00 UTC.
    ("America/Havana", "2024-03-10", "2024-03-10T05:00:00Z"),
  ])
  func aDayWhoseMidnightIsSkippedStartsAtItsFirstRealInstant(zone: String, day: String, start: String) throws {
    let timeZone = try #require(TimeZone(identifier: zone))
    let calendarDay = try #require(CalendarDay(iso: day))
    let expected = Int64(try #require(ISO8601DateFormatter().date(from: start)).timeIntervalSince1970)
    #expect(LocalDay.start(of: calendarDay, in: timeZone) == expected)
    #expect(LocalDay.day(of: expected, in: timeZone) == calendarDay)
    #expect(LocalDay.day(of: expected - 1, in: timeZone) == calendarDay.adding(days: -1))
    // The day before ends where this one starts, so no hour belongs to two days.
    let grid = DayGrid(from: calendarDay.adding(days: -1), through: calendarDay, zone: timeZone)
    #expect(grid.index(of: expected - 1) == 0)
    #expect(grid.index(of: expected) == 1)
  }

  @Test func yearOneIsWrittenInFourDigits() throws {
    let day = try #require(CalendarDay(iso: "0001-01-01"))
    #expect(day.iso == "0001-01-01")
    #expect(day.description == "0001-01-01")
    #expect(ExportTimestamp(offsetSeconds: 0).format(Int64(day.ordinal) * 86_400) == "0001-01-01 00:00:00 +0000")
  }

  @Test func nightsAcrossTheChangeToSummerTimeRunNoonToNoonWithoutOverlap() throws {
    let folder = try TemporaryFolder()
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    // One long night that runs past noon on the day the clocks went forward (12 h 45 min).
    let records = [
      Records.sleep(
        "AsleepUnspecified", source: "Watch", start: "2024-03-30 23:00:00 +0100", end: "2024-03-31 12:45:00 +0200")
    ]
    let path = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    let context = DailyContext(zone: try #require(TimeZone(identifier: "Europe/Berlin")))
    _ = try ExportImporter(database: database, context: context).importExport(at: path)
    func asleep(_ day: String) throws -> Double? {
      try database.real(
        "SELECT value FROM daily_values WHERE metric = 'sleep.asleep' AND day = ?", [.text(day)])
    }
    // Up to noon it is the night of March 31; the 45 minutes after noon are the next night's.
    #expect(try asleep("2024-03-31") == 12)
    #expect(try asleep("2024-04-01") == 0.75)
  }
}
