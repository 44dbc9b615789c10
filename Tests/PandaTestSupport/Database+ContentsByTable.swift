@testable import PandaStore

/// What a database holds, table by table, for comparing two databases of the same data.
extension Database {
  /// Every table's rows as their content says them, without the ids, runs and imports that
  /// differ between two databases holding the same data.
  func contentsByTable() throws -> [String: [String]] {
    let queries: [String: String] = [
      "samples": """
      SELECT t.identifier, t.unit, so.name, s.source_version, d.identity, s.start, s.end, s.value, s.category,
             s.created, s.metadata, s.beats
      FROM samples s JOIN sample_types t ON t.id = s.type_id JOIN sources so ON so.id = s.source_id
      LEFT JOIN devices d ON d.id = s.device_id
      """,
      "correlations": """
      SELECT c.type, so.name, c.start, c.end, c.created, c.metadata,
             (SELECT group_concat(s.start || ':' || s.value, ',') FROM correlation_samples cs
              JOIN samples s ON s.id = cs.sample_id WHERE cs.correlation_id = c.id)
      FROM correlations c JOIN sources so ON so.id = c.source_id
      """,
      "workouts": """
      SELECT w.activity_type, so.name, w.start, w.end, w.duration_seconds, w.total_distance_km, w.total_energy_kcal,
             w.metadata,
             (SELECT group_concat(type || '=' || ifnull(sum, '') || '/' || ifnull(average, ''), ',')
              FROM workout_statistics WHERE workout_id = w.id),
             (SELECT count(*) FROM workout_events WHERE workout_id = w.id),
             (SELECT group_concat(ifnull(path, ''), ',') FROM workout_routes WHERE workout_id = w.id)
      FROM workouts w JOIN sources so ON so.id = w.source_id
      """,
      "activity_summaries": """
      SELECT date, active_energy_kcal, active_energy_goal_kcal, move_minutes, move_minutes_goal, exercise_minutes,
             exercise_minutes_goal, stand_hours, stand_hours_goal FROM activity_summaries
      """,
      "daily_values": "SELECT * FROM daily_values",
      "daily_workouts": "SELECT * FROM daily_workouts",
      "profile": "SELECT * FROM profile",
      "sample_types": "SELECT identifier, unit FROM sample_types",
      "sources": "SELECT name FROM sources",
      "devices": "SELECT identity FROM devices",
    ]
    var data: [String: [String]] = [:]
    for (table, sql) in queries {
      data[table] = try rows(sql).map { $0.values.map { "\($0)" }.joined(separator: "|") }.sorted()
    }
    return data
  }
}
