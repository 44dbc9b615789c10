/// Daily values of several metrics side by side: one row per day with any value, one column per
/// metric, values as `panda series` prints them (in the metric's unit, to four decimals), and a
/// last column naming the metrics whose day was only partly recorded (`DailyPoint.isPartial`).
public struct DailyTable: Sendable, Equatable {
  /// One day's values, in the order of `metrics`; `nil` where a metric has none.
  public struct Row: Sendable, Equatable {
    /// The day.
    public var day: CalendarDay
    public var values: [Double?]
    /// Whether each metric's value was only partly recorded, in the order of `metrics`.
    public var partial: [Bool] = []

    /// The ids of the metrics of `metrics` whose value this day was only partly recorded.
    func partialIDs(_ metrics: [Metric]) -> [String] {
      zip(metrics, partial).filter(\.1).map(\.0.id)
    }
  }

  /// The columns after `date`.
  public var metrics: [Metric]
  /// The days with any value, in order.
  public var rows: [Row]

  /// Reads the stored daily values of `metrics` from `from` through `to` (every day when `nil`).
  static func load(database: Database, metrics: [Metric], from: CalendarDay?, to: CalendarDay?) throws -> DailyTable {
    let column = Dictionary(metrics.enumerated().map { ($1.id, $0) }) { first, _ in first }
    var rows: [Row] = []
    for row in try database.rows(
      """
      SELECT day, metric, value, partial FROM daily_values
      WHERE (?1 IS NULL OR day >= ?1) AND (?2 IS NULL OR day <= ?2)
      ORDER BY day
      """, [from.map { .text($0.iso) } ?? .null, to.map { .text($0.iso) } ?? .null])
    {
      guard let day = row.text("day").flatMap(CalendarDay.init(iso:)), let metric = row.text("metric"),
        let index = column[metric], let value = row.real("value")
      else { continue }
      if rows.last?.day != day {
        rows.append(
          Row(
            day: day, values: Array(repeating: nil, count: metrics.count),
            partial: Array(repeating: false, count: metrics.count)))
      }
      rows[rows.count - 1].values[index] = value
      rows[rows.count - 1].partial[index] = row.integer("partial") == 1
    }
    return DailyTable(metrics: metrics, rows: rows)
  }

  /// A value as `panda series` writes it in CSV and JSON.
  static func number(_ value: Double) -> String { JSONText.number((value * 10_000).rounded() / 10_000) }

  /// CSV: a header of `date`, the metric ids and `partial`, then a row per day; empty cells for
  /// no value; `partial` names the metrics partly recorded that day, separated by spaces.
  public func csv() -> String {
    var text = (["date"] + metrics.map(\.id) + ["partial"]).joined(separator: ",") + "\n"
    for row in rows {
      let cells = [row.day.iso] + row.values.map { $0.map(Self.number) ?? "" }
      text += (cells + [row.partialIDs(metrics).joined(separator: " ")]).joined(separator: ",") + "\n"
    }
    return text
  }

  /// JSON: an array of objects with `date`, each metric id (`null` for no value) and `partial`,
  /// the ids of the metrics partly recorded that day.
  public func json() -> String {
    var text = "["
    for (index, row) in rows.enumerated() {
      text += index == 0 ? "\n  {" : ",\n  {"
      text += "\"date\": \"\(row.day.iso)\""
      for (metric, value) in zip(metrics, row.values) {
        text += ", \"\(metric.id)\": \(value.map(Self.number) ?? "null")"
      }
      text += ", \"partial\": [" + row.partialIDs(metrics).map { "\"\($0)\"" }.joined(separator: ", ") + "]"
      text += "}"
    }
    return text + (rows.isEmpty ? "]\n" : "\n]\n")
  }
}
