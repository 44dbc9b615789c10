import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaTestSupport

/// "What stands out": which candidates lead, how many, and that each says what its detail says.
@Suite struct HighlightRankingTests {
  @Test func anAlertLeadsThenALevelThenChangesByTheirSizeThenALinkThenAGap() {
    let alert = Highlight(kind: .alert, sentence: "Alert.", detail: "alerts")
    let link = Highlight(kind: .link, sentence: "Link.", detail: "relations", strength: 0.6)
    var recency = HighlightFixtures.current
    recency.byCategory[.mindfulness] = HighlightFixtures.asOf.adding(days: -20)
    let outcomes = [
      // Resting heart rate 4 bpm up (2 sizes of 2 bpm); steps 30 % down (3 sizes of 10 %).
      HighlightFixtures.outcome(
        .heart, .weekly, [HighlightFixtures.change("heart.restingHeartRate", 64, 60, .declining)]),
      HighlightFixtures.outcome(
        .activity, .weekly, [HighlightFixtures.change("activity.steps", 2_000, 2_900, .declining)]),
      HighlightFixtures.outcome(.sleep, .weekly, [HighlightFixtures.change("sleep.asleep", 5.2, 5.5, .stable)]),
      HighlightFixtures.outcome(.mindfulness, .weekly, [], status: .noData),
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: recency, asOf: HighlightFixtures.asOf, units: .metric, alerts: [alert], links: [link]
    )
    #expect(highlights.map(\.kind) == [.alert, .level, .level, .change, .link])
    // Steps of 2,000 are far under; their change is not named again. Sleep under 6 h is a level.
    #expect(highlights[1].metric == "activity.steps" || highlights[1].metric == "sleep.asleep")
    #expect(Set(highlights[1...2].compactMap(\.metric)) == ["activity.steps", "sleep.asleep"])
    #expect(highlights[3].metric == "heart.restingHeartRate")
    #expect(highlights[3].sentence.contains("64 bpm vs your usual 60 bpm"))
    #expect(highlights[3].sentence.contains("went the wrong way this week"))
  }

  @Test func aGapIsNamedWhenFewerThingsStandOut() {
    var recency = HighlightFixtures.current
    recency.byCategory[.sleep] = HighlightFixtures.asOf.adding(days: -21)
    let outcomes = [
      HighlightFixtures.outcome(.sleep, .weekly, [], status: .noData),
      HighlightFixtures.outcome(.sleep, .monthly, [], status: .noData),
      HighlightFixtures.outcome(
        .heart, .weekly, [HighlightFixtures.change("heart.restingHeartRate", 56, 60, .improving)]),
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: recency, asOf: HighlightFixtures.asOf, units: .metric)
    #expect(highlights.map(\.kind) == [.change, .gap])
    #expect(highlights[1].sentence.hasPrefix("No sleep data since 2025-06-10, 20 days before your latest data"))
    #expect(highlights[1].detail == "sleep-monthly")
  }

