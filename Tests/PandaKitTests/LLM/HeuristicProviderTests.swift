import Testing

@testable import PandaKit

@Suite struct HeuristicProviderTests {
  func trend(
    _ metric: String, current: Double, baseline: Double, direction: TrendDirection, assessment: Assessment
  ) -> MetricTrend {
    MetricTrend(
      metric: metric, unit: MetricCatalogue.metric(metric)!.unit, current: current, baseline: baseline,
      change: current - baseline, changePercent: (current - baseline) / baseline * 100, slopePerDay: nil,
      direction: direction, assessment: assessment, currentDays: 7, baselineDays: 28, recent: [])
  }

  func request(_ category: HealthCategory, _ trends: [MetricTrend], period: InsightPeriod = .weekly) -> InsightRequest {
    var request = InsightRequest(
      snapshot: HealthSnapshot(
        asOf: CalendarDay(ordinal: 20_000), window: CalendarDay(ordinal: 19_600)...CalendarDay(ordinal: 20_000),
        series: []),
      category: category, period: period)
    request.trends = trends
    return request
  }

  @Test func declineGetsNumbersAndAConcreteSuggestion() {
    let insight = HeuristicProvider().write(
      request(
        .sleep, [trend("sleep.asleep", current: 6 + 5.0 / 60, baseline: 7.25, direction: .down, assessment: .declining)]
      ))
    #expect(insight.status == .ok)
    #expect(
      insight.metrics[0].message
        == "You slept 6 h 5 min a night this week, 1 h 10 min less than your usual 7 h 15 min.")
    #expect(insight.summary.contains("slipped this week"))
    #expect(insight.suggestions.contains { $0.contains("bedtime") })
    #expect(insight.encouragement.isEmpty)
  }

  @Test func improvementGetsEncouragement() {
    let insight = HeuristicProvider().write(
      request(
        .activity, [trend("activity.steps", current: 9_500, baseline: 8_000, direction: .up, assessment: .improving)]))
    #expect(insight.metrics[0].message.contains("9,500 steps"))
    #expect(insight.metrics[0].message.contains("1,500 steps more than your usual 8,000 steps"))
    #expect(insight.summary.hasPrefix("A good week for your activity"))
    #expect(!insight.encouragement.isEmpty)
    #expect(insight.suggestions.isEmpty)
  }

  @Test func aFlatMetricIsNeverCalledBetterOrWorse() {
    let insight = HeuristicProvider().write(
      request(
        .respiratory,
        [trend("respiratory.respiratoryRate", current: 14.6, baseline: 14.5, direction: .flat, assessment: .stable)]))
    #expect(insight.summary == "Your breathing held steady this week.")
    #expect(!insight.metrics[0].message.contains("higher"))
    #expect(!insight.metrics[0].message.contains("lower"))
    #expect(insight.suggestions.isEmpty)
  }

  @Test(arguments: [
    ("heart.restingHeartRate", 104.0, "clinician"),
    ("respiratory.oxygenSaturation", 90.0, "clinician"),
    ("heart.bloodPressureSystolic", 185.0, "urgent"),
  ])
  func valuesPastClearThresholdsSuggestAClinician(metric: String, value: Double, word: String) {
    let insight = HeuristicProvider().write(
      request(
        MetricCatalogue.metric(metric)!.category,
        [trend(metric, current: value, baseline: value, direction: .flat, assessment: .stable)]))
    #expect(insight.suggestions.contains { $0.contains(word) })
    #expect(!insight.suggestions.joined().lowercased().contains("diagnos"))
  }

  @Test func normalValuesDoNotMentionAClinician() {
    let insight = HeuristicProvider().write(
      request(
        .heart, [trend("heart.restingHeartRate", current: 58, baseline: 58, direction: .flat, assessment: .stable)]))
    #expect(!insight.suggestions.joined().contains("clinician"))
  }
}
