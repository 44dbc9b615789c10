import PandaCore

extension DailyValueReader {
  /// A sum over the daily values a computation reads: how many there are, their sum, the sum of
  /// their squares and a sum weighted by day and metric (`nil` sums for none, as SQLite's
  /// `total` gives them).
  package struct Fingerprint: Sendable, Equatable {
    /// How many values.
    package var days: Int64?
    /// Their sum.
    package var sum: Double?
    /// The sum of their squares.
    package var sumOfSquares: Double?
    /// Their sum weighted by day and metric.
    package var weightedSum: Double?
  }

  /// The fingerprint of every value of `metrics` from `first` through `last`: one indexed
  /// aggregate, which any imported, edited or deleted day in the range changes.
  package func fingerprint(metrics: [String], from first: CalendarDay, through last: CalendarDay) throws
    -> Fingerprint?
  {
    let statement = try database.cachedStatement(
      """
      SELECT count(*) AS days, total(value) AS sum, total(value * value) AS sum_of_squares,
        total(value * (julianday(day) - 2451545) * (1 + length(metric) + unicode(substr(metric, -2)))) AS weighted_sum
      FROM daily_values WHERE metric IN (\(Array(repeating: "?", count: metrics.count).joined(separator: ", ")))
        AND day >= ? AND day <= ?
      """)
    try statement.bind(metrics.map { .text($0) } + [.text(first.iso), .text(last.iso)])
    guard let row = try statement.rows().first else { return nil }
    return Fingerprint(
      days: row.integer("days"), sum: row.real("sum"), sumOfSquares: row.real("sum_of_squares"),
      weightedSum: row.real("weighted_sum"))
  }

  /// The metric's last day with a value on or before `day`.
  package func lastDay(metric: String, onOrBefore day: CalendarDay) throws -> CalendarDay? {
    try database.firstRow(
      "SELECT max(day) AS last_day FROM daily_values WHERE metric = ? AND day <= ?",
      [.text(metric), .text(day.iso)]
    )?.text("last_day").flatMap(CalendarDay.init(iso:))
  }

  /// One stored value of any metric.
  package struct Value: Sendable, Equatable {
    /// The day.
    package var day: CalendarDay
    /// The metric's id.
    package var metric: String
    /// The value.
    package var value: Double
    /// Whether the day was only partly recorded.
    package var isPartial: Bool
  }

  /// Every stored value of every metric from `first` through `last` (without a bound where
  /// `nil`), by day.
  package func values(from first: CalendarDay?, through last: CalendarDay?) throws -> [Value] {
    try database.rows(
      """
      SELECT day, metric, value, partial FROM daily_values
      WHERE (?1 IS NULL OR day >= ?1) AND (?2 IS NULL OR day <= ?2)
      ORDER BY day
      """, [first.map { .text($0.iso) } ?? .null, last.map { .text($0.iso) } ?? .null]
    ).compactMap { row in
      guard let day = row.text("day").flatMap(CalendarDay.init(iso:)), let metric = row.text("metric"),
        let value = row.real("value")
      else { return nil }
      return Value(day: day, metric: metric, value: value, isPartial: row.integer("partial") == 1)
    }
  }
}
