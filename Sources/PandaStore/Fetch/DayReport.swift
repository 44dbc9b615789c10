import Foundation
import PandaCore

/// Every metric's value on one day, as `panda metrics` shows it: what the day has, what is
/// missing, what was only partly recorded, and the day's workouts.
package struct DayReport: Encodable, Sendable {
  /// One metric's value on the day, as printed.
  package struct Entry: Encodable, Sendable {
    package var metric: String
    package var category: HealthCategory
    package var name: String
    package var unit: String
    package var value: Double?
    /// Whether the day was only partly recorded (see docs/counting.md).
    package var partial: Bool
    package var warning: String?
    /// For a measure that rarely changes (height), the day of the latest value shown.
    package var measured: CalendarDay?

    /// Creates a value from its stored properties.
    init(
      metric: String, category: HealthCategory, name: String, unit: String, value: Double? = nil, partial: Bool,
      warning: String? = nil, measured: CalendarDay? = nil
    ) {
      self.metric = metric
      self.category = category
      self.name = name
      self.unit = unit
      self.value = value
      self.partial = partial
      self.warning = warning
      self.measured = measured
    }
  }

  package var date: CalendarDay
  package var timeZone: String
  package var available: Int
  package var total: Int
  package var metrics: [Entry]
  /// The day's workouts by activity type.
  package var workouts: [WorkoutDayTotal]

  /// The report of the snapshot's day: measures that rarely change (height) by their latest value.
  package static func compute(_ snapshot: HealthSnapshot, zone: TimeZone) -> DayReport {
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

  /// Creates a value from its stored properties.
  init(
    date: CalendarDay, timeZone: String, available: Int, total: Int, metrics: [Entry], workouts: [WorkoutDayTotal]
  ) {
    self.date = date
    self.timeZone = timeZone
    self.available = available
    self.total = total
    self.metrics = metrics
    self.workouts = workouts
  }
}
