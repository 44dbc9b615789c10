import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaTestSupport

/// The short report (what stands out and a line per category), and one story during a warning.
@Suite struct InsightsReportOverviewTests {
  let asOf = HighlightFixtures.asOf

  /// An early warning still going on: resting heart rate 9 bpm above 64 with HRV down.
  var warning: HealthAlert {
    let signals = [
      HealthAlert.Signal(metric: "heart.restingHeartRate", value: 73, usual: 64, low: 61, high: 67),
      HealthAlert.Signal(metric: "heart.hrv", value: 35, usual: 50, low: 42, high: 58),
    ]
    let start = asOf.adding(days: -3)
    let end = asOf.adding(days: -1)
    return HealthAlert(
      start: start, end: end, signals: signals,
      sentence: AlertPhrases.sentence(start: start, end: end, isActive: true, signals: signals), isActive: true)
  }

  /// The heart card during the warning: its own window and baseline, 6 bpm above 65, not yet clear.
  var heartCard: InsightOutcome {
    var trend = HighlightFixtures.change("heart.restingHeartRate", 71, 65, .stable)
    trend.size = .withinNoise
    trend.spread = 1.2
    return HighlightFixtures.outcome(.heart, .weekly, [trend])
  }

  func report(_ outcomes: [InsightOutcome], warnings: [HealthAlert] = []) -> InsightsReport {
    InsightsReport(
      asOf: asOf, provider: "heuristic", outcomes: outcomes, recency: HighlightFixtures.current,
      alerts: warnings.filter(\.isActive).map(Highlight.init(alert:)), warnings: warnings)
  }

