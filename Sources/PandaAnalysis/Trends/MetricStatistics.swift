import PandaCore
import PandaStore

/// Totals, means and extremes of a metric's daily values over a period, whole or per calendar
/// week (Monday to Sunday) or month.
package struct MetricStatistics: Sendable, Equatable, Encodable {
  /// How to split a period.
  package enum Grouping: String, Sendable {
    case week, month
  }

  /// The figures of one stretch of days.
  package struct Summary: Sendable, Equatable, Encodable {
    /// `2025-06` for a month, the Monday `2025-06-02` for a week, the ISO 8601 interval
    /// `2025-06-01/2025-06-30` for the whole period.
    package var period: String
    /// The first and last day of the stretch.
    package var from: CalendarDay
    package var to: CalendarDay
    /// Whole days with a value: the days the figures are of.
    package var days: Int
    /// The sum of the daily values, for metrics whose days add up (steps, energy, minutes);
    /// `nil` without any value, as 0 would claim a day of nothing.
    package var total: Double?
    /// The mean of the days with a value.
    package var mean: Double?
    /// The lowest and highest day.
    package var min: Double?
    package var max: Double?
    /// Partly recorded days (`DailyPoint.isPartial`), left out of the figures as insights leave
    /// them out: a day the watch was off for most of would pull the mean and the minimum down.
    package var partialDaysLeftOut: Int = 0

    /// Creates a value from its stored properties.
    init(
      period: String, from: CalendarDay, to: CalendarDay, days: Int, total: Double? = nil, mean: Double? = nil,
      min: Double? = nil, max: Double? = nil, partialDaysLeftOut: Int = 0
    ) {
      self.period = period
      self.from = from
      self.to = to
      self.days = days
      self.total = total
      self.mean = mean
      self.min = min
      self.max = max
      self.partialDaysLeftOut = partialDaysLeftOut
    }
  }

  /// The metric id and its unit.
  package var metric: String
  var unit: String
  /// The whole period.
  package var summary: Summary
  /// Per week or month with `--by`; empty otherwise.
  package var groups: [Summary]

  /// The statistics of `points` (one metric's daily values) from `from` through `to`, of the
  /// whole days only: partly recorded ones are counted apart.
  package static func compute(
    metric: Metric, points: [DailyPoint], from: CalendarDay, to: CalendarDay, by grouping: Grouping?
  ) -> MetricStatistics {
    let inRange = points.filter { $0.day >= from && $0.day <= to }
    let summed = isSummed(metric)
    var groups: [Summary] = []
    if let grouping {
      var start = from
      while start <= to {
        let (label, next) = Self.group(of: start, by: grouping)
        let end = Swift.min(to, next.adding(days: -1))
        groups.append(
          summary(
            label, from: start, to: end, points: inRange.filter { $0.day >= start && $0.day <= end }, summed: summed))
        start = next
      }
    }
    return MetricStatistics(
      metric: metric.id, unit: metric.unit,
      summary: summary("\(from.iso)/\(to.iso)", from: from, to: to, points: inRange, summed: summed), groups: groups)
  }

  /// Whether a metric's days add up to a meaningful total.
  package static func isSummed(_ metric: Metric) -> Bool {
    switch metric.aggregation {
    case .sum, .duration, .hoursWith, .workouts: true
    case .mean, .latest, .sleep, .nightlyDeviation: false
    }
  }

  private static func summary(
    _ period: String, from: CalendarDay, to: CalendarDay, points: [DailyPoint], summed: Bool
  ) -> Summary {
    let values = points.filter { !$0.isPartial }.map(\.value)
    let total = values.reduce(0, +)
    return Summary(
      period: period, from: from, to: to, days: values.count, total: summed && !values.isEmpty ? total : nil,
      mean: values.isEmpty ? nil : total / Double(values.count), min: values.min(), max: values.max(),
      partialDaysLeftOut: points.count - values.count)
  }

  /// The label of the week or month holding `day`, and the first day of the next one.
  static func group(of day: CalendarDay, by grouping: Grouping) -> (label: String, next: CalendarDay) {
    switch grouping {
    case .week:
      // Day 0 (1970-01-01) was a Thursday.
      let monday = day.adding(days: -(((day.ordinal + 3) % 7 + 7) % 7))
      return (monday.iso, monday.adding(days: 7))
    case .month:
      let (year, month, dayOfMonth) = day.components
      let length = CalendarDay(iso: nextMonthISO(year: year, month: month)).map { $0.ordinal - day.ordinal }
      return (String(day.iso.prefix(7)), day.adding(days: length ?? (32 - dayOfMonth)))
    }
  }

  private static func nextMonthISO(year: Int, month: Int) -> String {
    let (nextYear, nextMonth) = month == 12 ? (year + 1, 1) : (year, month + 1)
    return "\(nextYear)-\(nextMonth < 10 ? "0" : "")\(nextMonth)-01"
  }

  /// Creates a value from its stored properties.
  init(metric: String, unit: String, summary: Summary, groups: [Summary]) {
    self.metric = metric
    self.unit = unit
    self.summary = summary
    self.groups = groups
  }
}
