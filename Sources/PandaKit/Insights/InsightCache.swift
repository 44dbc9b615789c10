import Foundation

/// Stored insights, reused while younger than their period's staleness (daily 1 day, weekly 3
/// days, monthly 7 days), counted in calendar days of the analysis.
struct InsightCache {
  /// What identifies a cached insight.
  struct Key: Hashable, Sendable {
    var category: HealthCategory
    var period: InsightPeriod
    var provider: String
    var model: String
    var promptVersion: String
    /// The time zone and source priority of the daily values the insight was computed from.
    var dailyContext: String
  }

  /// A stored insight with when it was made.
  struct Entry: Sendable {
    var key: Key
    var insight: Insight
    var generatedAt: Int64
    /// The day the analysis was made as of.
    var generatedDay: CalendarDay
  }

  let database: Database

  /// The entry for `key`, if it is still fresh on `day`.
  func freshEntry(for key: Key, on day: CalendarDay) throws -> Entry? {
    guard let entry = try entry(for: key) else { return nil }
    return Self.isFresh(generated: entry.generatedDay, period: key.period, on: day) ? entry : nil
  }

  /// Whether an insight made on `generated` may be reused on `day`: not from a later day, and
  /// fewer days old than the period's staleness.
  static func isFresh(generated: CalendarDay, period: InsightPeriod, on day: CalendarDay) -> Bool {
    let age = generated.days(to: day)
    return age >= 0 && age < period.staleAfterDays
  }

  func entry(for key: Key) throws -> Entry? {
    guard
      let row = try database.firstRow(
        """
        SELECT insight, generated_at, generated_day FROM insight_cache
        WHERE category = ? AND period = ? AND provider = ? AND model = ? AND prompt_version = ? AND daily_context = ?
        """,
        [
          .text(key.category.rawValue), .text(key.period.rawValue), .text(key.provider), .text(key.model),
          .text(key.promptVersion), .text(key.dailyContext),
        ]),
      let json = row.text(0), let generatedAt = row.integer(1),
      let generatedDay = row.text(2).flatMap(CalendarDay.init(iso:)),
      let insight = try? JSONDecoder().decode(Insight.self, from: Data(json.utf8))
    else { return nil }
    return Entry(key: key, insight: insight, generatedAt: generatedAt, generatedDay: generatedDay)
  }

  /// Stores `entry`, replacing any older one with the same key.
  func store(_ entry: Entry) throws {
    let json = String(decoding: try JSONEncoder().encode(entry.insight), as: UTF8.self)
    try database.execute(
      """
      INSERT INTO insight_cache
        (category, period, provider, model, prompt_version, daily_context, generated_at, generated_day, insight)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (category, period, provider, model, prompt_version, daily_context) DO UPDATE SET
        generated_at = excluded.generated_at, generated_day = excluded.generated_day, insight = excluded.insight
      """,
      [
        .text(entry.key.category.rawValue), .text(entry.key.period.rawValue), .text(entry.key.provider),
        .text(entry.key.model), .text(entry.key.promptVersion), .text(entry.key.dailyContext),
        .integer(entry.generatedAt),
        .text(entry.generatedDay.iso), .text(json),
      ])
  }

  /// Every stored entry, in category and period order.
  func all() throws -> [Entry] {
    try database.rows(
      "SELECT category, period, provider, model, prompt_version, daily_context FROM insight_cache"
    ).compactMap { row -> Entry? in
      guard let category = row.text(0).flatMap(HealthCategory.init(rawValue:)),
        let period = row.text(1).flatMap(InsightPeriod.init(rawValue:))
      else { return nil }
      let key = Key(
        category: category, period: period, provider: row.text(2) ?? "", model: row.text(3) ?? "",
        promptVersion: row.text(4) ?? "", dailyContext: row.text(5) ?? "")
      return try entry(for: key)
    }
    .sorted { ($0.key.category.sortIndex, $0.key.period) < ($1.key.category.sortIndex, $1.key.period) }
  }

  /// Deletes the entries of `category`, or all; returns how many.
  @discardableResult
  func clear(category: HealthCategory? = nil) throws -> Int {
    if let category {
      try database.execute("DELETE FROM insight_cache WHERE category = ?", [.text(category.rawValue)])
    } else {
      try database.execute("DELETE FROM insight_cache")
    }
    return database.changes
  }
}
