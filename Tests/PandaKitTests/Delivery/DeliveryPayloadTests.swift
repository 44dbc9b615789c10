import Testing

@testable import PandaKit

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
