import Foundation
import Synchronization
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaDelivery
@testable import PandaImport
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// A provider that fails for one category and records how many calls ran at once.
final class ScriptedProvider: LLMProvider {
  let name = "scripted"
  let model = "test"
  let promptVersion = "1"
  let failing: HealthCategory?
  let delay: Duration
  private let running = Mutex((now: 0, most: 0, calls: 0))

  init(failing: HealthCategory? = nil, delay: Duration = .zero) {
    self.failing = failing
    self.delay = delay
  }

  var mostAtOnce: Int { running.withLock { $0.most } }
  var calls: Int { running.withLock { $0.calls } }

  struct Refusal: Error, CustomStringConvertible {
    var description: String { "the provider refused" }
  }

  func insight(for request: InsightRequest) async throws -> Insight {
    running.withLock {
      $0.now += 1
      $0.calls += 1
      $0.most = max($0.most, $0.now)
    }
    defer { running.withLock { $0.now -= 1 } }
    if delay > .zero { try await Task.sleep(for: delay) }
    if request.category == failing { throw Refusal() }
    return HeuristicProvider().write(request)
  }
}

@Suite struct InsightsPipelineTests {
  let data: PlantedTrends

  init() throws {
    data = try PlantedTrends()
  }

  func run(
    _ provider: any LLMProvider = HeuristicProvider(), jobs: [InsightJob] = InsightJob.all,
    asOf: CalendarDay = PlantedTrends.asOf,
    refresh: Bool = false, width: Int = 4
  ) async throws -> [InsightOutcome] {
    try await InsightsPipeline(database: data.database, provider: provider, width: width)
      .run(jobs: jobs, asOf: asOf, now: 1_000, refresh: refresh)
  }

  func assessment(_ outcomes: [InsightOutcome], _ period: InsightPeriod, _ metric: String) -> Assessment? {
    outcomes.first { $0.job.period == period && $0.insight.metrics.contains { $0.metric == metric } }?
      .insight.metrics.first { $0.metric == metric }?.assessment
  }

  @Test(arguments: [InsightPeriod.weekly, .monthly])
  func plantedTrendsAreFoundAndTheFlatOneIsNotCalledAnything(period: InsightPeriod) async throws {
    let outcomes = try await run()
    #expect(assessment(outcomes, period, "activity.steps") == .improving)
    #expect(assessment(outcomes, period, "heart.restingHeartRate") == .improving)
    #expect(assessment(outcomes, period, "heart.hrv") == .improving)
    #expect(assessment(outcomes, period, "sleep.asleep") == .declining)
    #expect(assessment(outcomes, period, "mindfulness.mindfulMinutes") == .declining)
    #expect(assessment(outcomes, period, "respiratory.respiratoryRate") == .stable)
    let breathing = try #require(outcomes.first { $0.job == InsightJob(category: .respiratory, period: period) })
    let rate = try #require(breathing.insight.metrics.first { $0.metric == "respiratory.respiratoryRate" })
    #expect(rate.direction == .flat)
    #expect(!breathing.insight.summary.contains("improving"))
    #expect(!breathing.insight.summary.contains("wrong way"))
  }

  @Test(arguments: [InsightPeriod.weekly, .monthly])
  func walkingDistanceFollowsThePlantedSteps(period: InsightPeriod) async throws {
    let outcomes = try await run()
    #expect(assessment(outcomes, period, "activity.distance") == .improving)
  }

  /// Metrics the generator plants no trend in: no period may call them improving or declining.
  @Test(arguments: InsightPeriod.allCases)
  func metricsWithoutAPlantedTrendAreNeverClaimed(period: InsightPeriod) async throws {
    let outcomes = try await run()
    let untrended = [
      "heart.bloodPressureSystolic", "heart.bloodPressureDiastolic", "respiratory.oxygenSaturation",
      "respiratory.respiratoryRate", "nutrition.dietaryEnergy", "activity.flightsClimbed", "activity.standHours",
      "activity.activeEnergy", "nutrition.water",
    ]
    for metric in untrended {
      let found = assessment(outcomes, period, metric)
      #expect(found == nil || found == .stable, "\(metric) \(period) was called \(String(describing: found))")
    }
    for outcome in outcomes where outcome.job.period == period {
      for name in ["blood pressure", "blood oxygen", "respiratory rate", "dietary energy", "flights", "stand hours"] {
        #expect(!outcome.insight.summary.contains(name), "\(outcome.insight.summary)")
      }
    }
  }

