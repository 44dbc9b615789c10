import PandaCore

/// The Move, Exercise and Stand goals an activity summary holds for one calendar day (`nil`
/// where it holds none, or a goal of 0).
package struct ActivityGoalDay: Sendable, Equatable {
  package var day: CalendarDay
  /// Active energy, kcal.
  package var move: Double?
  /// Exercise minutes.
  package var exercise: Double?
  /// Stand hours.
  package var stand: Double?

  init(day: CalendarDay, move: Double?, exercise: Double?, stand: Double?) {
    self.day = day
    self.move = move
    self.exercise = exercise
    self.stand = stand
  }
}
