import Foundation
import Testing

@testable import PandaStore
@testable import PandaTestSupport

@Suite struct LogTimeParserTests {
  /// 2025-03-30 15:00 in Berlin (summer time began at 02:00 that morning).
  let now: Int64 = 1_743_339_600
  let berlin = TimeZone(identifier: "Europe/Berlin")!

  func parse(_ text: String) throws -> Int64 { try LogTimeParser.parse(text, now: now, zone: berlin) }

  @Test func readsTheForms() throws {
    #expect(try parse("now") == now)
    #expect(try parse("today") == now)
    // 08:30 CEST is 06:30 UTC on a day that began in CET.
    #expect(try parse("today 08:30") == 1_743_316_200)
    #expect(try parse("08:30") == 1_743_316_200)
    // Yesterday (CET, +01:00) at noon is 11:00 UTC.
    #expect(try parse("yesterday") == 1_743_246_000)
    #expect(try parse("yesterday 21:00") == 1_743_278_400)
    #expect(try parse("2025-03-01") == 1_740_826_800)
    #expect(try parse("2025-03-01 07:15") == 1_740_809_700)
    #expect(try parse("2025-03-01T07:15") == 1_740_809_700)
  }

  @Test(arguments: ["tomorrow", "today 25:00", "2025-02-30", "next week", "today 8h", "2025-13-01 10:00"])
  func refusesWhatItCannotRead(text: String) {
    #expect(throws: TrackingError.unreadableTime(text)) { try parse(text) }
  }

  @Test(arguments: ["today 15:01", "2025-03-31", "2026-01-01 00:00"])
  func refusesTheFuture(text: String) {
    #expect(throws: TrackingError.future(text)) { try parse(text) }
  }

  @Test func todayWithoutATimeBeforeNoonIsNow() throws {
    let morning: Int64 = 1_743_318_000  // 09:00 CEST
    #expect(try LogTimeParser.parse("2025-03-30", now: morning, zone: berlin) == morning)
  }
}
