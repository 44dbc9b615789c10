/// The owner of `workouts` and of what each holds: `workout_statistics`, `workout_events` and
/// `workout_routes`.
package struct WorkoutTable {
  /// The database holding the tables.
  let database: Database

  /// The tables of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// Inserts an export's workout unless it is stored: activity_type, source_id, source_version,
  /// device_id, start, end, created, duration_seconds, total_distance_km, total_energy_kcal,
  /// metadata, import_id, run.
  package func insertStatement() throws -> Statement {
    try database.cachedStatement(
      """
      INSERT INTO workouts
        (activity_type, source_id, source_version, device_id, start, end, created, duration_seconds,
         total_distance_km, total_energy_kcal, metadata, import_id, run)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT DO NOTHING
      """)
  }

  /// Moves a stored workout into a run: run, activity_type, start, end, source_id, then the
  /// reading import's first run (rows already moved into one of its runs stay put).
  package func markStatement() throws -> Statement {
    try database.cachedStatement(
      """
      UPDATE workouts SET run = ?
      WHERE activity_type = ? AND start = ? AND end = ? AND source_id = ? AND (run IS NULL OR run < ?)
      """)
  }

  /// Stores one statistic of workout `workoutID`.
  package func insertStatistic(
    workoutID: Int64, type: String, unit: String?, sum: Double?, average: Double?, minimum: Double?, maximum: Double?
  ) throws {
    try database.execute(
      "INSERT INTO workout_statistics (workout_id, type, unit, sum, average, minimum, maximum) VALUES (?, ?, ?, ?, ?, ?, ?)",
      [
        .integer(workoutID), .text(type), SQLValue(unit), SQLValue(sum), SQLValue(average), SQLValue(minimum),
        SQLValue(maximum),
      ])
  }

  /// Stores one event of workout `workoutID`.
  package func insertEvent(workoutID: Int64, type: String, date: Int64?, durationSeconds: Double?) throws {
    try database.execute(
      "INSERT INTO workout_events (workout_id, type, date, duration_seconds) VALUES (?, ?, ?, ?)",
      [.integer(workoutID), .text(type), SQLValue(date), SQLValue(durationSeconds)])
  }

  /// Stores one route of workout `workoutID`.
  package func insertRoute(workoutID: Int64, path: String?, start: Int64?, end: Int64?, inlinePoints: Int) throws {
    try database.execute(
      "INSERT INTO workout_routes (workout_id, path, start, end, inline_points) VALUES (?, ?, ?, ?, ?)",
      [.integer(workoutID), SQLValue(path), SQLValue(start), SQLValue(end), .integer(Int64(inlinePoints))])
  }

  /// Stores a workout Health Auto Export sent, known by its activity, source, start and end;
  /// one sent again with other figures replaces them.
  package func storePushed(
    activityType: String, sourceID: Int64, start: Int64, end: Int64, durationSeconds: Double,
    distanceKilometres: Double?, energyKilocalories: Double?, metadata: String, importID: Int64
  ) throws -> UpsertOutcome {
    let values: [SQLValue] = [
      .text(activityType), .integer(sourceID), .integer(start), .integer(end), .real(durationSeconds),
      SQLValue(distanceKilometres), SQLValue(energyKilocalories), .text(metadata), .integer(importID),
    ]
    try database.execute(
      """
      INSERT INTO workouts (activity_type, source_id, start, end, duration_seconds, total_distance_km,
                            total_energy_kcal, metadata, import_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT DO NOTHING
      """, values)
    if database.changes > 0 { return .inserted }
    try database.execute(
      """
      UPDATE workouts SET duration_seconds = ?5, total_distance_km = ?6, total_energy_kcal = ?7, metadata = ?8,
                          import_id = ?9
      WHERE activity_type = ?1 AND source_id = ?2 AND start = ?3 AND end = ?4
        AND (duration_seconds IS NOT ?5 OR total_distance_km IS NOT ?6 OR total_energy_kcal IS NOT ?7)
      """, values)
    return database.changes > 0 ? .updated : .unchanged
  }

  /// How many workouts `missing` holds.
  package func count(_ missing: ExportRunTable.Missing) throws -> Int {
    let row = try database.firstRow(
      "SELECT count(*) AS matching FROM workouts WHERE \(ExportRunTable.missingRow)", missing.bounds)
    return Int(row?.integer("matching") ?? 0)
  }

  /// Deletes the workouts `missing` holds, with what they hold.
  package func delete(_ missing: ExportRunTable.Missing) throws {
    for table in ["workout_statistics", "workout_events", "workout_routes"] {
      try database.execute(
        "DELETE FROM \(table) WHERE workout_id IN (SELECT id FROM workouts WHERE \(ExportRunTable.missingRow))",
        missing.bounds)
    }
    try database.execute("DELETE FROM workouts WHERE \(ExportRunTable.missingRow)", missing.bounds)
  }
}
