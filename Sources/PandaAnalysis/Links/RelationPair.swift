import PandaCore

/// One paired day a link was tested on: the cause's deviation from its usual on `day` and the
/// effect's deviation from its own usual `lagDays` later, in the metrics' catalogue units (the
/// slow trend and the weekly rhythm taken away, as `DayToDayVariation` does).
package struct RelationPair: Sendable, Equatable {
  /// The cause's day; the effect's day follows it by the link's lag.
  package var day: CalendarDay
  /// How far the cause was from its usual that day.
  package var cause: Double
  /// How far the effect was from its usual on its day.
  package var effect: Double

  init(day: CalendarDay, cause: Double, effect: Double) {
    self.day = day
    self.cause = cause
    self.effect = effect
  }
}
