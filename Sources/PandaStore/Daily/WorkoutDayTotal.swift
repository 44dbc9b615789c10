import PandaCore

/// One day's workouts of one activity type: how many, and their minutes, distance and energy.
package struct WorkoutDayTotal: Sendable, Equatable, Codable {
  package var day: CalendarDay
  /// The HealthKit type (`HKWorkoutActivityTypeWalking`); `WorkoutActivity.name` says it in words.
  package var activityType: String
  package var workouts: Int
  package var minutes: Double
  /// Kilometres; 0 when the workouts recorded none (strength training).
  package var distance: Double
  /// Kilocalories of active energy; 0 when the workouts recorded none.
  package var energy: Double

  init(
    day: CalendarDay, activityType: String, workouts: Int, minutes: Double, distance: Double, energy: Double
  ) {
    self.day = day
    self.activityType = activityType
    self.workouts = workouts
    self.minutes = minutes
    self.distance = distance
    self.energy = energy
  }
}
