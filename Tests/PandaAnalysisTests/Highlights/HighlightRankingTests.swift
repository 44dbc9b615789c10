import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaTestSupport

/// "What stands out": which candidates lead, how many, and that each says what its detail says.
@Suite struct HighlightRankingTests {
  static let asOf = CalendarDay(iso: "2025-07-01")!
  let base = HeuristicProviderTests()

  func outcome(
    _ category: HealthCategory, _ period: InsightPeriod, _ trends: [MetricTrend], status: InsightStatus = .ok,
    summary: String = "A summary."
  ) -> InsightOutcome {
    InsightOutcome(
      job: InsightJob(category: category, period: period),
      insight: Insight(
        category: category, period: period, status: status, summary: summary,
        metrics: trends.map { MetricAssessment(trend: $0, message: "Detail of \($0.metric).") }),
      source: .fresh, generatedAt: 0, generatedDay: Self.asOf)
  }

  func change(_ metric: String, _ current: Double, _ baseline: Double, _ assessment: Assessment) -> MetricTrend {
    base.trend(
      metric, current: current, baseline: baseline, direction: current > baseline ? .up : .down,
      assessment: assessment)
  }

  var current: DataRecency {
    DataRecency(
      lastDay: Self.asOf.adding(days: -1),
      byCategory: Dictionary(uniqueKeysWithValues: HealthCategory.analysed.map { ($0, Self.asOf.adding(days: -1)) }))
  }

  @Test func anAlertLeadsThenALevelThenChangesByTheirSizeThenALinkThenAGap() {
    let alert = Highlight(kind: .alert, sentence: "Alert.", detail: "alerts")
    let link = Highlight(kind: .link, sentence: "Link.", detail: "relations", strength: 0.6)
    var recency = current
    recency.byCategory[.mindfulness] = Self.asOf.adding(days: -20)
    let outcomes = [
      // Resting heart rate 4 bpm up (2 sizes of 2 bpm); steps 30 % down (3 sizes of 10 %).
      outcome(.heart, .weekly, [change("heart.restingHeartRate", 64, 60, .declining)]),
      outcome(.activity, .weekly, [change("activity.steps", 2_000, 2_900, .declining)]),
      outcome(.sleep, .weekly, [change("sleep.asleep", 5.2, 5.5, .stable)]),
      outcome(.mindfulness, .weekly, [], status: .noData),
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: recency, asOf: Self.asOf, units: .metric, alerts: [alert], links: [link])
    #expect(highlights.map(\.kind) == [.alert, .level, .level, .change, .link])
    // Steps of 2,000 are far under; their change is not named again. Sleep under 6 h is a level.
    #expect(highlights[1].metric == "activity.steps" || highlights[1].metric == "sleep.asleep")
    #expect(Set(highlights[1...2].compactMap(\.metric)) == ["activity.steps", "sleep.asleep"])
    #expect(highlights[3].metric == "heart.restingHeartRate")
    #expect(highlights[3].sentence.contains("64 bpm vs your usual 60 bpm"))
    #expect(highlights[3].sentence.contains("went the wrong way this week"))
  }

  @Test func aGapIsNamedWhenFewerThingsStandOut() {
    var recency = current
    recency.byCategory[.sleep] = Self.asOf.adding(days: -21)
    let outcomes = [
      outcome(.sleep, .weekly, [], status: .noData), outcome(.sleep, .monthly, [], status: .noData),
      outcome(.heart, .weekly, [change("heart.restingHeartRate", 56, 60, .improving)]),
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: recency, asOf: Self.asOf, units: .metric)
    #expect(highlights.map(\.kind) == [.change, .gap])
    #expect(highlights[1].sentence.hasPrefix("No sleep data since 2025-06-10, 20 days before your latest data"))
    #expect(highlights[1].detail == "sleep-monthly")
  }

  @Test func atMostFiveAcrossAllCategoriesTheLargestChangesFirst() {
    let outcomes = [
      outcome(
        .activity, .weekly,
        [
          change("activity.steps", 13_000, 10_000, .improving), change("activity.distance", 9, 6, .improving),
          change("activity.flightsClimbed", 20, 10, .improving),
        ]),
      outcome(
        .heart, .weekly,
        [change("heart.restingHeartRate", 52, 60, .improving), change("heart.hrv", 70, 40, .improving)]),
      outcome(.sleep, .monthly, [change("sleep.asleep", 8, 7, .improving)]),
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: current, asOf: Self.asOf, units: .metric)
    #expect(highlights.count == HighlightRanking.limit)
    #expect(highlights.allSatisfy { $0.kind == .change })
    let strengths = highlights.map(\.strength)
    #expect(strengths == strengths.sorted(by: >))
    // One change per category first: sleep (1 h, two sizes of 30 min) is in although activity's
    // third-largest change is larger.
    #expect(highlights.contains { $0.metric == "sleep.asleep" })
  }

