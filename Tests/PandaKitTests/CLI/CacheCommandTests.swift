import Foundation
import Testing

@testable import PandaKit

/// `panda cache list` says which day an entry was made for, not that it was made that day, with
/// day counts grouped.
@Suite struct CacheCommandTests {
  func listing(day: CalendarDay, fresh: Bool) -> CacheCommand.Listing {
    CacheCommand.Listing(
      category: .sleep, period: .weekly, provider: "heuristic", model: "rules", promptVersion: "1",
      generatedAt: "2021-02-07T00:00:00Z", generatedDay: day, freshToday: fresh)
  }

  @Test func anEntryForAPastDaySaysSoWithTheDaysGrouped() throws {
    let day = try #require(CalendarDay(iso: "2021-02-07"))
    let today = day.adding(days: 2_119)
    let line = CacheCommand.line(listing(day: day, fresh: false), today: today)
    #expect(line.hasSuffix("heuristic/rules  made for 2021-02-07 (2,119 days before today), stale\n"), "\(line)")
    #expect(!line.contains("ago"))
    let current = CacheCommand.line(listing(day: today, fresh: true), today: today)
    #expect(current.hasSuffix("made for today, fresh\n"), "\(current)")
  }

  @Test func aRunAsOfAPastDayIsListedForThatDay() async throws {
    let data = try PlantedTrends()
    let run = await runPanda([
      "insights", "--db", data.path, "--timezone", "UTC", "--as-of", PlantedTrends.asOf.iso, "--category", "sleep",
    ])
    #expect(run.status == .success, "\(run.error)")
    let list = await runPanda(["cache", "list", "--db", data.path, "--timezone", "UTC"])
    #expect(list.status == .success, "\(list.error)")
    #expect(list.output.contains("made for \(PlantedTrends.asOf.iso) ("), "\(list.output)")
  }
}
