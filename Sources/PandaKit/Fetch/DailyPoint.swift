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
