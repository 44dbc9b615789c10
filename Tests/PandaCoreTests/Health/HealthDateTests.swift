import Testing

@testable import PandaCore
@testable import PandaTestSupport

@Suite struct HealthDateTests {
  @Test(arguments: [
    ("2019-06-17 21:07:11 -0400", Int64(1_560_820_031)),
    ("2019-06-18 01:07:11 +0000", 1_560_820_031),
    ("20151107171924+0100", 1_446_913_164),
    ("2019-06-17T21:07:11-04:00", 1_560_820_031),
    ("2019-06-18T01:07:11Z", 1_560_820_031),
    ("2024-02-29 00:00:00 +0000", 1_709_164_800),
  ])
  func parsesEveryFormatToTheSameInstant(text: String, expected: Int64) {
    #expect(HealthDate.parse(text) == expected)
  }

  @Test(arguments: [
    "", "2019-06-17", "2019-13-01 00:00:00 +0000", "2019-06-17 25:00:00 +0000", "yesterday",
    "2019-06-17 21:07:11 -0400 trailing",
  ])
  func rejectsWhatIsNotADate(text: String) {
    #expect(HealthDate.parse(text) == nil)
  }

  @Test func theModernFormReadsAsTheISOFormOfTheSameTime() {
    // The modern form has a fast reader of its own; the ISO form goes through the general one.
    for step in 0..<2_000 {
      let day = CalendarDay(ordinal: 10_957 + step * 37)
      let (year, month, date) = day.components
      let (hour, minute, second) = (step % 24, step * 7 % 60, step * 13 % 61)
      let sign = step % 2 == 0 ? "+" : "-"
      let (offsetHours, offsetMinutes) = (step % 15, step % 4 * 15)
      func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
      let calendarDate = "\(year)-\(two(month))-\(two(date))"
      let time = "\(two(hour)):\(two(minute)):\(two(second))"
      let modern = "\(calendarDate) \(time) \(sign)\(two(offsetHours))\(two(offsetMinutes))"
      let iso = "\(calendarDate)T\(time)\(sign)\(two(offsetHours)):\(two(offsetMinutes))"
      #expect(HealthDate.parse(modern) != nil)
      #expect(HealthDate.parse(modern) == HealthDate.parse(iso))
    }
    #expect(HealthDate.parse("2023-02-29 00:00:00 +0000") == nil)
    #expect(HealthDate.parse("2023-02-28 00:00:00 +1900") == nil)
    #expect(HealthDate.parse("2023-02-28 00:0a:00 +0000") == nil)
  }

  @Test func daysSinceEpochRoundTripsThroughCivil() {
    for days in stride(from: Int64(-800_000), through: 800_000, by: 997) {
      let (year, month, day) = CalendarDay(ordinal: Int(days)).components
      #expect(HealthDate.daysSinceEpoch(year: year, month: month, day: day) == days)
    }
  }
}
