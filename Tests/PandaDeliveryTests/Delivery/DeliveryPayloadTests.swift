import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaDelivery
@testable import PandaStore
@testable import PandaTestSupport

private let asOf = CalendarDay(iso: "2026-11-22")!

private func trend(_ metric: String, _ assessment: Assessment, evidence: TrendEvidence = .enough) -> MetricTrend {
  MetricTrend(
    metric: metric, unit: MetricCatalogue.metric(metric)?.unit ?? "", current: 1, baseline: 1, change: 0,
    changePercent: 0, slopePerDay: nil, direction: .flat, assessment: assessment, currentDays: 7, baselineDays: 28,
    recent: [], evidence: evidence)
}

private func outcome(
  _ category: HealthCategory, _ period: InsightPeriod, _ status: InsightStatus = .ok, _ metrics: [MetricAssessment] = []
) -> InsightOutcome {
  InsightOutcome(
    job: InsightJob(category: category, period: period),
    insight: Insight(
      category: category, period: period, status: status, summary: "\(category) \(period) summary", metrics: metrics),
    source: .fresh, generatedAt: 0, generatedDay: asOf)
}

@Test func theHeadlineNamesWhatDeclinedAndOnlyWrittenInsightsAreItems() {
  let payload = DeliveryPayload.insights(
    asOf: asOf, provider: "heuristic",
    outcomes: [
      outcome(.sleep, .daily, .ok, [MetricAssessment(trend: trend("sleep.deep", .declining), message: "Less.")]),
      outcome(.sleep, .weekly, .ok, [MetricAssessment(trend: trend("sleep.asleep", .declining), message: "Less.")]),
      outcome(.activity, .daily, .ok, [MetricAssessment(trend: trend("activity.steps", .improving), message: "More.")]),
      outcome(
        .mindfulness, .monthly, .ok,
        [MetricAssessment(trend: trend("mindfulness.mindfulMinutes", .declining), message: "Less.")]),
      outcome(.body, .daily, .noData),
      outcome(.heart, .daily, .failed),
    ], latest: [])
  #expect(payload.headline == "Declined as of 2026-11-22: Sleep (daily, weekly), Mindfulness (monthly).")
  #expect(payload.insights.map(\.category) == ["Sleep", "Sleep", "Activity", "Mindfulness"])
  #expect(payload.insights.map(\.declined) == [true, true, false, true])
  #expect(payload.hasDecline)
}

@Test func withoutDeclinesOrInsightsTheHeadlineSaysSo() {
  let calm = DeliveryPayload.insights(
    asOf: asOf, provider: "heuristic", outcomes: [outcome(.sleep, .daily)], latest: [])
  #expect(calm.headline == "Nothing declined in the 1 insight as of 2026-11-22.")
  let empty = DeliveryPayload.insights(
    asOf: asOf, provider: "heuristic", outcomes: [outcome(.sleep, .daily, .noData)], latest: [])
  #expect(empty.headline == "panda has no insights as of 2026-11-22: no category had enough recent data.")
  // Stale data: the headline says where the data ends, as the digest's first line does.
  let stale = DeliveryPayload.insights(
    asOf: asOf, provider: "heuristic", outcomes: [outcome(.sleep, .daily, .noData)], latest: [],
    dataEnds: asOf.adding(days: -41))
  #expect(
    stale.headline
      == "panda has no insights as of 2026-11-22: your data ends on \(asOf.adding(days: -41).iso), "
      + "40 days before 2026-11-21.")
  let failed = DeliveryPayload.insights(
    asOf: asOf, provider: "heuristic", outcomes: [outcome(.sleep, .daily, .failed)], latest: [])
  #expect(failed.headline == "panda could not write insights as of 2026-11-22; `panda insights` says why.")
}

@Test func aReadingCarriesItsShownValueItsDayAndTheShortestPeriodsAssessment() throws {
  let steps = try #require(MetricCatalogue.metric("activity.steps"))
  let weight = try #require(MetricCatalogue.metric("body.bodyMass"))
  let payload = DeliveryPayload.insights(
    asOf: asOf, provider: "heuristic",
    outcomes: [
      outcome(.activity, .monthly, .ok, [MetricAssessment(trend: trend("activity.steps", .stable), message: "Month.")]),
      outcome(.activity, .daily, .ok, [MetricAssessment(trend: trend("activity.steps", .improving), message: "Day.")]),
      outcome(
        .body, .weekly, .ok,
        [MetricAssessment(trend: trend("body.bodyMass", .stable, evidence: .fewReadings), message: "Too few.")]),
    ],
    latest: [
      .init(metric: steps, day: CalendarDay(iso: "2026-11-21")!, value: 9_876.4),
      .init(metric: weight, day: CalendarDay(iso: "2026-11-02")!, value: 71.234),
    ])
  #expect(
    payload.readings == [
      .init(
        metric: "activity.steps", name: "Steps", unit: "steps", value: 9_876, date: "2026-11-21", stateClass: "total",
        assessment: "improving", sentence: "Day."),
      .init(
        metric: "body.bodyMass", name: weight.name, unit: "kg", value: 71.2, date: "2026-11-02",
        stateClass: "measurement", sentence: "Too few."),
    ])
}