  @Test func everyJobIsReportedInOrder() async throws {
    let outcomes = try await run()
    #expect(outcomes.map(\.job) == InsightJob.all)
    #expect(outcomes.allSatisfy { $0.source == .fresh })
  }

  @Test func aSecondRunWithinTheStalenessWindowRecomputesNothing() async throws {
    let provider = ScriptedProvider()
    _ = try await run(provider)
    let firstCalls = provider.calls
    let again = try await run(provider)
    #expect(provider.calls == firstCalls)
    #expect(again.filter { $0.insight.status == .ok }.allSatisfy { $0.source == .cache })
  }

  static let staleness: [(Int, [InsightPeriod])] = [
    (2, [.daily]), (4, [.daily, .weekly]), (8, [.daily, .weekly, .monthly]),
  ]

  @Test(arguments: staleness)
  func laterDaysRecomputeExactlyWhatWentStale(days: Int, stalePeriods: [InsightPeriod]) async throws {
    let stale = Set(stalePeriods)
    let first = try await run()
    let later = try await run(asOf: PlantedTrends.asOf.adding(days: days))
    // Every stale insight is recomputed; one still fresh is recomputed only when the later
    // report's bar no longer makes its claims (its reuse would mix two bars in one report).
    for outcome in later {
      let wasStale = stale.contains(outcome.job.period)
      if wasStale || outcome.insight.status != .ok {
        #expect(outcome.source == .fresh || outcome.insight.status != .ok, "\(outcome.job)")
        continue
      }
      guard outcome.source == .fresh else { continue }
      let before = try #require(first.first { $0.job == outcome.job })
      let claims = { (insight: Insight) in insight.metrics.map { "\($0.metric) \($0.assessment)" } }
      #expect(claims(before.insight) != claims(outcome.insight), "\(outcome.job) recomputed with the same claims")
    }
    let cached = Set(later.filter { $0.source == .cache }.map(\.job.period))
    #expect(cached.isDisjoint(with: stale))
    #expect(!cached.isEmpty || stale.count == InsightPeriod.allCases.count)
  }

