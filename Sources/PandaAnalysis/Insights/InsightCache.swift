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
    var dailyContext: String

    /// Creates a value from its stored properties.
    init(
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
    var insight: Insight
    package var generatedAt: Int64
    /// The day the analysis was made as of.
    package var generatedDay: CalendarDay
    /// The fingerprint of the daily values it was computed from (see `inputs(for:asOf:)`).
    var inputs: String = ""
    /// When it was computed, by the clock, in seconds since 1970 (`generatedAt` is the time of
    /// the day it was made as of); `nil` for an entry stored before this was kept.
    package var computedAt: Int64?

    /// Creates a value from its stored properties.
    init(
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

  let database: Database

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
    let windows = TrendWindows.of(period: job.period, lastDay: asOf.adding(days: -1))
    let metrics = MetricCatalogue.metrics(in: job.category)
    guard !metrics.isEmpty else { return "" }
    guard
      let sums = try DailyValueReader(database: database).fingerprint(
        metrics: metrics.map(\.id), from: windows.baseline.lowerBound, through: windows.current.upperBound)
    else { return "" }
    return
      "\(sums.days ?? 0)|\(String(describing: sums.sum))|"
      + "\(String(describing: sums.sumOfSquares))|\(String(describing: sums.weightedSum))"
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

  func entry(for key: Key) throws -> Entry? {
    guard let record = try table.find(Self.tableKey(key)),
      let generatedDay = CalendarDay(iso: record.generatedDay),
      let insight = try? JSONDecoder().decode(Insight.self, from: Data(record.insight.utf8))
    else { return nil }
    return Entry(
      key: key, insight: insight, generatedAt: record.generatedAt, generatedDay: generatedDay, inputs: record.inputs,
      computedAt: record.computedAt)
  }

  /// Stores `entry`, replacing the one with the same key unless that one was made as of a later
  /// day: a run as of a past day never replaces the current entry.
  func store(_ entry: Entry) throws {
    let json = String(decoding: try JSONEncoder().encode(entry.insight), as: UTF8.self)
    try table.store(
      InsightCacheTable.Record(
        insight: json, generatedAt: entry.generatedAt, generatedDay: entry.generatedDay.iso, inputs: entry.inputs,
        computedAt: entry.computedAt),
      under: Self.tableKey(entry.key))
  }

  /// Every stored entry, in category and period order.
  package func all() throws -> [Entry] {
    try table.keys().compactMap { stored -> Entry? in
      guard let category = HealthCategory(rawValue: stored.category),
        let period = InsightPeriod(rawValue: stored.period)
      else { return nil }
      let key = Key(
        category: category, period: period, provider: stored.provider, model: stored.model,
        promptVersion: stored.promptVersion, dailyContext: stored.dailyContext)
      return try entry(for: key)
    }
    .sorted { ($0.key.category.sortIndex, $0.key.period) < ($1.key.category.sortIndex, $1.key.period) }
  }

  /// Deletes the entries of `category`, or all; returns how many.
  @discardableResult
  package func clear(category: HealthCategory? = nil) throws -> Int {
    try table.delete(category: category?.rawValue)
  }

  private var table: InsightCacheTable { InsightCacheTable(database: database) }

  /// `key` as the table stores it.
  private static func tableKey(_ key: Key) -> InsightCacheTable.Key {
    InsightCacheTable.Key(
      category: key.category.rawValue, period: key.period.rawValue, provider: key.provider, model: key.model,
      promptVersion: key.promptVersion, dailyContext: key.dailyContext)
  }

  /// Creates a value from its stored properties.
  package init(database: Database) {
    self.database = database
  }
}
