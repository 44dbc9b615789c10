import Foundation
import PandaCore
import PandaStore

/// The main job: for each (category, period), reuse a fresh cached insight or compute the trend
/// and have the provider write one, in a task group of bounded width.
package struct InsightsPipeline {
  private let database: Database
  private let provider: any LLMProvider
  private let width: Int
  private let fallback: (@Sendable (InsightRequest) -> Insight)?
  private let dailyContext: String
  private let goals: [GoalTarget]
  private let units: DisplayUnits

  /// - Parameters:
  ///   - width: how many provider calls run at once.
  ///   - fallback: writes the insight when the provider cannot; such insights are marked and
  ///     not cached, so the next run asks the provider again.
  ///   - dailyContext: the time zone and source priority of the daily values; insights computed
  ///     under another are not reused.
  ///   - goals: the daily goals set; each insight shows those of its category, and is not reused
  ///     once they change.
  ///   - units: the units the offline analyzer writes its figures in; insights written in
  ///     others are not reused.
  package init(
    database: Database, provider: any LLMProvider, width: Int,
    fallback: (@Sendable (InsightRequest) -> Insight)? = nil,
    dailyContext: DailyContext? = nil, goals: [GoalTarget] = [], units: DisplayUnits = .metric
  ) {
    self.database = database
    self.goals = goals
    self.units = units
    self.dailyContext = dailyContext.map { $0.zone.identifier + "|" + $0.priority.fingerprint } ?? ""
    self.provider = provider
    self.width = max(1, width)
    self.fallback = fallback
  }

  /// Runs `jobs` as of `asOf` (the staleness policy's "now"), stamping fresh insights with
  /// `now`. `refresh` ignores the cache, and rewrites it. `completed` is called as each job
  /// finishes, cached ones first. Outcomes come back in report order.
  ///
  /// Without `alongside`, each fresh insight is stored as it arrives. With it, they are stored
  /// once every job has finished, in one transaction with whatever `alongside` writes given all
  /// the outcomes (cached ones too): both are committed or neither is.
  ///
  /// `snapshot`, when the caller has loaded it as of `asOf` already, is not loaded again.
  ///
  /// With `stores` false nothing is written: cached insights are still reused, fresh ones are
  /// only returned (for a database opened read-only).
  ///
  /// `warnings` are the early warnings found as of `asOf`: each request carries the one its
  /// insight is written within, and a provider that hears it (`LLMProvider.hearsWarnings`)
  /// reuses a cached insight only if it was written within the same warning.
  package func run(
    jobs: [InsightJob], asOf: CalendarDay, now: Int64, refresh: Bool, stores: Bool = true,
    snapshot loaded: HealthSnapshot? = nil, warnings: [HealthAlert] = [],
    alongside: (([InsightOutcome]) throws -> Void)? = nil,
    completed: (InsightOutcome, _ done: Int, _ total: Int) -> Void = { _, _, _ in }
  ) async throws -> [InsightOutcome] {
    let cache = InsightCache(database: database)
    var outcomes: [InsightOutcome] = []
    var held: [InsightCache.Entry] = []
    func finish() throws -> [InsightOutcome] {
      let sorted = outcomes.sorted { $0.job < $1.job }
      if let alongside {
        try database.transaction {
          for entry in held { try cache.store(entry) }
          try alongside(sorted)
        }
      }
      return sorted
    }
    // Claims are held to one bar for the whole report, so every job needs the snapshot's view
    // of all comparisons; a cached insight is reused only while its claims are those the bar makes.
    let snapshot = try loaded ?? HealthFetcher(database: database).loadAll(asOf: asOf)
    let report = ReportTrends.of(snapshot)
    var pending: [InsightJob] = []
    for job in jobs.sorted() {
      if !refresh, let entry = try cache.freshEntry(for: key(job, asOf: asOf, warnings: warnings), on: asOf),
        report.holds(entry.insight)
      {
        outcomes.append(
          InsightOutcome(
            job: job, insight: entry.insight, source: .cache, generatedAt: entry.generatedAt,
            generatedDay: entry.generatedDay))
        completed(outcomes[outcomes.count - 1], outcomes.count, jobs.count)
      } else {
        pending.append(job)
      }
    }
    guard !pending.isEmpty else { return try finish() }

    var requests: [InsightRequest] = []
    for job in pending {
      let request = InsightRequest.request(
        from: snapshot, category: job.category, period: job.period, goals: goals, units: units, report: report,
        warnings: warnings)
      if request.hasData {
        requests.append(request)
      } else {
        // Nothing to analyse: no provider call, and nothing cached, so new data shows up at once.
        outcomes.append(
          InsightOutcome(
            job: job,
            insight: withGoals(
              DataGuidance.noDataInsight(for: request).withFallNote(request).withRings(request), request),
            source: .fresh, generatedAt: now, generatedDay: asOf))
        completed(outcomes[outcomes.count - 1], outcomes.count, jobs.count)
      }
    }

    var inputs: [InsightJob: String] = [:]
    for request in requests {
      let job = InsightJob(category: request.category, period: request.period)
      inputs[job] = try cache.inputs(for: job, asOf: asOf)
    }
    let provider = self.provider
    try await withThrowingTaskGroup(of: (InsightRequest, Result<Insight, any Error>).self) { group in
      var queue = requests[...]
      // Once the provider could not be reached (after its retries), the jobs not yet started
      // are not sent: each would wait through the same retries to the same end.
      var unreachable: ProviderError?
      func startNext() {
        guard let request = queue.popFirst() else { return }
        if let unreachable {
          group.addTask { (request, .failure(unreachable)) }
          return
        }
        group.addTask {
          do {
            return (request, .success(try await provider.insight(for: request)))
          } catch {
            return (request, .failure(error))
          }
        }
      }
      for _ in 0..<width { startNext() }
      // Results are stored and reported on this task, the database's one owner, as they arrive.
      for try await (request, result) in group {
        let job = InsightJob(category: request.category, period: request.period)
        if case .failure(let error) = result, case .unreachable = error as? ProviderError {
          unreachable = error as? ProviderError
        }
        let (outcome, entry) = record(
          request, result, inputs: inputs[job] ?? "", key: key(job, asOf: asOf, warnings: warnings), asOf: asOf,
          now: now)
        if let entry, stores {
          if alongside == nil { try cache.store(entry) } else { held.append(entry) }
        }
        outcomes.append(outcome)
        completed(outcomes[outcomes.count - 1], outcomes.count, jobs.count)
        startNext()
      }
    }
    return try finish()
  }

  /// The outcome of one job, with the cache entry to store when there is one.
  private func record(
    _ request: InsightRequest, _ result: Result<Insight, any Error>, inputs: String, key: InsightCache.Key,
    asOf: CalendarDay, now: Int64
  ) -> (InsightOutcome, InsightCache.Entry?) {
    let job = InsightJob(category: request.category, period: request.period)
    switch result.map({ withGoals($0.withFallNote(request).withRings(request).withLutealNote(request), request) }) {
    case .success(let insight):
      return (
        InsightOutcome(job: job, insight: insight, source: .fresh, generatedAt: now, generatedDay: asOf),
        InsightCache.Entry(
          key: key, insight: insight, generatedAt: now, generatedDay: asOf, inputs: inputs,
          computedAt: Int64(Date().timeIntervalSince1970))
      )
    case .failure(let error):
      if let fallback {
        var unreachable = false
        if case .unreachable = error as? ProviderError { unreachable = true }
        return (
          InsightOutcome(
            job: job,
            insight: withGoals(
              fallback(request).withFallNote(request).withRings(request).withLutealNote(request), request),
            source: .fresh,
            generatedAt: now, generatedDay: asOf,
            fallback: InsightOutcome.Fallback(reason: "\(error)", unreachable: unreachable)), nil
        )
      }
      let insight = Insight(
        category: job.category, period: job.period, status: .failed,
        summary: "The \(job.period.rawValue) \(job.category.displayName) insight could not be written: \(error)")
      return (
        InsightOutcome(
          job: job, insight: insight, source: .fresh, generatedAt: now, generatedDay: asOf, failure: "\(error)"), nil
      )
    }
  }

  /// `insight` with the request's goal progress, which panda computes whatever the writer.
  private func withGoals(_ insight: Insight, _ request: InsightRequest) -> Insight {
    var insight = insight
    insight.goals = request.goals.isEmpty ? nil : request.goals
    return insight
  }

  /// The cache key; the context holds the category's goals and imperial units, so that an
  /// insight made before a goal or the units changed is not reused (and one made under the old
  /// setting is again once it is back). For a provider that hears the early warnings, it also
  /// holds the warnings the job's insight may be written within as of `asOf` (none outside one).
  private func key(_ job: InsightJob, asOf: CalendarDay, warnings: [HealthAlert]) -> InsightCache.Key {
    let categoryGoals = goals.filter { MetricCatalogue.metric($0.metric)?.category == job.category }
    let warning =
      provider.hearsWarnings
      ? InsightWarning.fingerprint(
        metrics: Set(MetricCatalogue.metrics(in: job.category).map(\.id)), period: job.period, asOf: asOf,
        among: warnings)
      : ""
    return InsightCache.Key(
      category: job.category, period: job.period, provider: provider.name, model: provider.model,
      promptVersion: provider.promptVersion,
      dailyContext: dailyContext + (categoryGoals.isEmpty ? "" : "|" + GoalTarget.fingerprint(categoryGoals))
        + (units == .metric ? "" : "|units=\(units.rawValue)") + (warning.isEmpty ? "" : "|warning=\(warning)"))
  }
}
