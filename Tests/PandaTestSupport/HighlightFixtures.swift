@testable import PandaAnalysis
@testable import PandaCore

/// Insight outcomes, changes and data recency as of one day, for the tests of what stands out
/// and of the pages that show it.
enum HighlightFixtures {
  /// The day the outcomes are made for.
  static let asOf = CalendarDay(iso: "2025-07-01")!

  /// A fresh insight of `category` and `period` whose metrics are `trends`, each with its detail.
  static func outcome(
    _ category: HealthCategory, _ period: InsightPeriod, _ trends: [MetricTrend], status: InsightStatus = .ok,
    summary: String = "A summary."
  ) -> InsightOutcome {
    InsightOutcome(
      job: InsightJob(category: category, period: period),
      insight: Insight(
        category: category, period: period, status: status, summary: summary,
        metrics: trends.map { MetricAssessment(trend: $0, message: "Detail of \($0.metric).") }),
      source: .fresh, generatedAt: 0, generatedDay: asOf)
  }

  /// The trend of `metric` from `baseline` to `current`, up or down as the figures go.
  static func change(_ metric: String, _ current: Double, _ baseline: Double, _ assessment: Assessment)
    -> MetricTrend
  {
    TrendFixtures.trend(
      metric, current: current, baseline: baseline, direction: current > baseline ? .up : .down,
      assessment: assessment)
  }

  /// Data up to the day before `asOf` in every analysed category.
  static var current: DataRecency {
    DataRecency(
      lastDay: asOf.adding(days: -1),
      byCategory: Dictionary(uniqueKeysWithValues: HealthCategory.analysed.map { ($0, asOf.adding(days: -1)) }))
  }
}