  @Test func aNewerImportMakesTheAffectedInsightsFreshAndARepeatRunIsCached() async throws {
    let jobs = [
      InsightJob(category: .activity, period: .weekly), InsightJob(category: .activity, period: .monthly),
      InsightJob(category: .sleep, period: .weekly),
    ]
    let first = try await run(jobs: jobs)
    #expect(first.allSatisfy { $0.source == .fresh })
    #expect(try await run(jobs: jobs).allSatisfy { $0.source == .cache })

    // A newer export adds 4,000 steps at night on each of the last seven days.
    let records = (1...7).map { back in
      let day = PlantedTrends.asOf.adding(days: -back).iso
      return Records.quantity(
        "StepCount", source: "Pedometer", unit: "count", value: 4_000, start: "\(day) 03:00:00 +0000",
        end: "\(day) 03:30:00 +0000")
    }
    let xml = try data.folder.write("newer.xml", exportXML(records.joined(separator: "\n")))
    _ = try ExportImporter(database: data.database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .importExport(at: xml)

    let after = try await run(jobs: jobs)
    let sources = Dictionary(uniqueKeysWithValues: after.map { ($0.job, $0.source) })
    #expect(sources[jobs[0]] == .fresh)
    #expect(sources[jobs[1]] == .fresh)
    #expect(sources[jobs[2]] == .cache)
    let steps = { (outcomes: [InsightOutcome]) in
      outcomes.first { $0.job == jobs[0] }?.insight.metrics.first { $0.metric == "activity.steps" }?.current ?? 0
    }
    #expect(steps(after) > steps(first) + 3_000)
    #expect(try await run(jobs: jobs).allSatisfy { $0.source == .cache })
  }

  @Test func aRunAsOfAPastDayNeverReplacesTheCurrentEntry() async throws {
    let jobs = [InsightJob(category: .activity, period: .weekly)]
    _ = try await run(jobs: jobs)
    let past = try await run(jobs: jobs, asOf: PlantedTrends.asOf.adding(days: -10))
    #expect(past.first?.source == .fresh)
    let current = try await run(jobs: jobs)
    #expect(current.first?.source == .cache)
    #expect(current.first?.generatedDay == PlantedTrends.asOf)
  }

  @Test func refreshIgnoresTheCacheAndRewritesIt() async throws {
    _ = try await run()
    let provider = ScriptedProvider()
    let refreshed = try await run(provider, refresh: true)
    #expect(refreshed.allSatisfy { $0.source == .fresh })
    #expect(provider.calls > 0)
    let entry = try InsightCache(database: data.database).entry(
      for: .init(
        category: .sleep, period: .weekly, provider: "scripted", model: "test", promptVersion: "1", dailyContext: ""))
    #expect(entry?.insight.status == .ok)
  }

  @Test func insightsFromDailyValuesOfAnotherTimeZoneAreNotReused() async throws {
    let jobs = [InsightJob(category: .activity, period: .weekly)]
    let utc = DailyContext(zone: TimeZone(identifier: "UTC")!)
    let tokyo = DailyContext(zone: TimeZone(identifier: "Asia/Tokyo")!)
    func run(_ context: DailyContext) async throws -> InsightOutcome.Source? {
      try await InsightsPipeline(
        database: data.database, provider: HeuristicProvider(), width: 1, dailyContext: context
      )
      .run(jobs: jobs, asOf: PlantedTrends.asOf, now: 0, refresh: false).first?.source
    }
    #expect(try await run(utc) == .fresh)
    #expect(try await run(utc) == .cache)
    #expect(try await run(tokyo) == .fresh)
  }

  @Test func goalsShowInTheirCategorysInsightsAndAChangedGoalIsNotHiddenByTheCache() async throws {
    let jobs = [InsightJob(category: .activity, period: .weekly)]
    func run(_ goals: [GoalTarget]) async throws -> InsightOutcome? {
      try await InsightsPipeline(database: data.database, provider: HeuristicProvider(), width: 1, goals: goals)
        .run(jobs: jobs, asOf: PlantedTrends.asOf, now: 0, refresh: false).first
    }
    let steps = GoalTarget(goal: "goal.steps", metric: "activity.steps", target: 8_000)
    let sleep = GoalTarget(goal: "goal.sleep", metric: "sleep.asleep", target: 8)
    let first = try #require(try await run([steps, sleep]))
    #expect(first.source == .fresh)
    let progress = try #require(first.insight.goals?.first)
    #expect(first.insight.goals?.count == 1)
    let week = try DailyValueReader(database: data.database).points(
      metric: "activity.steps", from: PlantedTrends.asOf.adding(days: -7), through: PlantedTrends.asOf.adding(days: -1))
    #expect(progress.from == PlantedTrends.asOf.adding(days: -7))
    #expect(progress.days == week.count)
    #expect(progress.met == week.filter { $0.value >= 8_000 }.count)
    #expect(progress.target == 8_000)

    let again = try #require(try await run([steps, sleep]))
    #expect(again.source == .cache)
    #expect(again.insight.goals == first.insight.goals)
    // Another category's goal leaves the activity insight as it was.
    #expect(try await run([steps]).map(\.source) == .cache)
    let raised = try #require(try await run([GoalTarget(goal: "goal.steps", metric: "activity.steps", target: 20_000)]))
    #expect(raised.source == .fresh)
    #expect(raised.insight.goals?.first?.target == 20_000)
    #expect(raised.insight.goals?.first?.met == week.filter { $0.value >= 20_000 }.count)
    let none = try #require(try await run([]))
    #expect(none.source == .fresh)
    #expect(none.insight.goals == nil)
    #expect(try await run([steps]).map(\.source) == .cache)
  }

  @Test func oneFailingJobNeitherCancelsTheOthersNorIsCached() async throws {
    let provider = ScriptedProvider(failing: .sleep)
    let outcomes = try await run(provider)
    let failed = outcomes.filter { $0.insight.status == .failed }
    #expect(Set(failed.map(\.job.category)) == [.sleep])
    #expect(failed.allSatisfy { $0.failure == "the provider refused" })
    #expect(outcomes.contains { $0.job.category == .heart && $0.insight.status == .ok })
    let cached = try InsightCache(database: data.database).all()
    #expect(!cached.contains { $0.key.category == .sleep })
    #expect(cached.contains { $0.key.category == .heart })
  }

  @Test func providerCallsRunConcurrentlyButNeverWiderThanAsked() async throws {
    let provider = ScriptedProvider(delay: .milliseconds(20))
    _ = try await run(provider, width: 3)
    #expect(provider.mostAtOnce == 3)
    let narrow = ScriptedProvider(delay: .milliseconds(5))
    _ = try await run(narrow, refresh: true, width: 1)
    #expect(narrow.mostAtOnce == 1)
  }
}

@Suite struct NoDataInsightTests {
  @Test func aCategoryWithoutDataSaysHowToGetItInAndCallsNoProvider() async throws {
    let folder = try TemporaryFolder()
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let records = (1...25).map { day in
      Records.quantity(
        "StepCount", source: "Watch", device: Records.watchDevice, unit: "count", value: 8_000,
        start: String(format: "2024-05-%02d 08:00:00 +0000", day),
        end: String(format: "2024-05-%02d 20:00:00 +0000", day))
    }
    let xml = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!)).importExport(
      at: xml)
    let provider = ScriptedProvider()
    let outcomes = try await InsightsPipeline(database: database, provider: provider, width: 2).run(
      jobs: [InsightJob(category: .sleep, period: .weekly), InsightJob(category: .activity, period: .weekly)],
      asOf: CalendarDay(iso: "2024-05-26")!, now: 0, refresh: false)
    let sleep = try #require(outcomes.first { $0.job.category == .sleep })
    #expect(sleep.insight.status == .noData)
    #expect(sleep.insight.summary == "No sleep data in the last 7 days.")
    #expect(sleep.insight.suggestions.contains { $0.contains("Sleep Tracking") })
    // How to export again is said once by the report, not in every block.
    #expect(!sleep.insight.suggestions.contains { $0.contains("panda import export.zip") })
    #expect(provider.calls == 1)
    #expect(try InsightCache(database: database).all().map(\.key.category) == [.activity])
  }

  @Test func aCategoryThatStoppedSaysWhenAndHowToLookAtThatTime() async throws {
    let folder = try TemporaryFolder()
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let records = (1...20).map { day in
      Records.quantity(
        "StepCount", source: "Watch", device: Records.watchDevice, unit: "count", value: 8_000,
        start: String(format: "2019-06-%02d 10:00:00 +0000", day),
        end: String(format: "2019-06-%02d 11:00:00 +0000", day))
    }
    let xml = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!)).importExport(
      at: xml)
    let outcomes = try await InsightsPipeline(database: database, provider: HeuristicProvider(), width: 1).run(
      jobs: [InsightJob(category: .activity, period: .weekly)], asOf: CalendarDay(iso: "2019-09-01")!, now: 0,
      refresh: false)
    let activity = try #require(outcomes.first)
    #expect(activity.insight.status == .noData)
    #expect(
      activity.insight.summary
        == "No activity data in the last 7 days. It stopped on 2019-06-20; panda insights --as-of 2019-06-21 shows that time."
    )
    // It had data, so there is no advice on how to record it.
    #expect(activity.insight.suggestions.isEmpty)
  }
}

