import PandaCore

/// A metric's daily values over the snapshot's window, and whether data is missing.
package struct MetricSeries: Sendable, Equatable {
  package let metric: Metric
  /// Days with a value, oldest first, within the snapshot window.
  package let points: [DailyPoint]
  /// The last day with a value on or before the snapshot's day, however long ago.
  package let lastDay: CalendarDay?

  /// Whether the metric has data, and how recent.
  package enum Availability: Sendable, Equatable {
    /// No sample of this metric was ever imported.
    case never
    /// Data exists, but none in the last `HealthFetcher.recentDays` days.
    case stale(since: CalendarDay)
    case current
  }

  package let availability: Availability
  /// The value on `lastDay`: what a measure that rarely changes (height) is shown by.
  package var lastValue: Double? = nil

  /// The value on `day`, if there is one.
  package func value(on day: CalendarDay) -> Double? {
    var low = 0
    var high = points.count
    while low < high {
      let middle = (low + high) / 2
      if points[middle].day < day { low = middle + 1 } else { high = middle }
    }
    return low < points.count && points[low].day == day ? points[low].value : nil
  }

  /// The points from `first` through `last`.
  package func points(from first: CalendarDay, through last: CalendarDay) -> ArraySlice<DailyPoint> {
    let start = points.firstIndex { $0.day >= first } ?? points.count
    let end = points.lastIndex { $0.day <= last }.map { $0 + 1 } ?? 0
    return start < end ? points[start..<end] : []
  }

  /// Creates a value from its stored properties.
  package init(
    metric: Metric, points: [DailyPoint], lastDay: CalendarDay?, availability: Availability, lastValue: Double? = nil
  ) {
    self.metric = metric
    self.points = points
    self.lastDay = lastDay
    self.availability = availability
    self.lastValue = lastValue
  }
}
