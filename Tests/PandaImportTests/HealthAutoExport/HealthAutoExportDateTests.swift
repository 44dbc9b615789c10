import Foundation
import Testing

@testable import PandaImport
@testable import PandaTestSupport

@Suite struct HealthAutoExportDateTests {
  let paris = TimeZone(identifier: "Europe/Paris")!

  @Test(arguments: [
    "2024-03-14 08:02:00 -0400", "2024-03-14 8:02:00 am -0400", "2024-03-14 8:02:00\u{202F}AM -0400",
    "2024-03-14T08:02:00-04:00", "2024-03-14T12:02:00Z",
  ])
  func everyFormSaysTheSameInstant(_ text: String) throws {
    let stamp = try #require(HealthAutoExportDate.parse(text, zone: paris))
    #expect(stamp.instant == 1_710_417_720)
  }

  @Test func twelveOClockIsNoonAndMidnight() throws {
    #expect(HealthAutoExportDate.parse("2024-03-14 12:30:00 pm +0000", zone: paris)?.instant == 1_710_419_400)
    #expect(HealthAutoExportDate.parse("2024-03-14 12:30:00 am +0000", zone: paris)?.instant == 1_710_376_200)
  }

  @Test func aBareDayIsMidnightInTheZone() throws {
    let stamp = try #require(HealthAutoExportDate.parse("2024-07-01", zone: paris))
    #expect(stamp.offset == 7_200)
    #expect(stamp.instant == 1_719_784_800)
  }

  @Test(arguments: ["2024-02-30 08:00:00 +0000", "2024-03-14 25:00:00 +0000", "yesterday", "2024-03-14 08:00:00"])
  func impossibleOrZonelessTimesAreRefused(_ text: String) {
    #expect(HealthAutoExportDate.parse(text, zone: paris) == nil)
  }
}
