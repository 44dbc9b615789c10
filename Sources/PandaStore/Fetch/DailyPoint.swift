import PandaCore

/// One day's value of a metric.
package struct DailyPoint: Sendable, Equatable, Codable {
  package var day: CalendarDay
  package var value: Double
  /// Whether the sources recorded only part of the day, so that the value cannot be compared
  /// with a whole day's.
  package var isPartial: Bool
  /// Whether the value was derived from other metrics rather than recorded: a resting heart rate
  /// from heart rate and steps on a day no device wrote one.
  package var isDerived: Bool

  package init(day: CalendarDay, value: Double, isPartial: Bool = false, isDerived: Bool = false) {
    self.day = day
    self.value = value
    self.isPartial = isPartial
    self.isDerived = isDerived
  }
}
