import Foundation
import PandaCore

/// Health Auto Export's buckets and nights in the daily values. They are the Health app's own
/// merged statistics, so where they hold a metric's day they are that day's value, and the
/// export's samples count only on the days they do not hold: the two routes are never added up.
extension DailyValueStore {
  /// Pushed buckets have no source or device of their own: one source for the merge.
  static let pushedSource: Int64 = -2

  /// The source name Health Auto Export's workouts are stored under.
  package static let pushedSourceName = "Health Auto Export"

  /// Whether any document from Health Auto Export was stored.
  func hasPushedData() throws -> Bool {
    try database.firstRow("SELECT 1 FROM pushed_samples LIMIT 1") != nil
      || database.firstRow("SELECT 1 FROM pushed_nights LIMIT 1") != nil
  }

  /// Whether Health Auto Export ever sent the metric: any bucket of its types, or for the
  /// workout metrics any workout from the app.
  func isPushed(_ metric: Metric) throws -> Bool {
    if case .workouts = metric.aggregation {
      return try database.firstRow(
        "SELECT 1 FROM workouts w JOIN sources s ON s.id = w.source_id WHERE s.name = ? LIMIT 1",
        [.text(Self.pushedSourceName)]) != nil
    }
    for source in metric.sources
    where try database.firstRow(
      "SELECT 1 FROM pushed_samples WHERE type = ? AND unit = ? LIMIT 1",
      [.text(source.type), .text(source.storedUnit)])
      != nil
    {
      return true
    }
    return false
  }

  /// The first start and last end of the pushed data a metric is formed from.
  func pushedSpan(for metric: Metric) throws -> ClosedRange<Int64>? {
    var span: ClosedRange<Int64>?
    func widen(_ first: Int64?, _ last: Int64?) {
      guard let first, let last else { return }
      span = span.map { min($0.lowerBound, first)...max($0.upperBound, last) } ?? first...max(first, last)
    }
    for source in metric.sources {
      let row = try database.firstRow(
        "SELECT min(start) AS first, max(end) AS last FROM pushed_samples WHERE type = ? AND unit = ?",
        [.text(source.type), .text(source.storedUnit)])
      widen(row?.integer("first"), row?.integer("last"))
    }
    if case .sleep = metric.aggregation {
      let row = try database.firstRow("SELECT min(sleep_end) AS first, max(sleep_end) AS last FROM pushed_nights")
      widen(row?.integer("first"), row?.integer("last"))
    }
    return span
  }

  /// The pushed buckets of a metric's types starting in [`start`, `end`), in the metric's unit,
  /// sorted by start.
  func pushedSamples(for metric: Metric, from start: Int64, to end: Int64) throws -> [DailySample] {
    var samples: [DailySample] = []
    let statement = try database.cachedStatement(
      """
      SELECT start, end, value, category FROM pushed_samples
      WHERE type = ? AND unit = ? AND start >= ? AND start < ? ORDER BY start
      """)
    let column = (
      start: statement.column("start"), end: statement.column("end"), value: statement.column("value"),
      category: statement.column("category")
    )
    for source in metric.sources {
      try statement.bind([.text(source.type), .text(source.storedUnit), .integer(start), .integer(end)])
      try statement.forEachRow { row in
        let category = row.isNull(column.category) ? "" : row.text(column.category) ?? ""
        samples.append(
          DailySample(
            start: row.integer(column.start), end: row.integer(column.end),
            value: row.isNull(column.value) ? nil : row.real(column.value) * source.scale,
            category: category.isEmpty ? nil : category, rank: 0, source: Self.pushedSource))
      }
    }
    if metric.sources.count > 1 { samples.sort { $0.start < $1.start } }
    return samples
  }

  /// The summarised nights ending on the grid's days, by day index; none for other metrics.
  func pushedNights(for metric: Metric, grid: DayGrid) throws -> [Int: SleepNight] {
    guard case .sleep = metric.aggregation, grid.count > 0 else { return [:] }
    var nights: [Int: SleepNight] = [:]
    for row in try database.rows(
      """
      SELECT sleep_end, asleep, in_bed, deep, rem, core, awake FROM pushed_nights
      WHERE sleep_end >= ? AND sleep_end < ? ORDER BY sleep_end
      """, [.integer(grid.start(0)), .integer(grid.start(grid.count))])
    {
      guard let end = row.integer("sleep_end"), let day = grid.index(of: end) else { continue }
      nights[day] = SleepNight.summarised(
        asleep: row.real("asleep"), recordedInBed: row.real("in_bed"), deep: row.real("deep"), rem: row.real("rem"),
        core: row.real("core"), awake: row.real("awake"))
    }
    return nights
  }

  /// Replaces the export's values of the days that pushed data holds. A pushed bucket of stand
  /// hours or mindful minutes holds a count or a number of minutes, so it is summed.
  static func preferPushed(
    metric: Metric, pushed: [DailySample], nights: [Int: SleepNight], grid: DayGrid, values: inout [Int: Double],
    partial: inout Set<Int>
  ) {
    if !pushed.isEmpty {
      let pushedValues: [Int: Double]
      switch metric.aggregation {
      case .hoursWith, .duration: pushedValues = PriorityMerge.dailyTotals(pushed, grid: grid)
      default: pushedValues = DailyAggregator.values(for: metric, samples: pushed, grid: grid)
      }
      let pushedPartial = DailyAggregator.partialDays(for: metric, samples: pushed, grid: grid)
      for (day, value) in pushedValues {
        values[day] = value
        if pushedPartial.contains(day) { partial.insert(day) } else { partial.remove(day) }
      }
    }
    if case .sleep(let measure) = metric.aggregation {
      for (day, night) in nights {
        values[day] = night.value(measure)
        partial.remove(day)
      }
    }
  }

  /// The pushed readings of `type` in `unit` (wrist temperature), by the instant they end.
  func pushedReadings(of type: String, unit: String) throws -> [(end: Int64, value: Double)] {
    try database.rows(
      "SELECT end, value FROM pushed_samples WHERE type = ? AND unit = ? AND value IS NOT NULL",
      [.text(type), .text(unit)]
    ).compactMap { row in
      guard let end = row.integer("end"), let value = row.real("value") else { return nil }
      return (end, value)
    }
  }

  /// `pushed` with the export's `readings` of the local days it does not hold.
  static func preferPushedReadings(
    _ pushed: [(end: Int64, value: Double)], over readings: [(end: Int64, value: Double)], zone: TimeZone
  ) -> [(end: Int64, value: Double)] {
    guard !pushed.isEmpty else { return readings }
    let pushedDays = Set(pushed.map { LocalDay.day(of: $0.end, in: zone) })
    return pushed + readings.filter { !pushedDays.contains(LocalDay.day(of: $0.end, in: zone)) }
  }
}
