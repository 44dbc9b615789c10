@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaStore

/// Trends and insight requests built from a few figures, for the offline analyzer's and the
/// wording's tests.
enum TrendFixtures {
  /// A week's trend of the catalogued `metric`: `current` against `baseline`, its size judged
  /// against the metric's meaningful change unless `size` is given.
  static func trend(
    _ metric: String, current: Double, baseline: Double, direction: TrendDirection, assessment: Assessment,
    evidence: TrendEvidence = .enough, size: ChangeSize? = nil, currentDays: Int = 7, spread: Double? = nil
  ) -> MetricTrend {
    let catalogued = MetricCatalogue.metric(metric)!
    let threshold = catalogued.meaningfulChange.threshold(baseline: baseline)
    return MetricTrend(
      metric: metric, unit: catalogued.unit, current: current, baseline: baseline,
      change: current - baseline, changePercent: (current - baseline) / baseline * 100, slopePerDay: nil,
      direction: direction, assessment: assessment, currentDays: currentDays, baselineDays: 28, recent: [],
      evidence: evidence,
      size: size ?? (abs(current - baseline) < threshold ? .negligible : assessment == .stable ? .withinNoise : .clear),
      threshold: threshold, spread: spread)
  }

  /// A request for `category` and `period` holding `trends`, on a snapshot without series.
  static func request(_ category: HealthCategory, _ trends: [MetricTrend], period: InsightPeriod = .weekly)
    -> InsightRequest
  {
    var request = InsightRequest.request(
      from: HealthSnapshot(
        asOf: CalendarDay(ordinal: 20_000),
        window: DayRange(CalendarDay(ordinal: 19_600)...CalendarDay(ordinal: 20_000)),
        series: []),
      category: category, period: period)
    request.trends = trends
    return request
  }
}
