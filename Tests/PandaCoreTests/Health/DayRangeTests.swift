import Foundation
import Testing

@testable import PandaCore
@testable import PandaTestSupport

/// The days from a first through a last: counted on the calendar, never reversed.
@Suite struct DayRangeTests {
  private func day(_ iso: String) throws -> CalendarDay { try #require(CalendarDay(iso: iso)) }

  @Test func aRangeAcrossAMonthEndAndAClockChangeCountsItsCalendarDays() throws {
    // Berlin moves its clocks forward on 2025-03-30: these four days last 95 hours, not 96.
    let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
    let range = try #require(DayRange(from: try day("2025-03-29"), through: try day("2025-04-01")))
    let hours =
      (LocalDay.start(of: range.last.adding(days: 1), in: zone) - LocalDay.start(of: range.first, in: zone)) / 3_600
    #expect(hours == 95)
    #expect(range.count == 4)
    #expect(range.map(\.iso) == ["2025-03-29", "2025-03-30", "2025-03-31", "2025-04-01"])
    // And back in October, a 25-hour day is still one day.
    let autumn = try #require(DayRange(from: try day("2025-10-25"), through: try day("2025-10-27")))
    #expect(autumn.count == 3)
    #expect(Array(autumn).count == 3)
  }

  @Test func aRangeAcrossTheEndOfFebruaryInALeapYearCountsThe29th() throws {
    let range = try #require(DayRange(from: try day("2024-02-27"), through: try day("2024-03-02")))
    #expect(range.count == 5)
    #expect(range.contains(try day("2024-02-29")))
  }

  @Test func bothEndsAreInsideAndTheDaysNextToThemAreNot() throws {
    let range = try #require(DayRange(from: try day("2025-06-01"), through: try day("2025-06-30")))
    #expect(range.contains(try day("2025-06-01")))
    #expect(range.contains(try day("2025-06-30")))
    #expect(!range.contains(try day("2025-05-31")))
    #expect(!range.contains(try day("2025-07-01")))
  }

  @Test func oneDayIsARangeOfOne() throws {
    let only = try day("2025-06-01")
    let range = try #require(DayRange(from: only, through: only))
    #expect(range.count == 1)
    #expect(Array(range) == [only])
    #expect(range.contains(only))
  }

  @Test func aLastDayBeforeTheFirstIsRefused() throws {
    #expect(DayRange(from: try day("2025-06-02"), through: try day("2025-06-01")) == nil)
  }

  @Test func theCountDaysEndingOnADayStartCountMinusOneDaysBefore() throws {
    let range = DayRange(last: try day("2025-03-01"), count: 30)
    #expect(range.first == (try day("2025-01-31")))
    #expect(range.count == 30)
    #expect(DayRange(last: try day("2025-03-01"), count: 0).count == 1)
  }

  @Test func aClosedRangeKeepsItsEnds() throws {
    let days = try day("2025-06-01")...(try day("2025-06-07"))
    let range = DayRange(days)
    #expect(range.first == days.lowerBound)
    #expect(range.last == days.upperBound)
    #expect(range.closedRange == days)
  }
}
