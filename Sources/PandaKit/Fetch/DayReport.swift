import Foundation

/// Every metric's value on one day, as `panda metrics` shows it: what the day has, what is
/// missing, what was only partly recorded, and the day's workouts.
struct DayReport: Encodable, Sendable {
  /// One metric's value on the day, as printed.
  struct Entry: Encodable, Sendable {
    var metric: String
    var category: HealthCategory
    var name: String
    var unit: String
    var value: Double?
    /// Whether the day was only partly recorded (see docs/counting.md).
    var partial: Bool
    var warning: String?
    /// For a measure that rarely changes (height), the day of the latest value shown.
    var measured: CalendarDay?
  }

  var date: CalendarDay
  var timeZone: String
  var available: Int
  var total: Int
  var metrics: [Entry]
  /// The day's workouts by activity type.
  var workouts: [WorkoutDayTotal]

  /// The report of the snapshot's day: measures that rarely change (height) by their latest value.
  static func compute(_ snapshot: HealthSnapshot, zone: TimeZone) -> DayReport {
    let entries = snapshot.series.map { series in
      let metric = series.metric
      // A measure that rarely changes is shown by its latest value, with its day.
      let latest =
        !metric.isTrended && metric.aggregation == .latest && series.value(on: snapshot.asOf) == nil
        ? series.lastDay : nil
      let value = latest == nil ? series.value(on: snapshot.asOf) : series.lastValue
      let partial = series.points.last { $0.day == snapshot.asOf }?.isPartial ?? false
      let warning = value.flatMap { value in
        metric.isImplausible(value)
          ? "outside the plausible range \(MetricFormatter.decimal(metric.plausibleRange.lowerBound, places: 1))–"
            + "\(MetricFormatter.string(metric.plausibleRange.upperBound, unit: metric.unit))"
          : nil
      }
      return Entry(
        metric: metric.id, category: metric.category, name: metric.name, unit: metric.unit, value: value,
        partial: partial, warning: warning, measured: latest)
    }
    return DayReport(
      date: snapshot.asOf, timeZone: zone.identifier,
      available: entries.filter { $0.value != nil && $0.measured == nil }.count,
      total: entries.count, metrics: entries,
      workouts: snapshot.workoutTypes(from: snapshot.asOf, through: snapshot.asOf))
  }
}
