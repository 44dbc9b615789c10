import Foundation
import PandaCore
import PandaStore

/// Stored insights, reused while younger than their period's staleness (daily 1 day, weekly 3
/// days, monthly 7 days), counted in calendar days of the analysis, and only while the daily
/// values they were computed from are unchanged.
package struct InsightCache {
  /// What identifies a cached insight.
  package struct Key: Hashable, Sendable {
    package var category: HealthCategory
    package var period: InsightPeriod
    package var provider: String
    package var model: String
    package var promptVersion: String
    /// The time zone and source priority of the daily values the insight was computed from,
    /// and the goals of the category it shows.
    package var dailyContext: String

    /// Creates a value from its stored properties.
    package init(
      category: HealthCategory, period: InsightPeriod, provider: String, model: String, promptVersion: String,
      dailyContext: String
    ) {
      self.category = category
      self.period = period
      self.provider = provider
      self.model = model
      self.promptVersion = promptVersion
      self.dailyContext = dailyContext
    }
  }

  /// A stored insight with when it was made.
  package struct Entry: Sendable {
    package var key: Key
    package var insight: Insight
    package var generatedAt: Int64
    /// The day the analysis was made as of.
    package var generatedDay: CalendarDay
    /// The fingerprint of the daily values it was computed from (see `inputs(for:asOf:)`).
    package var inputs: String = ""
    /// When it was computed, by the clock, in seconds since 1970 (`generatedAt` is the time of
    /// the day it was made as of); `nil` for an entry stored before this was kept.
    package var computedAt: Int64?

    /// Creates a value from its stored properties.
    package init(
      key: Key, insight: Insight, generatedAt: Int64, generatedDay: CalendarDay, inputs: String = "",
      computedAt: Int64? = nil
    ) {
      self.key = key
      self.insight = insight
      self.generatedAt = generatedAt
      self.generatedDay = generatedDay
      self.inputs = inputs
      self.computedAt = computedAt
    }
  }

  package let database: Database

  /// The entry for `key`, if it is still fresh on `day` and the daily values it was computed
  /// from (the windows as of the day it was made) are unchanged.
  package func freshEntry(for key: Key, on day: CalendarDay) throws -> Entry? {
    guard let entry = try entry(for: key),
      Self.isFresh(generated: entry.generatedDay, period: key.period, on: day),
      try entry.inputs
        == inputs(for: InsightJob(category: key.category, period: key.period), asOf: entry.generatedDay)
    else { return nil }
    return entry
  }

  /// A fingerprint of the daily values a job as of `asOf` reads: every value of the category's
  /// metrics from the first baseline day through the latest complete day, by count, sum, sum
  /// of squares and a sum weighted by day and metric. One indexed aggregate per job, so the
  /// cached path stays cheap; any imported, edited or deleted day in the windows changes it.
  package func inputs(for job: InsightJob, asOf: CalendarDay) throws -> String {
    let windows = TrendWindows(period: job.period, lastDay: asOf.adding(days: -1))
    let metrics = MetricCatalogue.metrics(in: job.category)
    guard !metrics.isEmpty else { return "" }
    let statement = try database.cachedStatement(
      """
      SELECT count(*) AS days, total(value) AS sum, total(value * value) AS sum_of_squares,
        total(value * (julianday(day) - 2451545) * (1 + length(metric) + unicode(substr(metric, -2)))) AS weighted_sum
      FROM daily_values WHERE metric IN (\(Array(repeating: "?", count: metrics.count).joined(separator: ", ")))
        AND day >= ? AND day <= ?
      """)
    try statement.bind(
      metrics.map { .text($0.id) } + [.text(windows.baseline.lowerBound.iso), .text(windows.current.upperBound.iso)])
    guard let row = try statement.rows().first else { return "" }
    return
      "\(row.integer("days") ?? 0)|\(String(describing: row.real("sum")))|"
      + "\(String(describing: row.real("sum_of_squares")))|\(String(describing: row.real("weighted_sum")))"
      + (try cycleInputs(for: job, asOf: asOf))
  }

  /// The part of the fingerprint that the menstrual flow records make, for the categories whose
  /// trends and notes take the cycle into account: the flow days and cycle starts of the days a
  /// snapshot as of `asOf` reads, by count and sums of their dates. Empty without any, so an
  /// insight cached without cycle records keeps its fingerprint.
  private func cycleInputs(for job: InsightJob, asOf: CalendarDay) throws -> String {
    guard
      MetricCatalogue.metrics(in: job.category).contains(where: { LutealShift.moved[$0.id] != nil })
    else { return "" }
    let records = try CategoryRecordReader(database: database).records(
      from: asOf.adding(days: -HealthFetcher.windowDays), through: asOf)
    guard !records.flowDays.isEmpty || !records.cycleStarts.isEmpty else { return "" }
    func sums(_ days: [CalendarDay]) -> String {
      "\(days.count),\(days.reduce(0) { $0 &+ $1.ordinal }),\(days.reduce(0) { $0 &+ $1.ordinal &* $1.ordinal })"
    }
    return "|cycles=\(sums(records.flowDays));\(sums(records.cycleStarts))"
  }

  /// Whether an insight made on `generated` may be reused on `day`: not from a later day, and
  /// fewer days old than the period's staleness.
  static func isFresh(generated: CalendarDay, period: InsightPeriod, on day: CalendarDay) -> Bool {
    let age = generated.days(to: day)
    return age >= 0 && age < period.staleAfterDays
  }

  package func entry(for key: Key) throws -> Entry? {
    guard
      let row = try database.firstRow(
        """
        SELECT insight, generated_at, generated_day, inputs, computed_at FROM insight_cache
        WHERE category = ? AND period = ? AND provider = ? AND model = ? AND prompt_version = ? AND daily_context = ?
        """,
        [
          .text(key.category.rawValue), .text(key.period.rawValue), .text(key.provider), .text(key.model),
          .text(key.promptVersion), .text(key.dailyContext),
        ]),
      let json = row.text("insight"), let generatedAt = row.integer("generated_at"),
      let generatedDay = row.text("generated_day").flatMap(CalendarDay.init(iso:)),
      let insight = try? JSONDecoder().decode(Insight.self, from: Data(json.utf8))
    else { return nil }
    return Entry(
      key: key, insight: insight, generatedAt: generatedAt, generatedDay: generatedDay,
      inputs: row.text("inputs") ?? "",
      computedAt: row.integer("computed_at"))
  }

  /// Stores `entry`, replacing the one with the same key unless that one was made as of a later
  /// day: a run as of a past day never replaces the current entry.
  package func store(_ entry: Entry) throws {
    let json = String(decoding: try JSONEncoder().encode(entry.insight), as: UTF8.self)
    try database.execute(
      """
      INSERT INTO insight_cache
        (category, period, provider, model, prompt_version, daily_context, generated_at, generated_day, insight,
         inputs, computed_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (category, period, provider, model, prompt_version, daily_context) DO UPDATE SET
        generated_at = excluded.generated_at, generated_day = excluded.generated_day, insight = excluded.insight,
        inputs = excluded.inputs, computed_at = excluded.computed_at
      WHERE excluded.generated_day >= insight_cache.generated_day
      """,
      [
        .text(entry.key.category.rawValue), .text(entry.key.period.rawValue), .text(entry.key.provider),
        .text(entry.key.model), .text(entry.key.promptVersion), .text(entry.key.dailyContext),
        .integer(entry.generatedAt),
        .text(entry.generatedDay.iso), .text(json), .text(entry.inputs),
        entry.computedAt.map(SQLValue.integer) ?? .null,
      ])
  }

  /// Every stored entry, in category and period order.
  package func all() throws -> [Entry] {
    try database.rows(
      "SELECT category, period, provider, model, prompt_version, daily_context FROM insight_cache"
    ).compactMap { row -> Entry? in
      guard let category = row.text("category").flatMap(HealthCategory.init(rawValue:)),
        let period = row.text("period").flatMap(InsightPeriod.init(rawValue:))
      else { return nil }
      let key = Key(
        category: category, period: period, provider: row.text("provider") ?? "", model: row.text("model") ?? "",
        promptVersion: row.text("prompt_version") ?? "", dailyContext: row.text("daily_context") ?? "")
      return try entry(for: key)
    }
    .sorted { ($0.key.category.sortIndex, $0.key.period) < ($1.key.category.sortIndex, $1.key.period) }
  }

  /// Deletes the entries of `category`, or all; returns how many.
  @discardableResult
  package func clear(category: HealthCategory? = nil) throws -> Int {
    if let category {
      try database.execute("DELETE FROM insight_cache WHERE category = ?", [.text(category.rawValue)])
    } else {
      try database.execute("DELETE FROM insight_cache")
    }
    return database.changes
  }

  /// Creates a value from its stored properties.
  package init(database: Database) {
    self.database = database
  }
}
