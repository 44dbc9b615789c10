/// Computes a metric's trend for a period from its daily series: deterministic, no I/O.
public enum TrendCalculator {
  /// Why a metric has no trend.
  public enum Shortfall: Equatable, Sendable {
    /// No value in the current window.
    case noCurrentData
    /// Too few days in a window to compare honestly.
    case tooFewDays(current: Int, baseline: Int)
  }

  /// A metric's trend, or why it has none.
  public enum Outcome: Equatable, Sendable {
    case trend(MetricTrend)
    case shortfall(Shortfall)
  }

  /// The trend of `series` for `period` with windows ending on `lastDay`, or why there is none.
  public static func trend(_ series: MetricSeries, period: InsightPeriod, lastDay: CalendarDay) -> Outcome {
    let metric = series.metric
    let windows = TrendWindows(period: period, lastDay: lastDay)
    let current = series.points(from: windows.current.lowerBound, through: windows.current.upperBound).map(\.value)
    let baseline = series.points(from: windows.baseline.lowerBound, through: windows.baseline.upperBound).map(\.value)
    guard !current.isEmpty else { return .shortfall(.noCurrentData) }
    let (minimumCurrent, minimumBaseline) = minimumDays(period: period, occasional: metric.isOccasional)
    guard current.count >= minimumCurrent, baseline.count >= minimumBaseline,
      let currentValue = currentValue(current, metric: metric), let baselineValue = RobustStatistics.mean(baseline)
    else {
      return .shortfall(.tooFewDays(current: current.count, baseline: baseline.count))
    }
    let change = currentValue - baselineValue
    let noise = standardError(current: current, baseline: baseline, period: period)
    let threshold = metric.meaningfulChange.threshold(baseline: baselineValue)
    let significant = abs(change) >= threshold && abs(change) >= 2 * noise && abs(change) > 0
    let direction: TrendDirection = significant ? (change > 0 ? .up : .down) : .flat
    let points = series.points(from: windows.baseline.lowerBound, through: windows.current.upperBound).map {
      (x: Double(windows.baseline.lowerBound.days(to: $0.day)), y: $0.value)
    }
    return .trend(
      MetricTrend(
        metric: metric.id, unit: metric.unit, current: currentValue, baseline: baselineValue, change: change,
        changePercent: baselineValue != 0 ? change / abs(baselineValue) * 100 : nil,
        slopePerDay: RobustStatistics.theilSenSlope(points), direction: direction,
        assessment: assessment(metric: metric, direction: direction, current: currentValue, baseline: baselineValue),
        currentDays: current.count, baselineDays: baseline.count,
        recent: recent(series, period: period, windows: windows)))
  }

  /// Days needed in each window: fewer than 4 of 7 or 15 of 30 is not enough to say anything.
  static func minimumDays(period: InsightPeriod, occasional: Bool) -> (current: Int, baseline: Int) {
    switch (period, occasional) {
    case (.daily, false): (1, 5)
    case (.weekly, false): (4, 14)
    case (.monthly, false): (15, 45)
    case (.daily, true): (1, 1)
    case (.weekly, true): (1, 2)
    case (.monthly, true): (2, 3)
    }
  }

  /// Occasional measurements (weight, VO2 max) are compared by their latest reading.
  private static func currentValue(_ values: [Double], metric: Metric) -> Double? {
    metric.aggregation == .latest ? values.last : RobustStatistics.mean(values)
  }

  /// How much the difference of the two means varies by chance. A single day is compared with
  /// the spread of single days.
  static func standardError(current: [Double], baseline: [Double], period: InsightPeriod) -> Double {
    let baselineVariance = RobustStatistics.variance(baseline)
    if period == .daily || current.count < 2 {
      return (baselineVariance * (1 + 1 / Double(max(1, baseline.count)))).squareRoot()
    }
    let currentVariance = RobustStatistics.variance(current)
    return (currentVariance / Double(current.count) + baselineVariance / Double(baseline.count)).squareRoot()
  }

  static func assessment(metric: Metric, direction: TrendDirection, current: Double, baseline: Double) -> Assessment {
    guard direction != .flat else { return .stable }
    switch metric.direction {
    case .up: return direction == .up ? .improving : .declining
    case .down: return direction == .down ? .improving : .declining
    case .neutral: return .stable
    case .towards(let range):
      let before = distance(baseline, from: range)
      let after = distance(current, from: range)
      if after < before { return .improving }
      if after > before { return .declining }
      return .stable
    }
  }

  private static func distance(_ value: Double, from range: ClosedRange<Double>) -> Double {
    value < range.lowerBound ? range.lowerBound - value : value > range.upperBound ? value - range.upperBound : 0
  }

  /// Daily values for the sparkline: the last 15 days for daily, 35 for weekly, and weekly
  /// means over four months for monthly.
  private static func recent(_ series: MetricSeries, period: InsightPeriod, windows: TrendWindows) -> [Double?] {
    let last = windows.current.upperBound
    switch period {
    case .daily, .weekly:
      let count = period == .daily ? 15 : 35
      return (0..<count).map { series.value(on: last.adding(days: $0 - count + 1)) }
    case .monthly:
      return (0..<17).map { week in
        let end = last.adding(days: (week - 16) * 7)
        return RobustStatistics.mean(series.points(from: end.adding(days: -6), through: end).map(\.value))
      }
    }
  }
}
