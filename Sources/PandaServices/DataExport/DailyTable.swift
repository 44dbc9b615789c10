import PandaCore
import PandaStore

/// Daily values of several metrics side by side: one row per day with any value, one column per
/// metric, values as `panda series` prints them (in the metric's unit, to four decimals), and a
/// last column naming the metrics whose day was only partly recorded (`DailyPoint.isPartial`).
package struct DailyTable: Sendable, Equatable {
  /// One day's values, in the order of `metrics`; `nil` where a metric has none.
  struct Row: Sendable, Equatable {
    /// The day.
    package var day: CalendarDay
    var values: [Double?]
    /// Whether each metric's value was only partly recorded, in the order of `metrics`.
    var partial: [Bool] = []

    /// The ids of the metrics of `metrics` whose value this day was only partly recorded.
    func partialIDs(_ metrics: [Metric]) -> [String] {
      zip(metrics, partial).filter(\.1).map(\.0.id)
    }

    /// Creates a value from its stored properties.
    init(day: CalendarDay, values: [Double?], partial: [Bool] = []) {
      self.day = day
      self.values = values
      self.partial = partial
    }
  }

  /// The columns after `date`.
  var metrics: [Metric]
  /// The days with any value, in order.
  var rows: [Row]

  /// Reads the stored daily values of `metrics` from `from` through `to` (every day when `nil`).
  package static func load(database: Database, metrics: [Metric], from: CalendarDay?, to: CalendarDay?) throws
    -> DailyTable
  {
    let column = Dictionary(metrics.enumerated().map { ($1.id, $0) }) { first, _ in first }
    var rows: [Row] = []
    for stored in try DailyValueReader(database: database).values(from: from, through: to) {
      guard let index = column[stored.metric] else { continue }
      let day = stored.day
      if rows.last?.day != day {
        rows.append(
          Row(
            day: day, values: Array(repeating: nil, count: metrics.count),
            partial: Array(repeating: false, count: metrics.count)))
      }
      rows[rows.count - 1].values[index] = stored.value
      rows[rows.count - 1].partial[index] = stored.isPartial
    }
    return DailyTable(metrics: metrics, rows: rows)
  }

  /// A value as `panda series` writes it in CSV and JSON.
  package static func number(_ value: Double) -> String { JSONText.number((value * 10_000).rounded() / 10_000) }

  /// CSV: a header of `date`, the metric ids and `partial`, then a row per day; empty cells for
  /// no value; `partial` names the metrics partly recorded that day, separated by spaces.
  package func csv() -> String {
    var text = (["date"] + metrics.map(\.id) + ["partial"]).joined(separator: ",") + "\n"
    for row in rows {
      let cells = [row.day.iso] + row.values.map { $0.map(Self.number) ?? "" }
      text += (cells + [row.partialIDs(metrics).joined(separator: " ")]).joined(separator: ",") + "\n"
    }
    return text
  }

  /// JSON: an array of objects with `date`, each metric id (`null` for no value) and `partial`,
  /// the ids of the metrics partly recorded that day.
  package func json() -> String {
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

  /// Creates a value from its stored properties.
  init(metrics: [Metric], rows: [Row]) {
    self.metrics = metrics
    self.rows = rows
  }
}
