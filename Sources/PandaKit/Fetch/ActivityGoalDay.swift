/// The Move, Exercise and Stand goals an activity summary holds for one calendar day (`nil`
/// where it holds none, or a goal of 0).
public struct ActivityGoalDay: Sendable, Equatable {
  public var day: CalendarDay
  /// Active energy, kcal.
  public var move: Double?
  /// Exercise minutes.
  public var exercise: Double?
  /// Stand hours.
  public var stand: Double?

  public init(day: CalendarDay, move: Double?, exercise: Double?, stand: Double?) {
    self.day = day
    self.move = move
    self.exercise = exercise
    self.stand = stand
  }
}
