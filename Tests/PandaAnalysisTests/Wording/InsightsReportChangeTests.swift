import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaTestSupport

/// The Change column of the Markdown table: the difference of the figures beside it.
@Suite struct InsightsReportChangeTests {
  func row(_ metric: String, current: Double, baseline: Double) -> String {
    let trend = TrendFixtures.trend(metric, current: current, baseline: baseline, direction: .flat, assessment: .stable)
    let insight = Insight(
      category: .activity, period: .weekly, status: .ok, summary: "Your activity held steady.",
      metrics: [MetricAssessment(trend: trend, message: "")])
    let asOf = CalendarDay(iso: "2025-07-01")!
    let outcome = InsightOutcome(
      job: InsightJob(category: .activity, period: .weekly), insight: insight, source: .fresh, generatedAt: 0,
      generatedDay: asOf)
    let markdown = InsightsReport(asOf: asOf, provider: "heuristic", outcomes: [outcome]).markdown()
    return markdown.split(separator: "\n").first { $0.hasPrefix("| \(MetricCatalogue.metric(metric)!.name) |") }
      .map(String.init) ?? ""
  }

  @Test func theChangeIsThatOfTheShownFigures() {
    // 3.394 − 4.666 is −1.272, but the figures shown are 3.39 and 4.67: 1.28 apart.
    #expect(
      row("activity.workoutDistance", current: 3.394, baseline: 4.666).contains("| 3.39 km | 4.67 km | −1.28 km ("))
  }

  @Test func aChangeThatRoundsToNothingIsUnsignedAndWithoutAPercentage() {
    // Alike to two decimals: the same figure, so no change, not "−0 kcal (−0 %)".
    let energy = row("activity.activeEnergy", current: 500.001, baseline: 500.004)
    #expect(energy.contains("| 500 kcal | 500 kcal | 0 kcal | stable |"))
  }

  @Test func aPercentageThatRoundsToNothingIsLeftOut() {
    // 500.4 and 500.6 show as 500 and 501: one apart, a change of under half a percent.
    #expect(
      row("activity.activeEnergy", current: 500.4, baseline: 500.6).contains(
        "| 500 kcal | 501 kcal | −1 kcal | stable |"))
  }
}
