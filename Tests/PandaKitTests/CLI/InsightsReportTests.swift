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

@Suite struct InsightsReportOriginTests {
  func heading(generatedDay: CalendarDay, asOf: CalendarDay, isAsOfToday: Bool) -> String {
    let insight = Insight(category: .heart, period: .daily, status: .ok, summary: "Your heart held steady yesterday.")
    let outcome = InsightOutcome(
      job: InsightJob(category: .heart, period: .daily), insight: insight, source: .cache, generatedAt: 0,
      generatedDay: generatedDay)
    let report = InsightsReport(asOf: asOf, provider: "heuristic", outcomes: [outcome], isAsOfToday: isAsOfToday)
    return report.text(colour: false).split(separator: "\n").first { $0.hasPrefix("Heart") }.map(String.init) ?? ""
  }

  @Test func aCachedInsightSaysWhenItWasMade() {
    let day = CalendarDay(iso: "2025-06-15")!
    #expect(heading(generatedDay: day, asOf: day, isAsOfToday: true).hasSuffix("(from cache, made today)"))
    #expect(heading(generatedDay: day, asOf: day, isAsOfToday: false).hasSuffix("(from cache, made for 2025-06-15)"))
    #expect(
      heading(generatedDay: day, asOf: day.adding(days: 2), isAsOfToday: true).hasSuffix("(from cache, 2 days old)"))
  }
}
