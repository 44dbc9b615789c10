/// Computes a metric's trend for a period from its daily series: deterministic, no I/O.
public enum TrendCalculator {
  /// Why a metric has no trend.
  public enum Shortfall: Equatable, Sendable {
    /// No value in the current window.
    case noCurrentData
    /// Too few whole days in a window to compare honestly; the partly recorded days of each
    /// window, left out of the counts, are given beside them.
    case tooFewDays(current: Int, baseline: Int, currentPartial: Int = 0, baselinePartial: Int = 0)
  }

  /// A metric's trend, or why it has none.
  public enum Outcome: Equatable, Sendable {
    case trend(MetricTrend)
    case shortfall(Shortfall)
  }

  /// The trend of `series` for `period` with windows ending on `lastDay`, or why there is none.
  ///
  /// Partly recorded days are left out of both windows; a partly recorded day compared on its
  /// own (daily) is reported with `evidence` `.partialDay` and never called a change.
  public static func trend(_ series: MetricSeries, period: InsightPeriod, lastDay: CalendarDay) -> Outcome {
    trend(
      series, period: period, windows: TrendWindows(period: period, lastDay: lastDay),
      minimumDays: minimumDays(period: period, occasional: series.metric.isOccasional))
  }

  /// The trend of `series` over `windows`, compared as `period` compares (a single day or
  /// several), needing `minimumDays` whole days in each window.
  static func trend(
    _ series: MetricSeries, period: InsightPeriod, windows: TrendWindows, minimumDays: (current: Int, baseline: Int)
  ) -> Outcome {
    let metric = series.metric
    let currentPoints = series.points(from: windows.current.lowerBound, through: windows.current.upperBound)
    let baselinePoints = series.points(from: windows.baseline.lowerBound, through: windows.baseline.upperBound)
    guard !currentPoints.isEmpty else { return .shortfall(.noCurrentData) }
    let partialDay = period == .daily && currentPoints.allSatisfy(\.isPartial)
    let current = (partialDay ? currentPoints.map(\.value) : currentPoints.filter { !$0.isPartial }.map(\.value))
    let baseline = baselinePoints.filter { !$0.isPartial }.map(\.value)
    let leftOut =
      currentPoints.count - (partialDay ? currentPoints.count : current.count)
      + baselinePoints.count - baseline.count
    let (minimumCurrent, minimumBaseline) = minimumDays
    guard current.count >= minimumCurrent, baseline.count >= minimumBaseline,
      let currentValue = currentValue(current, metric: metric), let baselineValue = RobustStatistics.mean(baseline)
    else {
      return .shortfall(
        .tooFewDays(
          current: current.count, baseline: baseline.count,
          currentPartial: partialDay ? 0 : currentPoints.count - current.count,
          baselinePartial: baselinePoints.count - baseline.count))
    }
    let change = currentValue - baselineValue
    let threshold = metric.meaningfulChange.threshold(baseline: baselineValue)
    let noise = standardError(
      current: current, baseline: baseline, period: period, floor: threshold / 2, habit: metric.isHabit)
    let worthMentioning = abs(change) >= threshold && abs(change) > 0
    let beyondNoise =
      metric.isHabit
      ? habitChangeIsClear(current: current, baseline: baseline, period: period, metric: metric)
      : abs(change) >= 2 * noise
    let size: ChangeSize = !worthMentioning ? .negligible : beyondNoise ? .clear : .withinNoise
    let evidence: TrendEvidence =
      partialDay
      ? .partialDay
      : hasEvidence(current: current.count, baseline: baseline.count, period: period, metric: metric)
        ? .enough : .fewReadings
    let direction: TrendDirection = worthMentioning ? (change > 0 ? .up : .down) : .flat
    let claimed = evidence == .enough && size == .clear
    let points = series.points(from: windows.baseline.lowerBound, through: windows.current.upperBound)
      .filter { !$0.isPartial }
      .map { (x: Double(windows.baseline.lowerBound.days(to: $0.day)), y: $0.value) }
    return .trend(
      MetricTrend(
        metric: metric.id, unit: metric.unit, current: currentValue, baseline: baselineValue, change: change,
        // A difference from a baseline (wrist temperature) has no meaningful share of itself.
        changePercent: baselineValue != 0 && !metric.isDeviation ? change / abs(baselineValue) * 100 : nil,
        slopePerDay: RobustStatistics.theilSenSlope(points), direction: direction,
        assessment: claimed
          ? assessment(metric: metric, direction: direction, current: currentValue, baseline: baselineValue)
          : .stable,
        currentDays: current.count, baselineDays: baseline.count,
        recent: recent(series, period: period, windows: windows), evidence: evidence, size: size,
        threshold: threshold, partialDaysLeftOut: leftOut))
  }