  @Test func atMostFiveAcrossAllCategoriesTheLargestChangesFirst() {
    let outcomes = [
      HighlightFixtures.outcome(
        .activity, .weekly,
        [
          HighlightFixtures.change("activity.steps", 13_000, 10_000, .improving),
          HighlightFixtures.change("activity.distance", 9, 6, .improving),
          HighlightFixtures.change("activity.flightsClimbed", 20, 10, .improving),
        ]),
      HighlightFixtures.outcome(
        .heart, .weekly,
        [
          HighlightFixtures.change("heart.restingHeartRate", 52, 60, .improving),
          HighlightFixtures.change("heart.hrv", 70, 40, .improving),
        ]),
      HighlightFixtures.outcome(.sleep, .monthly, [HighlightFixtures.change("sleep.asleep", 8, 7, .improving)]),
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: HighlightFixtures.current, asOf: HighlightFixtures.asOf, units: .metric)
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
      HighlightFixtures.outcome(
        .heart, .weekly, [HighlightFixtures.change("heart.restingHeartRate", 57, 60, .improving)]),
      HighlightFixtures.outcome(
        .heart, .monthly, [HighlightFixtures.change("heart.restingHeartRate", 54, 60, .improving)]),
      // A day's difference is never what stands out.
      HighlightFixtures.outcome(.heart, .daily, [HighlightFixtures.change("heart.hrv", 90, 40, .improving)]),
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: HighlightFixtures.current, asOf: HighlightFixtures.asOf, units: .metric)
    let only = try? #require(highlights.count == 1 ? highlights.first : nil)
    #expect(only?.period == .monthly)
    #expect(only?.detail == "heart-monthly")
    let (now, usual, difference) = MetricFigures.figures(
      outcomes[1].insight.metrics[0], period: .monthly, units: .metric)
    #expect(only?.sentence == "Resting heart rate improved this month: \(now) vs your usual \(usual), \(difference).")
  }

  @Test func stableMetricsAndFewReadingsNeverStandOut() {
    var few = HighlightFixtures.change("heart.restingHeartRate", 90, 60, .stable)
    few.evidence = .fewReadings
    let outcomes = [
      HighlightFixtures.outcome(.heart, .weekly, [HighlightFixtures.change("heart.hrv", 45, 40, .stable), few]),
      HighlightFixtures.outcome(
        .activity, .weekly, [HighlightFixtures.change("activity.steps", 9_000, 8_000, .stable)]),
    ]
    #expect(
      HighlightRanking.highlights(
        outcomes: outcomes, recency: HighlightFixtures.current, asOf: HighlightFixtures.asOf, units: .metric
      ).isEmpty)
  }

  /// Five clear changes in five categories, each larger than any a level would rank by.
  var crowd: [InsightOutcome] {
    [
      HighlightFixtures.outcome(
        .activity, .weekly, [HighlightFixtures.change("activity.steps", 20_000, 8_000, .improving)]),
      HighlightFixtures.outcome(.sleep, .weekly, [HighlightFixtures.change("sleep.asleep", 9, 7, .improving)]),
      HighlightFixtures.outcome(
        .mobility, .weekly, [HighlightFixtures.change("mobility.walkingSpeed", 6, 4, .improving)]),
      HighlightFixtures.outcome(
        .mindfulness, .weekly, [HighlightFixtures.change("mindfulness.mindfulMinutes", 40, 5, .improving)]),
      HighlightFixtures.outcome(
        .hearing, .weekly, [HighlightFixtures.change("hearing.headphoneAudio", 60, 75, .improving)]),
    ]
  }

  @Test func aLevelFarOutsideItsRangeAndAWarningAlwaysReachTheTop() throws {
    let alert = Highlight(
      kind: .alert, sentence: "Alert.", metric: "heart.hrv", category: .heart, detail: "alerts", strength: 2)
    // 114 bpm against a usual of 70: a change too, but the level is what must be said.
    let heart = HighlightFixtures.outcome(
      .heart, .weekly, [HighlightFixtures.change("heart.restingHeartRate", 114, 70, .declining)])
    let highlights = HighlightRanking.highlights(
      outcomes: crowd + [heart], recency: HighlightFixtures.current, asOf: HighlightFixtures.asOf, units: .metric,
      alerts: [alert])
    #expect(highlights.count == HighlightRanking.limit)
    #expect(highlights.first == alert)
    let level = try #require(highlights.first { $0.kind == .level })
    #expect(level.metric == "heart.restingHeartRate")
    #expect(level.sentence.contains("114 bpm"))
    #expect(level.sentence.contains("worth mentioning to a clinician"))
    // Without the level the five changes fill the top and the heart is not named.
    let without = HighlightRanking.highlights(
      outcomes: crowd + [
        HighlightFixtures.outcome(
          .heart, .weekly, [HighlightFixtures.change("heart.restingHeartRate", 72, 70, .stable)])
      ],
      recency: HighlightFixtures.current, asOf: HighlightFixtures.asOf, units: .metric)
    #expect(without.count == HighlightRanking.limit)
    #expect(!without.contains { $0.category == .heart })
    // More levels than slots: every one is said.
    let levels = [
      HighlightFixtures.outcome(
        .heart, .weekly,
        [
          HighlightFixtures.change("heart.restingHeartRate", 114, 70, .declining),
          HighlightFixtures.change("heart.bloodPressureSystolic", 185, 125, .declining),
          HighlightFixtures.change("heart.bloodPressureDiastolic", 125, 80, .declining),
        ]),
      HighlightFixtures.outcome(.sleep, .weekly, [HighlightFixtures.change("sleep.asleep", 4, 7, .declining)]),
      HighlightFixtures.outcome(
        .activity, .weekly, [HighlightFixtures.change("activity.steps", 1_500, 8_000, .declining)]),
      HighlightFixtures.outcome(
        .respiratory, .weekly, [HighlightFixtures.change("respiratory.oxygenSaturation", 90, 97, .declining)]),
    ]
    let all = HighlightRanking.highlights(
      outcomes: levels + crowd, recency: HighlightFixtures.current, asOf: HighlightFixtures.asOf, units: .metric,
      alerts: [alert])
    #expect(all.count == 7)
    #expect(all.filter { $0.kind == .level }.count == 6)
  }

  @Test func whatACardFlagsForAClinicianReachesTheTopFromADayOrAFewReadings() throws {
    var few = HighlightFixtures.change("heart.bloodPressureSystolic", 150, 125, .stable)
    few.evidence = .fewReadings
    let outcomes = [
      HighlightFixtures.outcome(.heart, .daily, [HighlightFixtures.change("heart.restingHeartRate", 114, 70, .stable)]),
      HighlightFixtures.outcome(
        .heart, .weekly, [HighlightFixtures.change("heart.restingHeartRate", 76, 70, .stable), few]),
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: HighlightFixtures.current, asOf: HighlightFixtures.asOf, units: .metric)
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
      outcomes: [
        HighlightFixtures.outcome(.heart, .daily, [HighlightFixtures.change("heart.restingHeartRate", 99, 70, .stable)])
      ], recency: HighlightFixtures.current,
      asOf: HighlightFixtures.asOf, units: .metric)
    #expect(calm.isEmpty)
  }

  @Test func everyCategoryGetsOneItemBeforeAnyGetsASecond() {
    // Activity has four changes, each larger than the one change of sleep and of mindfulness.
    let outcomes = [
      HighlightFixtures.outcome(
        .activity, .weekly,
        [
          HighlightFixtures.change("activity.steps", 20_000, 8_000, .improving),
          HighlightFixtures.change("activity.flightsClimbed", 30, 5, .improving),
          HighlightFixtures.change("activity.exerciseMinutes", 90, 20, .improving),
          HighlightFixtures.change("activity.standHours", 14, 8, .improving),
        ]),
      HighlightFixtures.outcome(.sleep, .weekly, [HighlightFixtures.change("sleep.asleep", 7.9, 7.4, .improving)]),
      HighlightFixtures.outcome(
        .mindfulness, .weekly, [HighlightFixtures.change("mindfulness.mindfulMinutes", 7, 5, .improving)]),
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: HighlightFixtures.current, asOf: HighlightFixtures.asOf, units: .metric)
    #expect(highlights.count == HighlightRanking.limit)
    #expect(highlights.contains { $0.category == .sleep })
    #expect(highlights.contains { $0.category == .mindfulness })
    #expect(highlights.filter { $0.category == .activity }.count == 3)
    // With the small ones gone, activity's changes take the slots.
    let alone = HighlightRanking.highlights(
      outcomes: [outcomes[0]], recency: HighlightFixtures.current, asOf: HighlightFixtures.asOf, units: .metric)
    #expect(alone.count == 4)
  }

  @Test func walkingDistanceTakesNoSlotBesideStepsThatChangedTheSameWay() {
    let together = [
      HighlightFixtures.outcome(
        .activity, .weekly,
        [
          HighlightFixtures.change("activity.steps", 13_000, 10_000, .improving),
          HighlightFixtures.change("activity.distance", 9, 6, .improving),
        ])
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: together, recency: HighlightFixtures.current, asOf: HighlightFixtures.asOf, units: .metric)
    #expect(highlights.map(\.metric) == ["activity.steps"])
    // Distance that went the other way says something steps do not: it keeps its slot.
    let apart = [
      HighlightFixtures.outcome(
        .activity, .weekly,
        [
          HighlightFixtures.change("activity.steps", 13_000, 10_000, .improving),
          HighlightFixtures.change("activity.distance", 4, 6, .declining),
        ])
    ]
    let both = HighlightRanking.highlights(
      outcomes: apart, recency: HighlightFixtures.current, asOf: HighlightFixtures.asOf, units: .metric)
    #expect(Set(both.compactMap(\.metric)) == ["activity.steps", "activity.distance"])
    // Without steps, distance is said.
    let alone = [
      HighlightFixtures.outcome(.activity, .weekly, [HighlightFixtures.change("activity.distance", 9, 6, .improving)])
    ]
    #expect(
      HighlightRanking.highlights(
        outcomes: alone, recency: HighlightFixtures.current, asOf: HighlightFixtures.asOf, units: .metric
      ).map(\.metric)
        == ["activity.distance"])
  }
}
