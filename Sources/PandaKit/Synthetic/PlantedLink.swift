/// A link planted in synthetic daily values: the effect moves by `slope` (effect units per
/// cause unit) with the cause's day-to-day variation `lagDays` days earlier.
public struct PlantedLink: Sendable, Equatable {
  public var cause: String
  public var effect: String
  public var lagDays: Int
  public var slope: Double

  public init(cause: String, effect: String, lagDays: Int, slope: Double) {
    self.cause = cause
    self.effect = effect
    self.lagDays = lagDays
    self.slope = slope
  }
}

/// An illness-like episode planted in synthetic daily values: for `days` days from `start`,
/// resting heart rate up 7 bpm, HRV down 30 %, respiratory rate up 2 breaths/min, wrist
/// temperature up 0.7 °C and blood oxygen down 1.5 points, all times `strength`.
public struct PlantedEpisode: Sendable, Equatable {
  public var start: CalendarDay
  public var days: Int
  public var strength: Double

  public init(start: CalendarDay, days: Int, strength: Double = 1) {
    self.start = start
    self.days = days
    self.strength = strength
  }

  /// The last day of the episode.
  public var end: CalendarDay { start.adding(days: days - 1) }
}
