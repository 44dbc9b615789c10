import Foundation
import Testing

@testable import PandaKit

/// "What stands out": which candidates lead, how many, and that each says what its detail says.
@Suite struct HighlightRankingTests {
  static let asOf = CalendarDay(iso: "2025-07-01")!
  let base = HeuristicProviderTests()

  func outcome(
    _ category: HealthCategory, _ period: InsightPeriod, _ trends: [MetricTrend], status: InsightStatus = .ok,
    summary: String = "A summary."
  ) -> InsightOutcome {
    InsightOutcome(
      job: InsightJob(category: category, period: period),
      insight: Insight(
        category: category, period: period, status: status, summary: summary,
        metrics: trends.map { MetricAssessment(trend: $0, message: "Detail of \($0.metric).") }),
      source: .fresh, generatedAt: 0, generatedDay: Self.asOf)
  }

  func change(_ metric: String, _ current: Double, _ baseline: Double, _ assessment: Assessment) -> MetricTrend {
    base.trend(
      metric, current: current, baseline: baseline, direction: current > baseline ? .up : .down,
      assessment: assessment)
  }

  var current: DataRecency {
    DataRecency(
      lastDay: Self.asOf.adding(days: -1),
      byCategory: Dictionary(uniqueKeysWithValues: HealthCategory.analysed.map { ($0, Self.asOf.adding(days: -1)) }))
  }

  @Test func anAlertLeadsThenALevelThenChangesByTheirSizeThenALinkThenAGap() {
    let alert = Highlight(kind: .alert, sentence: "Alert.", detail: "alerts")
    let link = Highlight(kind: .link, sentence: "Link.", detail: "relations", strength: 0.6)
    var recency = current
    recency.byCategory[.mindfulness] = Self.asOf.adding(days: -20)
    let outcomes = [
      // Resting heart rate 4 bpm up (2 sizes of 2 bpm); steps 30 % down (3 sizes of 10 %).
      outcome(.heart, .weekly, [change("heart.restingHeartRate", 64, 60, .declining)]),
      outcome(.activity, .weekly, [change("activity.steps", 2_000, 2_900, .declining)]),
      outcome(.sleep, .weekly, [change("sleep.asleep", 5.2, 5.5, .stable)]),
      outcome(.mindfulness, .weekly, [], status: .noData),
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: recency, asOf: Self.asOf, units: .metric, alerts: [alert], links: [link])
    #expect(highlights.map(\.kind) == [.alert, .level, .level, .change, .link])
    // Steps of 2,000 are far under; their change is not named again. Sleep under 6 h is a level.
    #expect(highlights[1].metric == "activity.steps" || highlights[1].metric == "sleep.asleep")
    #expect(Set(highlights[1...2].compactMap(\.metric)) == ["activity.steps", "sleep.asleep"])
    #expect(highlights[3].metric == "heart.restingHeartRate")
    #expect(highlights[3].sentence.contains("64 bpm vs your usual 60 bpm"))
    #expect(highlights[3].sentence.contains("went the wrong way this week"))
  }

  @Test func aGapIsNamedWhenFewerThingsStandOut() {
    var recency = current
    recency.byCategory[.sleep] = Self.asOf.adding(days: -21)
    let outcomes = [
      outcome(.sleep, .weekly, [], status: .noData), outcome(.sleep, .monthly, [], status: .noData),
      outcome(.heart, .weekly, [change("heart.restingHeartRate", 56, 60, .improving)]),
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: recency, asOf: Self.asOf, units: .metric)
    #expect(highlights.map(\.kind) == [.change, .gap])
    #expect(highlights[1].sentence.hasPrefix("No sleep data since 2025-06-10, 20 days before your latest data"))
    #expect(highlights[1].detail == "sleep-monthly")
  }

  @Test func atMostFiveAcrossAllCategoriesTheLargestChangesFirst() {
    let outcomes = [
      outcome(
        .activity, .weekly,
        [
          change("activity.steps", 13_000, 10_000, .improving), change("activity.distance", 9, 6, .improving),
          change("activity.flightsClimbed", 20, 10, .improving),
        ]),
      outcome(
        .heart, .weekly,
        [change("heart.restingHeartRate", 52, 60, .improving), change("heart.hrv", 70, 40, .improving)]),
      outcome(.sleep, .monthly, [change("sleep.asleep", 8, 7, .improving)]),
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: current, asOf: Self.asOf, units: .metric)
    #expect(highlights.count == HighlightRanking.limit)
    #expect(highlights.allSatisfy { $0.kind == .change })
    let strengths = highlights.map(\.strength)
    #expect(strengths == strengths.sorted(by: >))
    // One change per category first: sleep (1 h, two sizes of 30 min) is in although activity's
    // third-largest change is larger.
    #expect(highlights.contains { $0.metric == "sleep.asleep" })
  }

  @Test func aChangeComesFromThePeriodWhereItIsLargestAndAgreesWithItsDetail() {
    let outcomes = [
      outcome(.heart, .weekly, [change("heart.restingHeartRate", 57, 60, .improving)]),
      outcome(.heart, .monthly, [change("heart.restingHeartRate", 54, 60, .improving)]),
      // A day's difference is never what stands out.
      outcome(.heart, .daily, [change("heart.hrv", 90, 40, .improving)]),
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: current, asOf: Self.asOf, units: .metric)
    let only = try? #require(highlights.count == 1 ? highlights.first : nil)
    #expect(only?.period == .monthly)
    #expect(only?.detail == "heart-monthly")
    let (now, usual, difference) = MetricFigures.figures(
      outcomes[1].insight.metrics[0], period: .monthly, units: .metric)
    #expect(only?.sentence == "Resting heart rate improved this month: \(now) vs your usual \(usual), \(difference).")
  }

  @Test func stableMetricsAndFewReadingsNeverStandOut() {
    var few = change("heart.restingHeartRate", 120, 60, .stable)
    few.evidence = .fewReadings
    let outcomes = [
      outcome(.heart, .weekly, [change("heart.hrv", 45, 40, .stable), few]),
      outcome(.activity, .weekly, [change("activity.steps", 9_000, 8_000, .stable)]),
    ]
    #expect(
      HighlightRanking.highlights(outcomes: outcomes, recency: current, asOf: Self.asOf, units: .metric).isEmpty)
  }
}
