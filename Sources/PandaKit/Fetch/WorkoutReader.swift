/// Reads stored workouts one by one, with a session recorded by two sources counted once (see
/// `WorkoutDays.sessions`), as the daily totals count them.
struct WorkoutReader {
  let database: Database
  let context: DailyContext

  /// The workouts that start on the local days `first` through `last`, in start order.
  func workouts(from first: CalendarDay, through last: CalendarDay) throws -> [WorkoutDays.Entry] {
    let start = LocalDay.start(of: first, in: context.zone)
    let end = LocalDay.start(of: last.adding(days: 1), in: context.zone)
    var entries: [WorkoutDays.Entry] = []
    // Two hours either side, so a session recorded twice is merged whichever copy falls inside.
    for row in try database.rows(
      """
      SELECT w.activity_type, w.start, w.end, w.duration_seconds,
        coalesce(w.total_distance_km, (SELECT sum(s.sum) FROM workout_statistics s
          WHERE s.workout_id = w.id AND s.type LIKE 'HKQuantityTypeIdentifierDistance%' AND s.unit = 'km')),
        coalesce(w.total_energy_kcal, (SELECT sum(s.sum) FROM workout_statistics s
          WHERE s.workout_id = w.id AND s.type = 'HKQuantityTypeIdentifierActiveEnergyBurned' AND s.unit = 'kcal')),
        src.name, d.name, d.model
      FROM workouts w JOIN sources src ON src.id = w.source_id LEFT JOIN devices d ON d.id = w.device_id
      WHERE w.start >= ? AND w.start < ? ORDER BY w.start
      """, [.integer(start - 7_200), .integer(end + 7_200)])
    {
      guard let type = row.text(0), let begin = row.integer(1), let finish = row.integer(2) else { continue }
      let source = row.text(6) ?? ""
      let duration = row.real(3).flatMap { $0 > 0 ? $0 : nil } ?? Double(finish - begin)
      entries.append(
        WorkoutDays.Entry(
          activityType: type, start: begin, end: finish, minutes: duration / 60, distance: row.real(4),
          energy: row.real(5),
          rank: context.priority.rank(sourceName: source, deviceName: row.text(7), deviceModel: row.text(8)),
          source: source))
    }
    return WorkoutDays.sessions(entries).filter { $0.start >= start && $0.start < end }
  }
}