@Test func theDigestOpensWithWhatStandsOutAndOldPayloadsStillDecode() throws {
  let highlight = Highlight(
    kind: .change, sentence: "Steps improved this week: 9,000 steps vs your usual 7,000 steps, +2,000 steps (+29 %).",
    metric: "activity.steps", category: .activity, period: .weekly, detail: "activity-weekly")
  let payload = DeliveryPayload.insights(
    asOf: asOf, provider: "heuristic", outcomes: [outcome(.activity, .weekly)], latest: [], highlights: [highlight])
  let stored = try DeliveryPayload.decode(try payload.json())
  #expect(stored.highlights?.first?.sentence == highlight.sentence)
  let digest = NtfyChannel.digest(stored)
  #expect(digest.hasPrefix("**What stands out**\n- \(highlight.sentence)\n\n**\(payload.headline)**"))
  // A message queued before highlights existed has none, and its digest opens with the headline.
  var old = payload
  old.highlights = nil
  var text = try old.json()
  #expect(!text.contains("highlights"))
  text = text.replacingOccurrences(of: "\"highlights\":null,", with: "")
  #expect(NtfyChannel.digest(try DeliveryPayload.decode(text)).hasPrefix("**\(payload.headline)**"))
}

@Test func duringAnEarlyWarningTheHeadlineAndTheNtfyTitleSaySo() throws {
  let alert = Highlight(
    kind: .alert, sentence: "Resting heart rate 7 bpm above your usual since 2026-11-19.", detail: "alerts")
  let calm = DeliveryPayload.insights(
    asOf: asOf, provider: "heuristic", outcomes: [outcome(.sleep, .daily), outcome(.activity, .daily)], latest: [],
    highlights: [alert])
  #expect(!calm.headline.contains("Nothing declined"), "\(calm.headline)")
  #expect(calm.headline == "An early warning is going on as of 2026-11-22: \(alert.sentence)")
  #expect(calm.hasWarning)
  let declined = DeliveryPayload.insights(
    asOf: asOf, provider: "heuristic",
    outcomes: [outcome(.sleep, .daily, .ok, [MetricAssessment(trend: trend("sleep.deep", .declining), message: "L.")])],
    latest: [], highlights: [alert, alert])
  #expect(
    declined.headline
      == "2 early warnings are going on as of 2026-11-22: \(alert.sentence) \(alert.sentence) "
      + "Declined as of 2026-11-22: Sleep (daily).")
  let quiet = DeliveryPayload.insights(
    asOf: asOf, provider: "heuristic", outcomes: [outcome(.sleep, .daily)], latest: [])
  #expect(!quiet.hasWarning)
}

@Test func theEmailDigestWritesLatestValuesAsTheRestOfPanda() throws {
  let metrics = try ["activity.steps", "activity.workouts", "sleep.asleep"].map {
    try #require(MetricCatalogue.metric($0))
  }
  let day = CalendarDay(iso: "2026-11-21")!
  let payload = DeliveryPayload.insights(
    asOf: asOf, provider: "heuristic", outcomes: [outcome(.activity, .daily)],
    latest: zip(metrics, [8_462, 1, 6.72]).map { .init(metric: $0, day: day, value: $1) }, overview: [])
  let mail = EmailChannel.message(payload, id: "m1", from: "p@example.org", to: ["me@example.org"], date: 0)
  for (metric, value) in zip(metrics, [8_462.0, 1, 6.72]) {
    let shown = MetricFormatter.string(value, unit: metric.unit)
    #expect(mail.contains("\r\n  \(metric.name): \(shown) on 2026-11-21\r\n"), "\(mail)")
  }
  #expect(mail.contains("Steps: 8,462 steps"))
  #expect(mail.contains("Workouts: 1 workout on"))
  #expect(mail.contains("Time asleep: 6 h 43 min on"))
}

@Test func theLatestWaterIsTheLastDayWithEntriesNotAFilledInZero() throws {
  let folder = try TemporaryFolder()
  let database = try Database.openPanda(at: folder.file("panda.sqlite"))
  // 2026-11-20 had 1,250 mL logged; 2026-11-21 had no entries, stored as a habit's 0.
  try database.execute(
    "INSERT INTO daily_values (metric, day, value, filled) VALUES ('nutrition.water', '2026-11-20', 1250, 0), "
      + "('nutrition.water', '2026-11-21', 0, ?)", [.integer(StoredDay.Fill.zero.rawValue)])
  let latest = try NotifyRun(database: database).latestValues(through: CalendarDay(iso: "2026-11-21")!)
  let water = try #require(latest.first { $0.metric.id == "nutrition.water" })
  #expect(water.day == CalendarDay(iso: "2026-11-20")!)
  #expect(water.value == 1_250)
}
