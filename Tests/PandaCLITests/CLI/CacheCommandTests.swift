import Foundation
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaTestSupport

/// `panda cache list` says when an entry was computed and which day it was made for, with day
/// counts grouped.
@Suite struct CacheCommandTests {
  func listing(day: CalendarDay, fresh: Bool) -> CacheCommand.Listing {
    CacheCommand.Listing(
      category: .sleep, period: .weekly, provider: "heuristic", model: "rules", promptVersion: "1",
      generatedAt: "2021-02-07T00:00:00Z", generatedDay: day, freshToday: fresh)
  }

  @Test func anEntryForAPastDaySaysSoWithTheDaysGrouped() throws {
    let day = try #require(CalendarDay(iso: "2021-02-07"))
    let today = day.adding(days: 2_119)
    let line = CacheCommand.line(listing(day: day, fresh: false), today: today, now: Date())
    #expect(line.hasSuffix("heuristic/rules  made for 2021-02-07 (2,119 days before today), stale\n"), "\(line)")
    #expect(!line.contains("ago"))
    let current = CacheCommand.line(listing(day: today, fresh: true), today: today, now: Date())
    #expect(current.hasSuffix("made for today, fresh\n"), "\(current)")
  }

  @Test func anEntrySaysWhenItWasComputedWithTheDaysGrouped() throws {
    let day = try #require(CalendarDay(iso: "2021-02-07"))
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    func line(_ secondsAgo: Double) -> String {
      var entry = listing(day: day, fresh: false)
      entry.computedAt = ISO8601DateFormatter().string(from: now.addingTimeInterval(-secondsAgo))
      return CacheCommand.line(entry, today: day.adding(days: 2_119), now: now)
    }
    #expect(line(20).contains("heuristic/rules  computed just now for 2021-02-07 (2,119 days before today)"))
    #expect(line(12 * 60 + 5).contains("computed 12 min ago for 2021-02-07"))
    #expect(line(3 * 3_600).contains("computed 3 h ago for"))
    #expect(line(1_204 * 86_400).contains("computed 1,204 days ago for"), "\(line(1_204 * 86_400))")
    #expect(line(86_400).contains("computed 1 day ago for"))
  }

  @Test func aRunAsOfAPastDayIsListedForThatDay() async throws {
    let data = try PlantedTrends()
    let run = await runPanda([
      "insights", "--db", data.path, "--timezone", "UTC", "--as-of", PlantedTrends.asOf.iso, "--category", "sleep",
    ])
    #expect(run.status == .success, "\(run.error)")
    let list = await runPanda(["cache", "list", "--db", data.path, "--timezone", "UTC"])
    #expect(list.status == .success, "\(list.error)")
    // Computed moments ago, for the day it was asked about.
    #expect(
      list.output.contains(/computed (just now|\d+ min ago) for \d{4}-\d\d-\d\d \(/)
        && list.output.contains("for \(PlantedTrends.asOf.iso) ("), "\(list.output)")
    let json = await runPanda(["cache", "list", "--db", data.path, "--timezone", "UTC", "--format", "json"])
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    let computed = try #require(entries.first?["computedAt"] as? String)
    let at = try #require(ISO8601DateFormatter().date(from: computed))
    #expect(abs(at.timeIntervalSinceNow) < 600)
  }
}