@Suite struct CacheListTests {
  @Test func cacheListCallsAnEntryStaleOnceItsDailyValuesChanged() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file("panda.sqlite")
    let database = try Database.openPanda(at: path)
    let today = LocalDay.day(of: Int64(Date().timeIntervalSince1970), in: TimeZone(identifier: "UTC")!)
    let job = InsightJob(category: .activity, period: .weekly)
    let cache = InsightCache(database: database)
    let key = InsightCache.Key(
      category: .activity, period: .weekly, provider: "heuristic", model: "rules",
      promptVersion: HeuristicProvider().promptVersion,
      dailyContext: "")
    try cache.store(
      InsightCache.Entry(
        key: key, insight: Insight(category: .activity, period: .weekly, status: .ok, summary: "s"),
        generatedAt: 0, generatedDay: today, inputs: try cache.inputs(for: job, asOf: today)))
    func freshToday() async throws -> Bool? {
      let result = await runPanda(["cache", "list", "--format", "json", "--db", path, "--timezone", "UTC"])
      let listings = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]]
      return listings?.first?["freshToday"] as? Bool
    }
    #expect(try await freshToday() == true)
    try database.execute(
      "INSERT INTO daily_values (metric, day, value) VALUES ('activity.steps', ?, 9000)",
      [.text(today.adding(days: -2).iso)])
    #expect(try await freshToday() == false)
  }
}