  /// Days needed in each window before anything is compared: fewer than 4 of 7 or 15 of 30
  /// daily values is not enough to say anything; an occasional metric needs a reading on each side.
  static func minimumDays(period: InsightPeriod, occasional: Bool) -> (current: Int, baseline: Int) {
    switch (period, occasional) {
    case (.daily, false): (1, 5)
    case (.weekly, false): (4, 14)
    case (.monthly, false): (15, 45)
    case (_, true): (1, 1)
    }
  }

  /// Readings needed on each side to call an occasional metric improving or declining: several
  /// per side, never one. A single day of an occasional metric is never a trend.
  static let occasionalReadingsForClaim = 3

  /// Whether the readings can carry a claim for the metric's sampling pattern.
  static func hasEvidence(current: Int, baseline: Int, period: InsightPeriod, metric: Metric) -> Bool {
    guard metric.isOccasional else { return true }
    guard period != .daily else { return false }
    return current >= occasionalReadingsForClaim && baseline >= occasionalReadingsForClaim
  }

  /// Occasional measurements (weight, VO2 max) are compared by their latest reading.
  private static func currentValue(_ values: [Double], metric: Metric) -> Double? {
    metric.aggregation == .latest ? values.last : RobustStatistics.mean(values)
  }

  /// How much the difference of the two means varies by chance: the pooled spread of single
  /// readings, never below `floor` (half the difference worth mentioning, standing in for the
  /// precision of one reading), so a baseline of identical readings cannot make any gap
  /// look certain. A single day is compared with the spread of single days. For a habit (see
  /// `Metric.MissingDay`) a day without a session is a choice rather than measurement noise: the
  /// spread is that of the days with a session, while the means still count every day.
  static func standardError(
    current allCurrent: [Double], baseline allBaseline: [Double], period: InsightPeriod, floor: Double,
    habit: Bool = false
  ) -> Double {
    let current = habit ? allCurrent.filter { $0 != 0 } : allCurrent
    let baseline = habit ? allBaseline.filter { $0 != 0 } : allBaseline
    let baselineVariance = RobustStatistics.variance(baseline)
    let variance: Double
    if period == .daily || current.count < 2 {
      variance = baselineVariance
    } else {
      let degrees = Double(current.count - 1 + max(0, baseline.count - 1))
      let currentVariance = RobustStatistics.variance(current)
      variance =
        degrees > 0
        ? (Double(current.count - 1) * currentVariance + Double(max(0, baseline.count - 1)) * baselineVariance)
          / degrees : 0
    }
    let spread = max(variance.squareRoot(), floor)
    let currentCount = period == .daily ? 1 : max(1, allCurrent.count)
    return spread * (1 / Double(currentCount) + 1 / Double(max(1, allBaseline.count))).squareRoot()
  }

  /// Whether a habit's change is more than chance. A habit's days mix two things: how often
  /// there is a session, and how long the sessions are. The change is clear when either moved
  /// beyond its own noise: the share of days with a session by twice its binomial standard
  /// error, or the mean session by twice the standard error of sessions (with the
  /// worth-mentioning floor, so sessions of one fixed size cannot make every gap look certain).
  /// Water logged as 500 mL on four days of seven instead of half the days is no trend; one
  /// day without a session is no trend either.
  static func habitChangeIsClear(current: [Double], baseline: [Double], period: InsightPeriod, metric: Metric)
    -> Bool
  {
    let currentSessions = current.filter { $0 != 0 }
    let baselineSessions = baseline.filter { $0 != 0 }
    guard !current.isEmpty, !baseline.isEmpty else { return false }
    // How often.
    let n1 = Double(current.count)
    let n0 = Double(baseline.count)
    let p1 = Double(currentSessions.count) / n1
    let p0 = Double(baselineSessions.count) / n0
    let pooled = (Double(currentSessions.count) + Double(baselineSessions.count)) / (n1 + n0)
    let frequencyError = (pooled * (1 - pooled) * (1 / n1 + 1 / n0)).squareRoot()
    if frequencyError > 0 && abs(p1 - p0) >= 2 * frequencyError { return true }
    // How long, when there are sessions on both sides to compare.
    guard period != .daily, currentSessions.count >= 2, baselineSessions.count >= 2,
      let sessionNow = RobustStatistics.mean(currentSessions),
      let sessionBefore = RobustStatistics.mean(baselineSessions)
    else { return false }
    let floor = metric.meaningfulChange.threshold(baseline: sessionBefore) / 2
    let sessionError = standardError(
      current: currentSessions, baseline: baselineSessions, period: period, floor: floor)
    return abs(sessionNow - sessionBefore) >= 2 * sessionError
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
