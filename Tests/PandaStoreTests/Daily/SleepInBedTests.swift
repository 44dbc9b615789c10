import Foundation
import Testing
@testable import PandaTestSupport

/// Time in bed is never shorter than time asleep; efficiency only where in-bed covers the night.
extension DailyValuesTests {
  @Test func inBedCoveringOnlyPartOfTheNightIsNeverShorterThanAsleepAndGivesNoEfficiency() throws {
    try importRecords([
      Records.sleep(
        "InBed", source: "Sam’s iPhone", start: "2024-05-01 22:00:00 +0000", end: "2024-05-01 22:19:00 +0000"),
      Records.sleep(
        "Asleep", source: "AutoSleep", start: "2024-05-01 22:10:00 +0000", end: "2024-05-02 08:10:00 +0000"),
    ])
    #expect(try value("sleep.asleep", "2024-05-02") == 10)
    // 22:00 to 08:10.
    let inBed = try #require(try value("sleep.inBed", "2024-05-02"))
    #expect(abs(inBed - (10 + 1.0 / 6)) < 1e-6)
    #expect(try value("sleep.efficiency", "2024-05-02") == nil)
  }

  @Test func noInBedRecordMeansNoEfficiency() throws {
    try importRecords([
      Records.sleep("AsleepCore", source: "Watch", start: "2024-05-01 23:00:00 +0000", end: "2024-05-02 06:00:00 +0000")
    ])
    #expect(try value("sleep.inBed", "2024-05-02") == 7)
    #expect(try value("sleep.efficiency", "2024-05-02") == nil)
  }
}