@Suite struct InsightsPipelineAlongsideTests {
  let data: PlantedTrends
  let jobs = [InsightJob(category: .activity, period: .weekly), InsightJob(category: .sleep, period: .daily)]

  init() throws {
    data = try PlantedTrends()
  }

  func cachedInsights(seenBy database: Database) throws -> Int64 {
    try database.integer("SELECT count(*) FROM insight_cache") ?? -1
  }

  @Test func insightsAndWhatIsWrittenAlongsideAreCommittedInOneTransaction() async throws {
    let destination = try DestinationStore(database: data.database).add(
      kind: .webhook, url: "http://127.0.0.1:9/hook", options: [:], now: 1_000)
    let other = try Database.openPanda(at: data.path)
    var seenBeforeCommit: Int64 = -1
    var seenOutcomes: [InsightJob] = []
    let outcomes = try await InsightsPipeline(database: data.database, provider: HeuristicProvider(), width: 2).run(
      jobs: jobs, asOf: PlantedTrends.asOf, now: 1_000, refresh: false,
      alongside: { outcomes in
        seenOutcomes = outcomes.map(\.job)
        try Outbox(database: data.database).enqueue(payload: "{}", dedupKey: "run", to: [destination], now: 1_000)
        // Another connection sees neither the insights nor the message until both commit.
        seenBeforeCommit = try cachedInsights(seenBy: other)
      })
    #expect(seenOutcomes == outcomes.map(\.job))
    #expect(seenBeforeCommit == 0)
    #expect(try cachedInsights(seenBy: other) == 2)
    #expect(try Outbox(database: other).all().count == 1)
  }

  struct QueueFailure: Error {}

  @Test func whenWritingAlongsideFailsNoInsightIsStored() async throws {
    await #expect(throws: QueueFailure.self) {
      try await InsightsPipeline(database: data.database, provider: HeuristicProvider(), width: 2).run(
        jobs: jobs, asOf: PlantedTrends.asOf, now: 1_000, refresh: false,
        alongside: { _ in
          try data.database.execute("INSERT INTO profile (key, value) VALUES ('written', 'alongside')")
          throw QueueFailure()
        })
    }
    #expect(try cachedInsights(seenBy: data.database) == 0)
    #expect(try data.database.integer("SELECT count(*) FROM profile WHERE key = 'written'") == 0)
  }

  @Test func cachedInsightsAreHandedAlongsideToo() async throws {
    let pipeline = InsightsPipeline(database: data.database, provider: HeuristicProvider(), width: 2)
    _ = try await pipeline.run(jobs: jobs, asOf: PlantedTrends.asOf, now: 1_000, refresh: false)
    var handed: [InsightOutcome.Source] = []
    _ = try await pipeline.run(
      jobs: jobs, asOf: PlantedTrends.asOf, now: 2_000, refresh: false, alongside: { handed = $0.map(\.source) })
    #expect(handed == [.cache, .cache])
  }
}
