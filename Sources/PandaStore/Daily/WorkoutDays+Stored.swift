extension WorkoutDays.Entry {
  /// The columns a stored workout is read with, from `workouts w`: activity type, start, end,
  /// duration in seconds, distance in km and energy in kcal, the totals taken from the workout's
  /// statistics where it has none of its own.
  static let storedColumns = """
    w.activity_type, w.start, w.end, w.duration_seconds,
      coalesce(w.total_distance_km, (SELECT sum(s.sum) FROM workout_statistics s
        WHERE s.workout_id = w.id AND s.type LIKE 'HKQuantityTypeIdentifierDistance%' AND s.unit = 'km'))
        AS distance_km,
      coalesce(w.total_energy_kcal, (SELECT sum(s.sum) FROM workout_statistics s
        WHERE s.workout_id = w.id AND s.type = 'HKQuantityTypeIdentifierActiveEnergyBurned' AND s.unit = 'kcal'))
        AS energy_kcal
    """

  /// The workout in `row`, which holds the `storedColumns`, ranked `rank`; nil without a type or
  /// times. A workout without a duration lasts from its start to its end.
  static func stored(_ row: Row, rank: Int) -> Self? {
    guard let type = row.text("activity_type"), let start = row.integer("start"), let end = row.integer("end")
    else { return nil }
    let seconds = row.real("duration_seconds").flatMap { $0 > 0 ? $0 : nil } ?? Double(end - start)
    return Self(
      activityType: type, start: start, end: end, minutes: seconds / 60, distance: row.real("distance_km"),
      energy: row.real("energy_kcal"), rank: rank)
  }
}
