import PandaCore

/// Loads every category's daily values in one call, inside one read transaction.
package struct HealthFetcher {
  /// Days of history loaded before the snapshot's day: enough for monthly trends (13 months).
  package static let windowDays = 400
  /// A metric with no value in this many days is reported as not recent.
  package static let recentDays = 14

  private let database: Database

  package init(database: Database) {
    self.database = database
  }

  /// The snapshot as of `asOf`: each metric's daily series for the `windowDays` before it, plus
  /// which metrics have no data at all or none recently.
  package func loadAll(asOf: CalendarDay) throws -> HealthSnapshot {
    let first = asOf.adding(days: -Self.windowDays)
    try database.execute("BEGIN DEFERRED")
    defer { try? database.execute("COMMIT") }
    let pointsQuery = try database.cachedStatement(
      "SELECT day, value, partial, filled FROM daily_values WHERE metric = ? AND day >= ? AND day <= ? ORDER BY day")
    let lastQuery = try database.cachedStatement(
      "SELECT day, value FROM daily_values WHERE metric = ? AND day <= ? ORDER BY day DESC LIMIT 1")
    let column = (
      day: pointsQuery.column("day"), value: pointsQuery.column("value"), partial: pointsQuery.column("partial"),
      filled: pointsQuery.column("filled")
    )
    var series: [MetricSeries] = []
    for metric in MetricCatalogue.all {
      try pointsQuery.bind([.text(metric.id), .text(first.iso), .text(asOf.iso)])
      var points: [DailyPoint] = []
      try pointsQuery.forEachRow { row in
        if let text = row.text(column.day), let day = CalendarDay(iso: text) {
          points.append(
            DailyPoint(
              day: day, value: row.real(column.value), isPartial: row.integer(column.partial) == 1,
              isDerived: row.integer(column.filled) == StoredDay.Fill.derived.rawValue))
        }
      }
      try lastQuery.bind([.text(metric.id), .text(asOf.iso)])
      let lastRow = try lastQuery.rows().first
      let lastDay = lastRow?.text("day").flatMap(CalendarDay.init(iso:))
      let availability: MetricSeries.Availability
      if let lastDay {
        availability = lastDay.days(to: asOf) < Self.recentDays ? .current : .stale(since: lastDay)
      } else {
        availability = .never
      }
      series.append(
        MetricSeries(
          metric: metric, points: points, lastDay: lastDay, availability: availability,
          lastValue: lastRow?.real("value")))
    }
    let workouts = try database.rows(
      """
      SELECT day, activity_type, workouts, minutes, distance_km, energy_kcal FROM daily_workouts
      WHERE day >= ? AND day <= ? ORDER BY day, activity_type
      """, [.text(first.iso), .text(asOf.iso)]
    ).compactMap { row -> WorkoutDayTotal? in
      guard let day = row.text("day").flatMap(CalendarDay.init(iso:)), let type = row.text("activity_type") else {
        return nil
      }
      return WorkoutDayTotal(
        day: day, activityType: type, workouts: Int(row.integer("workouts") ?? 0), minutes: row.real("minutes") ?? 0,
        distance: row.real("distance_km") ?? 0, energy: row.real("energy_kcal") ?? 0)
    }
    let activityGoals = try database.rows(
      """
      SELECT date, active_energy_goal_kcal, exercise_minutes_goal, stand_hours_goal FROM activity_summaries
      WHERE date >= ? AND date <= ? ORDER BY date
      """, [.text(first.iso), .text(asOf.iso)]
    ).compactMap { row -> ActivityGoalDay? in
      guard let day = row.text("date").flatMap(CalendarDay.init(iso:)) else { return nil }
      func goal(_ column: String) -> Double? { row.real(column).flatMap { $0 > 0 ? $0 : nil } }
      return ActivityGoalDay(
        day: day, move: goal("active_energy_goal_kcal"), exercise: goal("exercise_minutes_goal"),
        stand: goal("stand_hours_goal"))
    }
    return HealthSnapshot(
      asOf: asOf, window: DayRange(first...asOf), series: series, workouts: workouts, activityGoals: activityGoals,
      records: try CategoryRecordReader(database: database).records(from: first, through: asOf))
  }
}