  @Test func duringAWarningTheCardUsesTheWarningsFiguresAndPointsToIt() throws {
    let during = report([heartCard], warnings: [warning])
    let detail = during.text(colour: false)
    let figure = "resting heart rate 9 bpm above your usual (73 bpm against 64 bpm)"
    #expect(AlertPhrases.figure(warning.signals[0], first: true) == figure)
    // The card opens with the warning's figures, once: its row does not repeat them.
    let card = try #require(detail.components(separatedBy: "Heart · weekly").last)
    #expect(card.contains(": \(figure). The warning above has the detail."), "\(card)")
    #expect(card.components(separatedBy: figure).count == 2, "\(card)")
    #expect(!card.contains("Part of the warning above"), "\(card)")
    #expect(!detail.contains("Detail of heart.restingHeartRate."))
    // The warning is above the card.
    let top = try #require(detail.range(of: "What stands out"))
    let headline = try #require(detail.range(of: "The warning above has the detail."))
    #expect(top.lowerBound < headline.lowerBound)
    // The short report's heart line says the warning's figures too.
    let heart = during.categoryLines.first { $0.category == .heart }
    #expect(heart?.sentence == "R\(figure.dropFirst()) since \(warning.start.iso): the warning above.")
    // Once the warning is over, the weekly card still tells it while its days are within the
    // week, and says its own words again once they are not.
    var over = warning
    over.isActive = false
    let ended = report([heartCard], warnings: [over]).text(colour: false)
    #expect(!ended.contains("The warning above has the detail."))
    let endedCard = try #require(ended.components(separatedBy: "Heart · weekly").last)
    #expect(
      endedCard.contains("An early warning from \(over.start.iso) to \(over.end.iso), within these days: \(figure)"),
      "\(endedCard)")
    #expect(endedCard.components(separatedBy: figure).count == 2, "\(endedCard)")
    #expect(!endedCard.contains("Part of an early warning"), "\(endedCard)")
    #expect(!ended.contains("Detail of heart.restingHeartRate."))
    over.start = asOf.adding(days: -12)
    over.end = asOf.adding(days: -8)
    let after = report([heartCard], warnings: [over]).text(colour: false)
    #expect(!after.contains("early warning"))
    #expect(after.contains("Detail of heart.restingHeartRate."))
  }

  @Test func nothingStandsOutIsNeverSaidBesideACardThatFlagsAClinician() {
    let daily = HighlightFixtures.outcome(
      .heart, .daily, [HighlightFixtures.change("heart.restingHeartRate", 114, 70, .stable)])
    let weekly = HighlightFixtures.outcome(
      .heart, .weekly, [HighlightFixtures.change("heart.restingHeartRate", 72, 70, .stable)])
    for text in [report([daily, weekly]).text(colour: false), report([daily, weekly]).overview(colour: false)] {
      #expect(!text.contains(InsightsReport.nothingStandsOut), "\(text)")
      #expect(text.contains("worth mentioning to a clinician"))
    }
    // Without the flag, nothing stands out, and it is said.
    let calm = HighlightFixtures.outcome(
      .heart, .daily, [HighlightFixtures.change("heart.restingHeartRate", 72, 70, .stable)])
    #expect(report([calm, weekly]).overview(colour: false).contains(InsightsReport.nothingStandsOut))
  }

  @Test func theShortReportGivesOneLinePerCategoryWithItsMainThing() throws {
    var outcomes = [
      HighlightFixtures.outcome(
        .heart, .weekly, [HighlightFixtures.change("heart.restingHeartRate", 64, 60, .declining)]),
      HighlightFixtures.outcome(
        .activity, .weekly,
        [
          HighlightFixtures.change("activity.steps", 12_000, 9_000, .improving),
          HighlightFixtures.change("activity.distance", 9, 6.5, .improving),
        ]),
      HighlightFixtures.outcome(.sleep, .weekly, [HighlightFixtures.change("sleep.asleep", 7.3, 7.25, .stable)]),
    ]
    for period in InsightPeriod.allCases {
      outcomes.append(HighlightFixtures.outcome(.nutrition, period, [], status: .noData))
      outcomes.append(HighlightFixtures.outcome(.hearing, period, [], status: .noData))
    }
    var recency = HighlightFixtures.current
    recency.byCategory[.nutrition] = nil
    recency.byCategory[.hearing] = nil
    let report = InsightsReport(asOf: asOf, provider: "heuristic", outcomes: outcomes, recency: recency)
    let text = report.overview(colour: false)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let heart = try #require(lines.first { $0.hasPrefix("  Heart") })
    #expect(heart.hasSuffix("▼ Resting heart rate up this week, declining: 64 bpm vs your usual 60 bpm."))
    let activity = try #require(lines.first { $0.hasPrefix("  Activity") })
    #expect(activity.hasSuffix("▲ Steps up this week, improving: 12,000 steps vs your usual 9,000 steps."))
    let sleep = try #require(lines.first { $0.hasPrefix("  Sleep") })
    #expect(sleep.contains("• No clear change this week: time asleep"))
    #expect(
      lines.filter { $0.hasPrefix("  Heart") || $0.hasPrefix("  Activity") || $0.hasPrefix("  Sleep") }.count == 3)
    #expect(
      lines.contains("  No data yet: nutrition and headphone listening (--detail says how to get it in)."),
      "\(text)")
    // No card in the short report; the cards are one flag away.
    #expect(!text.contains("Heart · weekly  ("))
    #expect(!text.contains("Detail of"))
    #expect(text.contains("--detail"))
    #expect(report.text(colour: false).contains("Heart · weekly  ("))
    // The digest takes the same lines.
    #expect(report.digestLines.first?.hasPrefix("Heart: Resting heart rate up this week, declining") == true)
    #expect(report.digestLines.count == 5)
    #expect(report.digestLines[3].contains("panda insights --detail"))
    // And ends, as the short report does, with how to export again: nutrition never had data.
    #expect(report.digestLines.last == DataGuidance.exporting)
    #expect(text.contains(DataGuidance.exporting))
  }

  @Test func aLineSaysTheDirectionInPlainWordsAndTheVerdictBesideIt() {
    let outcomes = [
      HighlightFixtures.outcome(
        .heart, .monthly, [HighlightFixtures.change("heart.restingHeartRate", 56, 61, .improving)]),
      HighlightFixtures.outcome(
        .heart, .weekly, [HighlightFixtures.change("heart.restingHeartRate", 58, 61, .improving)]),
    ]
    let line = InsightsReport(asOf: asOf, provider: "heuristic", outcomes: outcomes, recency: HighlightFixtures.current)
      .categoryLines.first
    // The larger of the two changes, the month's.
    #expect(line?.sentence == "Resting heart rate down this month, improving: 56 bpm vs your usual 61 bpm.")
    #expect(line?.mark == .improving)
  }

  @Test func aDifferenceNotYetClearSaysWhyAsItsCardDoes() {
    var trend = HighlightFixtures.change("sleep.inBed", 4.6, 6.6, .stable)
    trend.size = .withinNoise
    trend.spread = 1.5
    let noisy = InsightsReport(
      asOf: asOf, provider: "heuristic", outcomes: [HighlightFixtures.outcome(.sleep, .weekly, [trend])],
      recency: HighlightFixtures.current
    )
    #expect(
      noisy.categoryLines.first?.sentence
        == "Time in bed 4 h 36 min this week vs your usual 6 h 36 min, but your days vary a lot, so it is not a clear change yet."
    )
    trend.spread = 0.5
    let steady = InsightsReport(
      asOf: asOf, provider: "heuristic", outcomes: [HighlightFixtures.outcome(.sleep, .weekly, [trend])],
      recency: HighlightFixtures.current
    )
    #expect(
      steady.categoryLines.first?.sentence
        == "Time in bed 4 h 36 min this week vs your usual 6 h 36 min, not a clear change yet.")
  }

  @Test func aCategoryWhoseDataStoppedSaysSince() {
    var recency = HighlightFixtures.current
    recency.byCategory[.sleep] = asOf.adding(days: -21)
    let outcomes = [
      HighlightFixtures.outcome(.sleep, .monthly, [HighlightFixtures.change("sleep.asleep", 7.3, 7.25, .stable)]),
      HighlightFixtures.outcome(.heart, .weekly, [HighlightFixtures.change("heart.restingHeartRate", 60, 60, .stable)]),
    ]
    let lines = InsightsReport(asOf: asOf, provider: "heuristic", outcomes: outcomes, recency: recency).categoryLines
    #expect(
      lines.first { $0.category == .sleep }?.sentence == "No data since 2025-06-10, 20 days before your latest data.")
    #expect(lines.first { $0.category == .heart }?.mark == .neutral)
  }
}
