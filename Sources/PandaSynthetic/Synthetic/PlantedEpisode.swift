import PandaCore

/// An illness-like episode planted in synthetic daily values: for `days` days from `start`,
/// resting heart rate up 7 bpm, HRV down 30 %, respiratory rate up 2 breaths/min, wrist
/// temperature up 0.7 °C and blood oxygen down 1.5 points, all times `strength`.
package struct PlantedEpisode: Sendable, Equatable {
  package var start: CalendarDay
  var days: Int
  var strength: Double

  package init(start: CalendarDay, days: Int, strength: Double = 1) {
    self.start = start
    self.days = days
    self.strength = strength
  }

  /// The last day of the episode.
  package var end: CalendarDay { start.adding(days: days - 1) }
}
