import PandaCore

/// Reads one metric's stored daily values, with whether each day was only partly recorded.
package struct DailyValueReader {
  let database: Database

  /// The metric's days from `first` through `last`, oldest first; days without a value are absent.
  package func points(metric: String, from first: CalendarDay, through last: CalendarDay) throws -> [DailyPoint] {
    let statement = try database.cachedStatement(
      "SELECT day, value, partial, filled FROM daily_values WHERE metric = ? AND day >= ? AND day <= ? ORDER BY day")
    try statement.bind([.text(metric), .text(first.iso), .text(last.iso)])
    let column = (
      day: statement.column("day"), value: statement.column("value"), partial: statement.column("partial"),
      filled: statement.column("filled")
    )
    var points: [DailyPoint] = []
    try statement.forEachRow { row in
      guard let day = row.text(column.day).flatMap(CalendarDay.init(iso:)) else { return }
      points.append(
        DailyPoint(
          day: day, value: row.real(column.value), isPartial: row.integer(column.partial) == 1,
          isDerived: row.integer(column.filled) == StoredDay.Fill.derived.rawValue))
    }
    return points
  }

  /// The metric's latest day with a reading on or before `day`, with its value: a habit's 0 on a
  /// day without entries (`StoredDay.Fill.zero`) is no reading.
  package func latest(metric: String, onOrBefore day: CalendarDay) throws -> (day: CalendarDay, value: Double)? {
    guard
      let row = try database.firstRow(
        "SELECT day, value FROM daily_values WHERE metric = ? AND day <= ? AND filled != ? ORDER BY day DESC LIMIT 1",
        [.text(metric), .text(day.iso), .integer(StoredDay.Fill.zero.rawValue)]),
      let latest = row.text("day").flatMap(CalendarDay.init(iso:)), let value = row.real("value")
    else { return nil }
    return (latest, value)
  }

  /// How many days each metric with data has a value on, and the first and last of them.
  package func coverage() throws -> [String: (days: Int, first: CalendarDay, last: CalendarDay)] {
    var coverage: [String: (days: Int, first: CalendarDay, last: CalendarDay)] = [:]
    for row in try database.rows(
      "SELECT metric, count(*) AS days, min(day) AS first, max(day) AS last FROM daily_values GROUP BY metric")
    {
      guard let metric = row.text("metric"), let first = row.text("first").flatMap(CalendarDay.init(iso:)),
        let last = row.text("last").flatMap(CalendarDay.init(iso:))
      else { continue }
      coverage[metric] = (Int(row.integer("days") ?? 0), first, last)
    }
    return coverage
  }

  /// Creates a value from its stored properties.
  package init(database: Database) {
    self.database = database
  }
}
