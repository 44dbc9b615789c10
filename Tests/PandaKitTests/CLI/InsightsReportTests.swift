import Testing

@testable import PandaKit

@Suite struct InsightsReportTests {
  func report(mindfulnessLastDay: CalendarDay) -> String {
    let asOf = CalendarDay(iso: "2025-07-01")!
    let insight = Insight(
      category: .mindfulness, period: .daily, status: .noData, summary: "No mindfulness data yesterday.")
    let outcome = InsightOutcome(
      job: InsightJob(category: .mindfulness, period: .daily), insight: insight, source: .fresh, generatedAt: 0,
      generatedDay: asOf)
    let recency = DataRecency(
      lastDay: asOf.adding(days: -1), byCategory: [.activity: asOf.adding(days: -1), .mindfulness: mindfulnessLastDay])
    return InsightsReport(asOf: asOf, provider: "heuristic", outcomes: [outcome], recency: recency).text(colour: false)
  }

  @Test func aDayOffIsNoReasonToExportAgainButTwoQuietWeeksAre() {
    let asOf = CalendarDay(iso: "2025-07-01")!
    #expect(!report(mindfulnessLastDay: asOf.adding(days: -3)).contains("Export All Health Data"))
    #expect(report(mindfulnessLastDay: asOf.adding(days: -30)).contains("Export All Health Data"))
  }
}