  @Test func aChangeComesFromThePeriodWhereItIsLargestAndAgreesWithItsDetail() {
    let outcomes = [
      outcome(.heart, .weekly, [change("heart.restingHeartRate", 57, 60, .improving)]),
      outcome(.heart, .monthly, [change("heart.restingHeartRate", 54, 60, .improving)]),
      // A day's difference is never what stands out.
      outcome(.heart, .daily, [change("heart.hrv", 90, 40, .improving)]),
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: current, asOf: Self.asOf, units: .metric)
    let only = try? #require(highlights.count == 1 ? highlights.first : nil)
    #expect(only?.period == .monthly)
    #expect(only?.detail == "heart-monthly")
    let (now, usual, difference) = MetricFigures.figures(
      outcomes[1].insight.metrics[0], period: .monthly, units: .metric)
    #expect(only?.sentence == "Resting heart rate improved this month: \(now) vs your usual \(usual), \(difference).")
  }

  @Test func stableMetricsAndFewReadingsNeverStandOut() {
    var few = change("heart.restingHeartRate", 90, 60, .stable)
    few.evidence = .fewReadings
    let outcomes = [
      outcome(.heart, .weekly, [change("heart.hrv", 45, 40, .stable), few]),
      outcome(.activity, .weekly, [change("activity.steps", 9_000, 8_000, .stable)]),
    ]
    #expect(
      HighlightRanking.highlights(outcomes: outcomes, recency: current, asOf: Self.asOf, units: .metric).isEmpty)
  }

  /// Five clear changes in five categories, each larger than any a level would rank by.
  var crowd: [InsightOutcome] {
    [
      outcome(.activity, .weekly, [change("activity.steps", 20_000, 8_000, .improving)]),
      outcome(.sleep, .weekly, [change("sleep.asleep", 9, 7, .improving)]),
      outcome(.mobility, .weekly, [change("mobility.walkingSpeed", 6, 4, .improving)]),
      outcome(.mindfulness, .weekly, [change("mindfulness.mindfulMinutes", 40, 5, .improving)]),
      outcome(.hearing, .weekly, [change("hearing.headphoneAudio", 60, 75, .improving)]),
    ]
  }

  @Test func aLevelFarOutsideItsRangeAndAWarningAlwaysReachTheTop() throws {
    let alert = Highlight(
      kind: .alert, sentence: "Alert.", metric: "heart.hrv", category: .heart, detail: "alerts", strength: 2)
    // 114 bpm against a usual of 70: a change too, but the level is what must be said.
    let heart = outcome(.heart, .weekly, [change("heart.restingHeartRate", 114, 70, .declining)])
    let highlights = HighlightRanking.highlights(
      outcomes: crowd + [heart], recency: current, asOf: Self.asOf, units: .metric, alerts: [alert])
    #expect(highlights.count == HighlightRanking.limit)
    #expect(highlights.first == alert)
    let level = try #require(highlights.first { $0.kind == .level })
    #expect(level.metric == "heart.restingHeartRate")
    #expect(level.sentence.contains("114 bpm"))
    #expect(level.sentence.contains("worth mentioning to a clinician"))
    // Without the level the five changes fill the top and the heart is not named.
    let without = HighlightRanking.highlights(
      outcomes: crowd + [outcome(.heart, .weekly, [change("heart.restingHeartRate", 72, 70, .stable)])],
      recency: current, asOf: Self.asOf, units: .metric)
    #expect(without.count == HighlightRanking.limit)
    #expect(!without.contains { $0.category == .heart })
    // More levels than slots: every one is said.
    let levels = [
      outcome(
        .heart, .weekly,
        [
          change("heart.restingHeartRate", 114, 70, .declining),
          change("heart.bloodPressureSystolic", 185, 125, .declining),
          change("heart.bloodPressureDiastolic", 125, 80, .declining),
        ]),
      outcome(.sleep, .weekly, [change("sleep.asleep", 4, 7, .declining)]),
      outcome(.activity, .weekly, [change("activity.steps", 1_500, 8_000, .declining)]),
      outcome(.respiratory, .weekly, [change("respiratory.oxygenSaturation", 90, 97, .declining)]),
    ]
    let all = HighlightRanking.highlights(
      outcomes: levels + crowd, recency: current, asOf: Self.asOf, units: .metric, alerts: [alert])
    #expect(all.count == 7)
    #expect(all.filter { $0.kind == .level }.count == 6)
  }

  @Test func whatACardFlagsForAClinicianReachesTheTopFromADayOrAFewReadings() throws {
    var few = change("heart.bloodPressureSystolic", 150, 125, .stable)
    few.evidence = .fewReadings
    let outcomes = [
      outcome(.heart, .daily, [change("heart.restingHeartRate", 114, 70, .stable)]),
      outcome(.heart, .weekly, [change("heart.restingHeartRate", 76, 70, .stable), few]),
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: current, asOf: Self.asOf, units: .metric)
    let heartRate = try #require(highlights.first { $0.metric == "heart.restingHeartRate" })
    #expect(heartRate.kind == .level)
    #expect(heartRate.period == .daily)
    #expect(
      heartRate.sentence
        == "Resting heart rate yesterday: 114 bpm. "
        + HeuristicPhrases.clinicianNote(metric: MetricCatalogue.metric("heart.restingHeartRate")!, value: 114)!)
    let pressure = try #require(highlights.first { $0.metric == "heart.bloodPressureSystolic" })
    #expect(pressure.sentence.hasPrefix("Systolic blood pressure this week: 150 mmHg."))
    // Below the threshold, nothing is flagged and nothing stands out.
    let calm = HighlightRanking.highlights(
      outcomes: [outcome(.heart, .daily, [change("heart.restingHeartRate", 99, 70, .stable)])], recency: current,
      asOf: Self.asOf, units: .metric)
    #expect(calm.isEmpty)
  }

  @Test func everyCategoryGetsOneItemBeforeAnyGetsASecond() {
    // Activity has four changes, each larger than the one change of sleep and of mindfulness.
    let outcomes = [
      outcome(
        .activity, .weekly,
        [
          change("activity.steps", 20_000, 8_000, .improving), change("activity.flightsClimbed", 30, 5, .improving),
          change("activity.exerciseMinutes", 90, 20, .improving), change("activity.standHours", 14, 8, .improving),
        ]),
      outcome(.sleep, .weekly, [change("sleep.asleep", 7.9, 7.4, .improving)]),
      outcome(.mindfulness, .weekly, [change("mindfulness.mindfulMinutes", 7, 5, .improving)]),
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: current, asOf: Self.asOf, units: .metric)
    #expect(highlights.count == HighlightRanking.limit)
    #expect(highlights.contains { $0.category == .sleep })
    #expect(highlights.contains { $0.category == .mindfulness })
    #expect(highlights.filter { $0.category == .activity }.count == 3)
    // With the small ones gone, activity's changes take the slots.
    let alone = HighlightRanking.highlights(
      outcomes: [outcomes[0]], recency: current, asOf: Self.asOf, units: .metric)
    #expect(alone.count == 4)
  }

  @Test func walkingDistanceTakesNoSlotBesideStepsThatChangedTheSameWay() {
    let together = [
      outcome(
        .activity, .weekly,
        [change("activity.steps", 13_000, 10_000, .improving), change("activity.distance", 9, 6, .improving)])
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: together, recency: current, asOf: Self.asOf, units: .metric)
    #expect(highlights.map(\.metric) == ["activity.steps"])
    // Distance that went the other way says something steps do not: it keeps its slot.
    let apart = [
      outcome(
        .activity, .weekly,
        [change("activity.steps", 13_000, 10_000, .improving), change("activity.distance", 4, 6, .declining)])
    ]
    let both = HighlightRanking.highlights(outcomes: apart, recency: current, asOf: Self.asOf, units: .metric)
    #expect(Set(both.compactMap(\.metric)) == ["activity.steps", "activity.distance"])
    // Without steps, distance is said.
    let alone = [outcome(.activity, .weekly, [change("activity.distance", 9, 6, .improving)])]
    #expect(
      HighlightRanking.highlights(outcomes: alone, recency: current, asOf: Self.asOf, units: .metric).map(\.metric)
        == ["activity.distance"])
  }
}
