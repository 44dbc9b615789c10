import PandaCore
import PandaStore

extension TrendCalculator {
  /// The trend of `series` between two stretches of days a caller chose, judged as the insights
  /// judge theirs: a single day is compared as a day, anything longer as a period, and each
  /// stretch needs whole days on at least half of its days (an occasional metric one reading).
  /// With `cycles`, a metric the luteal phase moves is also compared with the person's luteal
  /// shift taken off the luteal days of both stretches, as the insights do (`trend(_:period:
  /// windows:minimumDays:bar:cycles:)`); `series` then needs the `LutealShift.trendDays` days
  /// before `current` for the shift.
  package static func trend(
    _ series: MetricSeries, current: DayRange, baseline: DayRange, cycles: CycleCalendar? = nil
  ) -> Outcome {
    let currentLength = current.count
    let baselineLength = baseline.count
    let minimum =
      series.metric.isOccasional
      ? (current: 1, baseline: 1)
      : (current: (currentLength + 1) / 2, baseline: (baselineLength + 1) / 2)
    return trend(
      series, period: currentLength == 1 ? .daily : .weekly,
      windows: TrendWindows(current: current.closedRange, baseline: baseline.closedRange), minimumDays: minimum,
      cycles: cycles)
  }
}
