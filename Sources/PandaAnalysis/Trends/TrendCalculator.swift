import PandaCore
import PandaStore

/// Computes a metric's trend for a period from its daily series: deterministic, no I/O.
package enum TrendCalculator {
  /// Why a metric has no trend.
  package enum Shortfall: Equatable, Sendable {
    /// No value in the current window.
    case noCurrentData
    /// Too few whole days in a window to compare honestly; the partly recorded days of each
    /// window, left out of the counts, are given beside them.
    case tooFewDays(current: Int, baseline: Int, currentPartial: Int = 0, baselinePartial: Int = 0)
  }

  /// A metric's trend, or why it has none.
  package enum Outcome: Equatable, Sendable {
    case trend(MetricTrend)
    case shortfall(Shortfall)
  }

  /// The trend of `series` for `period` with windows ending on `lastDay`, or why there is none.
  ///
  /// Partly recorded days are left out of both windows; a partly recorded day compared on its
  /// own (daily) is reported with `evidence` `.partialDay` and never called a change.
  ///
  /// A difference is beyond the noise when its p-value (`MetricTrend.pValue`) is at most `bar`:
  /// on its own a comparison is held to `FalseClaimControl.singleComparisonBar`; in a report,
  /// to the bar the whole report's comparisons set together (`FalseClaimControl.bar(for:)`).
  ///
  /// Where `cycles` records the menstrual cycle, a metric the luteal phase moves is compared
  /// with the person's luteal shift (`LutealShift`) taken off the luteal days of both windows
  /// as well: a change is claimed only when both comparisons make it, so a normal luteal rise
  /// is no change. The figures stay the person's own; the shift and the change without it are
  /// given beside them (`MetricTrend.lutealShift`).
  static func trend(
    _ series: MetricSeries, period: InsightPeriod, lastDay: CalendarDay,
    bar: Double = FalseClaimControl.singleComparisonBar, cycles: CycleCalendar? = nil
  ) -> Outcome {
    trend(
      series, period: period, windows: TrendWindows.of(period: period, lastDay: lastDay),
      minimumDays: minimumDays(period: period, occasional: series.metric.isOccasional), bar: bar, cycles: cycles)
  }

  /// The trend of `series` over `windows`, compared as `period` compares (a single day or
  /// several), needing `minimumDays` whole days in each window, with `bar` and `cycles` as above.
  static func trend(
    _ series: MetricSeries, period: InsightPeriod, windows: TrendWindows, minimumDays: (current: Int, baseline: Int),
    bar: Double = FalseClaimControl.singleComparisonBar, cycles: CycleCalendar? = nil
  ) -> Outcome {
    let outcome = unjudged(series, period: period, windows: windows, minimumDays: minimumDays)
    guard case .trend(let trend) = outcome else { return outcome }
    guard let cycles, let shift = LutealShift.shift(of: series, before: windows, cycles: cycles),
      case .trend(let adjusted) = unjudged(
        LutealShift.takingOff(shift, from: series, onLutealDaysOf: cycles, in: windows),
        period: period, windows: windows, minimumDays: minimumDays)
    else { return .trend(judged(trend, metric: series.metric, bar: bar)) }
    return .trend(judged(trend.adjusted(by: adjusted, shift: shift), metric: series.metric, bar: bar))
  }

  /// The trend of `series` over `windows` before it is held to a bar: its figures, direction
  /// and p-value.
  private static func unjudged(
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
    let worthMentioning = abs(change) >= threshold && abs(change) > 0
    let points = series.points(from: windows.baseline.lowerBound, through: windows.current.upperBound)
      .filter { !$0.isPartial }
      .map { (x: Double(windows.baseline.lowerBound.days(to: $0.day)), y: $0.value) }
    let slope = RobustStatistics.theilSenSlope(points)
    let test =
      metric.isHabit && period != .daily
      ? habitTest(current: current, baseline: baseline, period: period, metric: metric, points: points)
      : (
        pValue: pValue(
          change: change, current: current, baseline: baseline, period: period, floor: threshold / 2,
          latest: metric.aggregation == .latest,
          detrended: period == .daily ? nil : RobustStatistics.residualVariance(points, slope: slope)), habit: nil
      )
    let evidence: TrendEvidence =
      partialDay
      ? .partialDay
      : hasEvidence(
        current: current.count, baseline: baseline.count, period: period, metric: metric,
        baselineWindow: windows.baseline.lowerBound.days(to: windows.baseline.upperBound) + 1)
        ? .enough : .fewReadings
    let direction: TrendDirection = worthMentioning ? (change > 0 ? .up : .down) : .flat
    let trend = MetricTrend(
      metric: metric.id, unit: metric.unit, current: currentValue, baseline: baselineValue, change: change,
      // A difference from a baseline (wrist temperature) has no meaningful share of itself.
      changePercent: baselineValue != 0 && !metric.isDeviation ? change / abs(baselineValue) * 100 : nil,
      slopePerDay: slope, direction: direction, assessment: .stable, currentDays: current.count,
      baselineDays: baseline.count,
      recent: recent(series, period: period, windows: windows), evidence: evidence,
      size: worthMentioning ? .withinNoise : .negligible, threshold: threshold, partialDaysLeftOut: leftOut,
      currentPartialDaysLeftOut: currentPoints.count - (partialDay ? currentPoints.count : current.count),
      pValue: test.pValue, habit: test.habit,
      spread: baseline.count >= 2 ? RobustStatistics.variance(baseline).squareRoot() : nil)
    return .trend(trend)
  }

  /// `trend` held to `bar`: a difference worth mentioning is clear when its p-value is at most
  /// the bar, and a clear difference with enough readings is a claim, improving or declining.
  /// The figures stay as they are, so one computation can be judged against a report's bar.
  static func judged(_ trend: MetricTrend, metric: Metric, bar: Double) -> MetricTrend {
    var judged = trend
    let worthMentioning = trend.direction != .flat
    let beyondNoise = (trend.pValue ?? 1) <= bar
    judged.size = !worthMentioning ? .negligible : beyondNoise ? .clear : .withinNoise
    let claimed = trend.evidence == .enough && judged.size == .clear
    judged.assessment =
      claimed
      ? assessment(metric: metric, direction: trend.direction, current: trend.current, baseline: trend.baseline)
      : .stable
    return judged
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

  /// Whether the readings can carry a claim for the metric's sampling pattern. A day of an
  /// occasional metric is never a trend, but for a day's total logged on at least three in four
  /// of the `baselineWindow` days before: food logged every day is no occasional reading.
  static func hasEvidence(
    current: Int, baseline: Int, period: InsightPeriod, metric: Metric, baselineWindow: Int
  ) -> Bool {
    guard metric.isOccasional else { return true }
    guard period != .daily else { return metric.aggregation == .sum && baseline * 4 >= baselineWindow * 3 }
    return current >= occasionalReadingsForClaim && baseline >= occasionalReadingsForClaim
  }

  /// Occasional measurements (weight, VO2 max) are compared by their latest reading.
  private static func currentValue(_ values: [Double], metric: Metric) -> Double? {
    metric.aggregation == .latest ? values.last : RobustStatistics.mean(values)
  }

  /// How much the difference of the two means varies by chance: the pooled spread of single
  /// readings, never below `floor` (half the difference worth mentioning, standing in for the
  /// precision of one reading), so a baseline of identical readings cannot make any gap
  /// look certain. A single day, or the latest reading (`single`), is compared with the spread
  /// of single days.
  static func standardError(
    current: [Double], baseline: [Double], period: InsightPeriod, floor: Double, single: Bool = false
  ) -> Double {
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
    let currentCount = period == .daily || single ? 1 : max(1, current.count)
    return spread * (1 / Double(currentCount) + 1 / Double(max(1, baseline.count))).squareRoot()
  }

  /// The chance of a difference of the means at least as large as `change` when nothing
  /// changed: Student's t with the standard error above, on the degrees of freedom of the
  /// spread it used. Over a week or a month the spread is `detrended` when given: that of the
  /// days around the robust line through both windows, so a slow drift already under way in the
  /// weeks before is not taken for day-to-day noise (the line's fit costs a degree of freedom).
  static func pValue(
    change: Double, current: [Double], baseline: [Double], period: InsightPeriod, floor: Double,
    latest: Bool = false, detrended: (variance: Double, count: Int)? = nil
  ) -> Double {
    let error: Double
    let degrees: Double
    if period != .daily, let detrended, detrended.count > 3 {
      let currentCount = latest ? 1 : max(1, current.count)
      error =
        max(detrended.variance.squareRoot(), floor)
        * (1 / Double(currentCount) + 1 / Double(max(1, baseline.count))).squareRoot()
      degrees = Double(detrended.count - 2)
    } else {
      error = standardError(current: current, baseline: baseline, period: period, floor: floor, single: latest)
      let pooled = period != .daily && current.count >= 2
      degrees = Double(max(1, (pooled ? current.count - 1 : 0) + baseline.count - 1))
    }
    guard error > 0 else { return change == 0 ? 1 : 0 }
    return ChanceProbability.studentT(change / error, degrees: degrees)
  }

  /// Whether a habit's change is more than chance, and which change it is. A habit's days mix
  /// two things: how often there is a session, and how long the sessions are. Each is tested on
  /// its own (the share of days with a session by a two-proportion test, the mean session by
  /// Student's t with the worth-mentioning floor, so sessions of one fixed size cannot make
  /// every gap look certain); the claim rests on the clearer of the two, its p-value doubled
  /// for having looked twice, and only when it moved the same way as the amount a day. Water
  /// logged as 500 mL on four days of seven instead of half the days is no trend; one day
  /// without a session is no trend either.
  static func habitTest(
    current: [Double], baseline: [Double], period: InsightPeriod, metric: Metric,
    points: [(x: Double, y: Double)] = []
  ) -> (pValue: Double, habit: HabitChange?) {
    let currentSessions = current.filter { $0 != 0 }
    let baselineSessions = baseline.filter { $0 != 0 }
    guard !current.isEmpty, !baseline.isEmpty, let nowPerDay = RobustStatistics.mean(current),
      let beforePerDay = RobustStatistics.mean(baseline)
    else { return (1, nil) }
    let perDay = nowPerDay - beforePerDay
    var habit = HabitChange(
      basis: .frequency, currentDaysWithAny: currentSessions.count, currentDays: current.count,
      baselineDaysWithAny: baselineSessions.count, baselineDays: baseline.count,
      currentSession: RobustStatistics.mean(currentSessions), baselineSession: RobustStatistics.mean(baselineSessions))
    // How often.
    let n1 = Double(current.count)
    let n0 = Double(baseline.count)
    let p1 = Double(currentSessions.count) / n1
    let p0 = Double(baselineSessions.count) / n0
    let pooled = (Double(currentSessions.count) + Double(baselineSessions.count)) / (n1 + n0)
    let frequencyError = (pooled * (1 - pooled) * (1 / n1 + 1 / n0)).squareRoot()
    let frequencyP =
      frequencyError > 0 && (p1 - p0) * perDay > 0 ? ChanceProbability.normal((p1 - p0) / frequencyError) : 1
    // How long, when there are sessions on both sides to compare.
    var sessionP = 1.0
    if currentSessions.count >= 2, baselineSessions.count >= 2, let now = habit.currentSession,
      let before = habit.baselineSession, (now - before) * perDay > 0
    {
      let floor = metric.meaningfulChange.threshold(baseline: before) / 2
      let sessions = points.filter { $0.y != 0 }
      sessionP = pValue(
        change: now - before, current: currentSessions, baseline: baselineSessions, period: period, floor: floor,
        detrended: RobustStatistics.residualVariance(sessions, slope: RobustStatistics.theilSenSlope(sessions)))
    }
    if sessionP < frequencyP { habit.basis = .sessions }
    return (min(1, 2 * min(frequencyP, sessionP)), habit)
  }

  static func assessment(metric: Metric, direction: TrendDirection, current: Double, baseline: Double)
    -> Assessment
  {
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
