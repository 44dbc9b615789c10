/// Workout counts as people count them: per week, since a daily mean of 0.4 workouts means
/// little. The report, the offline analyzer and the data guidance all say them through here.
package enum WorkoutRate {
  /// The weekly figure of a daily mean: workouts, or minutes of workout time.
  package static func weekly(_ perDay: Double) -> Double { perDay * 7 }

  /// "3.5": the workouts a week of a daily mean, to one decimal.
  package static func perWeek(_ perDay: Double) -> String { MetricFormatter.decimal(weekly(perDay), places: 1) }

  /// "3.5 a week".
  package static func perWeekPhrase(_ perDay: Double) -> String { "\(perWeek(perDay)) a week" }

  /// "0.8 a day": a daily mean beside a day's own count, so both are per day.
  static func perDayPhrase(_ perDay: Double) -> String { "\(MetricFormatter.decimal(perDay, places: 1)) a day" }

  /// "4 workouts", "1 workout": a count of workouts done.
  package static func count(_ workouts: Double) -> String { MetricFormatter.string(workouts, unit: "workouts") }
}
