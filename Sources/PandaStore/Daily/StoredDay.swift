/// A metric's stored value for one day (its row of `daily_values`), as `panda series` shows it.
package struct StoredDay: Sendable, Equatable {
  /// Where a value came from when no sample of the day counted.
  package enum Fill: Int64, Sendable {
    /// The day's samples.
    case samples = 0
    /// A habit's 0 on a day the devices were in use.
    case zero = 1
    /// The day's figure from the Health app's activity summary.
    case activitySummary = 2
    /// Resting heart rate derived from heart rate and steps (`DerivedRestingHeartRate`) on a day
    /// no device wrote one.
    case derived = 3
  }

  /// The value, in the metric's unit.
  package var value: Double
  /// Whether the day was only partly recorded.
  package var isPartial: Bool
  /// Where the value came from.
  package var fill: Fill

  /// Creates a value from its stored properties.
  init(value: Double, isPartial: Bool, fill: Fill) {
    self.value = value
    self.isPartial = isPartial
    self.fill = fill
  }
}
