/// One day's workouts of one activity type: how many, and their minutes, distance and energy.
public struct WorkoutDayTotal: Sendable, Equatable, Codable {
  public var day: CalendarDay
  /// The HealthKit type (`HKWorkoutActivityTypeWalking`); `WorkoutActivity.name` says it in words.
  public var activityType: String
  public var workouts: Int
  public var minutes: Double
  /// Kilometres; 0 when the workouts recorded none (strength training).
  public var distance: Double
  /// Kilocalories of active energy; 0 when the workouts recorded none.
  public var energy: Double

  public init(
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
