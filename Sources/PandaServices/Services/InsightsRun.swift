import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// The insights job, built once from typed inputs and shared by every front end: `panda insights`,
/// `panda report` and the MCP `insights` tool adapt it and add nothing of their own. A run reads
/// one snapshot of the database, writes each chosen category's insight for each chosen period,
/// and finds in the same snapshot the early warnings and the links the insights open with.
package struct InsightsRun {
  /// The day analysed as of; its latest complete day is the day before.
  var asOf: CalendarDay
  /// The day that counts as today: a run as of an earlier day is stamped as made at the start
  /// of that day, so reruns are reproducible.
  package var today: CalendarDay
  /// The categories analysed, in any order; every analysed category by default.
  package var categories: [HealthCategory] = HealthCategory.analysed
  /// The periods analysed, in any order; all three by default.
  package var periods: [InsightPeriod] = InsightPeriod.allCases
  /// Whether insights are written again even where cached ones are still fresh.
  package var refresh = false
  /// Whether freshly written insights are stored in the cache (a read-only front end says no).
  package var stores = false
  /// Who writes the insights: the offline analyzer unless a model is chosen.
  package var provider: any LLMProvider = HeuristicProvider()
  /// What writes an insight the provider could not write; `nil` records the failure instead.
  package var fallback: (@Sendable (InsightRequest) -> Insight)?
  /// How many insights are asked for at once.
  package var width = 1
  /// The zone and source priority of the daily values.
  var daily: DailyContext
  /// The daily goals shown with the insights.
  package var goals: [GoalTarget] = []
  /// The units of the sentences; figures stay in the catalogue's units.
  package var units = DisplayUnits.metric

  /// A run as of `asOf` with the defaults of every other input.
  package init(asOf: CalendarDay, today: CalendarDay, daily: DailyContext) {
    self.asOf = asOf
    self.today = today
    self.daily = daily
  }

  /// Whether the menstrual cycle's section is part of the run: only when every category is.
  var includesCycle: Bool { categories.isEmpty || Set(categories) == Set(HealthCategory.analysed) }

  /// The jobs: each chosen category with each chosen period once, in report order.
  var jobs: [InsightJob] {
    let chosenCategories = categories.isEmpty ? HealthCategory.analysed : categories
    let chosenPeriods = periods.isEmpty ? InsightPeriod.allCases : periods
    return Array(
      Set(chosenCategories.flatMap { category in chosenPeriods.map { InsightJob(category: category, period: $0) } })
    ).sorted()
  }

  /// When the run counts as made, in seconds since 1970: `now` for a run as of today, else the
  /// start of the as-of day.
  func madeAt(now: Int64) -> Int64 {
    asOf == today ? now : LocalDay.start(of: asOf, in: daily.zone)
  }

  /// Runs the job on `database`.
  /// - Parameters:
  ///   - now: the clock, in seconds since 1970.
  ///   - alongside: called with the output inside the transaction that stores the fresh
  ///     insights (what else must be written with them, such as deliveries to queue).
  ///   - completed: called as each insight is done, with how many are done of how many.
  package func run(
    on database: Database, now: Int64, alongside: ((Output) throws -> Void)? = nil,
    completed: (InsightOutcome, _ done: Int, _ total: Int) -> Void = { _, _, _ in }
  ) async throws -> Output {
    let pipeline = InsightsPipeline(
      database: database, provider: provider, width: width, fallback: fallback, dailyContext: daily, goals: goals,
      units: units)
    let recency = try DataRecency.load(database: database, asOf: asOf, zone: daily.zone)
    // One snapshot for the insights and for the early warnings and links they open with.
    let snapshot = try HealthFetcher(database: database).loadAll(asOf: asOf)
    // The tags and symptoms of the links' window, tested with the other pairs as `panda relations` does.
    let linkWindow = RelationFinder.defaultWindow(asOf: asOf)
    let events = try DayEventReader(database: database, zone: daily.zone).events(
      from: linkWindow.first, through: linkWindow.last)
    var findings = ReportFindings.find(in: snapshot, asOf: asOf, events: events, lastDataDay: recency.lastDay)
    // The cycle is a section of its own: a run of chosen categories leaves it out.
    if !includesCycle { findings.cycle = nil }
    func output(_ outcomes: [InsightOutcome]) -> Output {
      Output(
        asOf: asOf, isAsOfToday: asOf == today, provider: provider.name, outcomes: outcomes, snapshot: snapshot,
        findings: findings, recency: recency, units: units)
    }
    let outcomes = try await pipeline.run(
      jobs: jobs, asOf: asOf, now: madeAt(now: now), refresh: refresh, stores: stores, snapshot: snapshot,
      warnings: findings.alerts.alerts,
      alongside: alongside.map { queue in { outcomes in try queue(output(outcomes)) } }, completed: completed)
    return output(outcomes)
  }
}
