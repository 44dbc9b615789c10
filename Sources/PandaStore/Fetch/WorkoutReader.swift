import PandaCore

/// Reads stored workouts one by one, with a session recorded by two sources counted once (see
/// `WorkoutDays.sessions`), as the daily totals count them.
package struct WorkoutReader {
  let database: Database
  package let context: DailyContext

  /// The workouts that start on the local days `first` through `last`, in start order.
  package func workouts(from first: CalendarDay, through last: CalendarDay) throws -> [WorkoutDays.Entry] {
    let start = LocalDay.start(of: first, in: context.zone)
    let end = LocalDay.start(of: last.adding(days: 1), in: context.zone)
    var entries: [WorkoutDays.Entry] = []
    // Two hours either side, so a session recorded twice is merged whichever copy falls inside.
    for row in try database.rows(
      """
      SELECT \(WorkoutDays.Entry.storedColumns), src.name AS source, d.name AS device, d.model AS device_model
      FROM workouts w JOIN sources src ON src.id = w.source_id LEFT JOIN devices d ON d.id = w.device_id
      WHERE w.start >= ? AND w.start < ? ORDER BY w.start
      """, [.integer(start - 7_200), .integer(end + 7_200)])
    {
      let source = row.text("source") ?? ""
      let rank = context.priority.rank(
        sourceName: source, deviceName: row.text("device"), deviceModel: row.text("device_model"))
      guard var entry = WorkoutDays.Entry.stored(row, rank: rank) else { continue }
      entry.source = source
      entries.append(entry)
    }
    return WorkoutDays.sessions(entries).filter { $0.start >= start && $0.start < end }
  }

  /// The activity types of the stored workouts (`HKWorkoutActivityTypeRunning`), with how many of
  /// each, most first.
  package func activityTypes() throws -> [(type: String, count: Int)] {
    try database.rows(
      "SELECT activity_type, COUNT(*) AS workouts FROM workouts GROUP BY activity_type ORDER BY workouts DESC"
    ).compactMap { row in row.text("activity_type").map { ($0, Int(row.integer("workouts") ?? 0)) } }
  }

  /// Creates a value from its stored properties.
  package init(database: Database, context: DailyContext) {
    self.database = database
    self.context = context
  }
}
