/// One day's value of a metric.
public struct DailyPoint: Sendable, Equatable, Codable {
  public var day: CalendarDay
  public var value: Double
  /// Whether the sources recorded only part of the day, so that the value cannot be compared
  /// with a whole day's.
  public var isPartial: Bool

  public init(day: CalendarDay, value: Double, isPartial: Bool = false) {
    self.day = day
    self.value = value
    self.isPartial = isPartial
  }
}

/// A metric's daily values over the snapshot's window, and whether data is missing.
public struct MetricSeries: Sendable, Equatable {
  public let metric: Metric
  /// Days with a value, oldest first, within the snapshot window.
  public let points: [DailyPoint]
  /// The last day with a value on or before the snapshot's day, however long ago.
  public let lastDay: CalendarDay?

  /// Whether the metric has data, and how recent.
  public enum Availability: Sendable, Equatable {
    /// No sample of this metric was ever imported.
    case never
    /// Data exists, but none in the last `HealthFetcher.recentDays` days.
    case stale(since: CalendarDay)
    case current
  }

  public let availability: Availability
  /// The value on `lastDay`: what a measure that rarely changes (height) is shown by.
  public var lastValue: Double? = nil

  /// The value on `day`, if there is one.
  public func value(on day: CalendarDay) -> Double? {
    var low = 0
    var high = points.count
    while low < high {
      let middle = (low + high) / 2
      if points[middle].day < day { low = middle + 1 } else { high = middle }
    }
    return low < points.count && points[low].day == day ? points[low].value : nil
  }

  /// The points from `first` through `last`.
  public func points(from first: CalendarDay, through last: CalendarDay) -> ArraySlice<DailyPoint> {
    let start = points.firstIndex { $0.day >= first } ?? points.count
    let end = points.lastIndex { $0.day <= last }.map { $0 + 1 } ?? 0
    return start < end ? points[start..<end] : []
  }
}

/// Every category's daily series as of one day: what the trend jobs read.
public struct HealthSnapshot: Sendable, Equatable {
  /// The day the snapshot is taken on.
  public let asOf: CalendarDay
  /// The days the series cover.
  public let window: DayRange
  /// Every catalogue metric, in catalogue order.
  public let series: [MetricSeries]
  /// The window's workouts by day and activity type, oldest first.
  public var workouts: [WorkoutDayTotal] = []
  /// The window's Move, Exercise and Stand goals from the activity summaries, oldest first.
  public var activityGoals: [ActivityGoalDay] = []

  /// The series of the metric with `id`.
  public func series(_ id: String) -> MetricSeries? { series.first { $0.metric.id == id } }

  /// The series of one category, in catalogue order.
  public func series(in category: HealthCategory) -> [MetricSeries] {
    series.filter { $0.metric.category == category }
  }

  /// The workouts from `first` through `last`, totalled by activity type, most minutes first.
  public func workoutTypes(from first: CalendarDay, through last: CalendarDay) -> [WorkoutDayTotal] {
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
  public var missing: [Metric] { series.filter { $0.availability == .never }.map(\.metric) }
}
