import PandaCore

/// Every category's daily series as of one day: what the trend jobs read.
package struct HealthSnapshot: Sendable, Equatable {
  /// The day the snapshot is taken on.
  package let asOf: CalendarDay
  /// The days the series cover.
  package let window: DayRange
  /// Every catalogue metric, in catalogue order.
  package let series: [MetricSeries]
  /// The window's workouts by day and activity type, oldest first.
  var workouts: [WorkoutDayTotal] = []
  /// The window's Move, Exercise and Stand goals from the activity summaries, oldest first.
  package var activityGoals: [ActivityGoalDay] = []
  /// The window's menstrual flow and symptom records.
  package var records = CategoryRecords()

  /// The series of the metric with `id`.
  package func series(_ id: String) -> MetricSeries? { series.first { $0.metric.id == id } }

  /// The series of one category, in catalogue order.
  package func series(in category: HealthCategory) -> [MetricSeries] {
    series.filter { $0.metric.category == category }
  }

  /// The workouts from `first` through `last`, totalled by activity type, most minutes first.
  package func workoutTypes(from first: CalendarDay, through last: CalendarDay) -> [WorkoutDayTotal] {
    var byType: [String: WorkoutDayTotal] = [:]
    for total in workouts where total.day >= first && total.day <= last {
      var sum = byType[total.activityType] ?? total
      if byType[total.activityType] != nil {
        sum.workouts += total.workouts
        sum.minutes += total.minutes
        sum.distance += total.distance
        sum.energy += total.energy
      }
      sum.day = last
      byType[total.activityType] = sum
    }
    return byType.values.sorted { ($0.minutes, $1.activityType) > ($1.minutes, $0.activityType) }
  }

  /// Metrics with no data at all.
  var missing: [Metric] { series.filter { $0.availability == .never }.map(\.metric) }

  /// Creates a value from its stored properties.
  init(
    asOf: CalendarDay, window: DayRange, series: [MetricSeries], workouts: [WorkoutDayTotal] = [],
    activityGoals: [ActivityGoalDay] = [], records: CategoryRecords = CategoryRecords()
  ) {
    self.asOf = asOf
    self.window = window
    self.series = series
    self.workouts = workouts
    self.activityGoals = activityGoals
    self.records = records
  }
}
