/// The owner of `activity_summaries`: one row per day of the Activity rings an export holds.
package struct ActivitySummaryTable {
  /// One day's rings, as stored.
  package struct Record: Sendable, Equatable {
    /// `date`: the day, ISO.
    var date: String
    /// `active_energy_kcal`.
    var activeEnergy: Double?
    /// `active_energy_goal_kcal`.
    var activeEnergyGoal: Double?
    /// `move_minutes`.
    var moveMinutes: Double?
    /// `move_minutes_goal`.
    var moveMinutesGoal: Double?
    /// `exercise_minutes`.
    var exerciseMinutes: Double?
    /// `exercise_minutes_goal`.
    var exerciseMinutesGoal: Double?
    /// `stand_hours`.
    var standHours: Double?
    /// `stand_hours_goal`.
    var standHoursGoal: Double?

    /// Creates a value from its stored properties.
    package init(
      date: String, activeEnergy: Double?, activeEnergyGoal: Double?, moveMinutes: Double?, moveMinutesGoal: Double?,
      exerciseMinutes: Double?, exerciseMinutesGoal: Double?, standHours: Double?, standHoursGoal: Double?
    ) {
      self.date = date
      self.activeEnergy = activeEnergy
      self.activeEnergyGoal = activeEnergyGoal
      self.moveMinutes = moveMinutes
      self.moveMinutesGoal = moveMinutesGoal
      self.exerciseMinutes = exerciseMinutes
      self.exerciseMinutesGoal = exerciseMinutesGoal
      self.standHours = standHours
      self.standHoursGoal = standHoursGoal
    }
  }

  /// The database holding the table.
  let database: Database

  /// The table of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// Stores `record` for import `importID`, replacing a day stored with other figures (a newer
  /// export may hold a fuller version of a day an older one caught half-way); returns whether
  /// anything changed.
  package func store(_ record: Record, importID: Int64) throws -> Bool {
    try database.execute(
      """
      INSERT INTO activity_summaries
        (date, active_energy_kcal, active_energy_goal_kcal, move_minutes, move_minutes_goal,
         exercise_minutes, exercise_minutes_goal, stand_hours, stand_hours_goal, import_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (date) DO UPDATE SET
        active_energy_kcal = excluded.active_energy_kcal, active_energy_goal_kcal = excluded.active_energy_goal_kcal,
        move_minutes = excluded.move_minutes, move_minutes_goal = excluded.move_minutes_goal,
        exercise_minutes = excluded.exercise_minutes, exercise_minutes_goal = excluded.exercise_minutes_goal,
        stand_hours = excluded.stand_hours, stand_hours_goal = excluded.stand_hours_goal,
        import_id = excluded.import_id
      WHERE (active_energy_kcal, active_energy_goal_kcal, move_minutes, move_minutes_goal, exercise_minutes,
             exercise_minutes_goal, stand_hours, stand_hours_goal)
        IS NOT (excluded.active_energy_kcal, excluded.active_energy_goal_kcal, excluded.move_minutes,
                excluded.move_minutes_goal, excluded.exercise_minutes, excluded.exercise_minutes_goal,
                excluded.stand_hours, excluded.stand_hours_goal)
      """,
      [
        .text(record.date), SQLValue(record.activeEnergy), SQLValue(record.activeEnergyGoal),
        SQLValue(record.moveMinutes), SQLValue(record.moveMinutesGoal), SQLValue(record.exerciseMinutes),
        SQLValue(record.exerciseMinutesGoal), SQLValue(record.standHours), SQLValue(record.standHoursGoal),
        .integer(importID),
      ])
    return database.changes > 0
  }

  /// The days from `first` through `last` (ISO) that Apple exports stored.
  package func exportedDates(from first: String, through last: String) throws -> [String] {
    try database.rows(
      "SELECT date FROM activity_summaries WHERE date BETWEEN ? AND ? AND import_id IN (\(ImportTable.exportImports))",
      [.text(first), .text(last)]
    ).compactMap { $0.text("date") }
  }

  /// Deletes day `date` (ISO).
  package func delete(date: String) throws {
    try database.execute("DELETE FROM activity_summaries WHERE date = ?", [.text(date)])
  }
}
