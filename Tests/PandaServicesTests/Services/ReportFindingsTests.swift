import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaReport
@testable import PandaServices
@testable import PandaStore
@testable import PandaTestSupport

/// The early warnings and links as highlights, in the report and in the nightly notices.
@Suite struct ReportFindingsTests {
  static let asOf = CalendarDay(iso: "2025-07-01")!

  func findings(active: Bool, qValues: [Double] = [0.004, 0.03]) -> ReportFindings {
    let last = Self.asOf.adding(days: -1)
    let alert = HealthAlert(
      start: last.adding(days: -2), end: active ? last : last.adding(days: -1),
      signals: [
        .init(metric: "heart.restingHeartRate", value: 68, usual: 60, low: 56, high: 64),
        .init(metric: "heart.hrv", value: 30, usual: 45, low: 38, high: 52),
      ],
      sentence: "Resting heart rate 8 bpm above your usual, HRV 33 % below: an easy day may help.", isActive: active)
    let relations = qValues.enumerated().map { index, q in
      MetricRelation(
        cause: "sleep.asleep", effect: index == 0 ? "heart.hrv" : "heart.restingHeartRate", lagDays: 0, days: 120,
        slope: 5, causeUnit: "h", effectUnit: "ms", qValue: q, sentence: "Link \(index) (120 days).")
    }
    return ReportFindings(
      alerts: AlertScan(
        from: Self.asOf.adding(days: -90), to: last, alerts: [alert], judgedDays: 90, shortfall: nil),
      relations: RelationSearch(
        from: Self.asOf.adding(days: -365), to: last, tested: 24, relations: relations, shortPairs: []))
  }

  @Test func anActiveWarningLeadsAndOnlyAStrongLinkStandsOut() {
    let found = findings(active: true)
    let outcomes = [
      HighlightFixtures.outcome(
        .heart, .weekly, [HighlightFixtures.change("heart.restingHeartRate", 64, 60, .declining)])
    ]
    let highlights = HighlightRanking.highlights(
      outcomes: outcomes, recency: HighlightFixtures.current, asOf: Self.asOf, units: .metric,
      alerts: found.alertHighlights, links: found.linkHighlights)
    #expect(highlights.map(\.kind) == [.alert, .change, .link])
    #expect(highlights[0].sentence == found.alerts.alerts[0].sentence)
    #expect(highlights[0].detail == "alerts")
    #expect(highlights[2].sentence == "Link 0 (120 days).")
    // Once it is over it no longer stands out, and the nightly run tells its end.
    let over = findings(active: false)
    #expect(over.alertHighlights.isEmpty)
    #expect(over.notices.map(\.state) == [.ended])
    #expect(found.notices.map(\.state) == [.started])
  }

  @Test func theReportShadesTheWarningOnItsSignalsChartsAndListsItAndTheLinks() {
    let last = Self.asOf.adding(days: -1)
    let series = ["heart.restingHeartRate", "heart.heartRate"].map { id in
      MetricSeries(
        metric: MetricCatalogue.metric(id)!,
        points: (0..<60).map { DailyPoint(day: last.adding(days: -$0), value: 60 + Double($0 % 4)) }.reversed(),
        lastDay: last, availability: .current)
    }
    let page = HTMLReport(
      asOf: Self.asOf, provider: "heuristic",
      outcomes: [HighlightFixtures.outcome(.heart, .weekly, [HighlightFixtures.change("heart.hrv", 41, 40, .stable)])],
      snapshot: HealthSnapshot(
        asOf: Self.asOf, window: DayRange(Self.asOf.adding(days: -400)...Self.asOf), series: series),
      recency: HighlightFixtures.current, units: .metric, findings: findings(active: true)
    ).html()
    let resting = page.components(separatedBy: "<title id=\"t-heart-restingHeartRate\">")
    let heartRate = page.components(separatedBy: "<title id=\"t-heart-heartRate\">")
    #expect(resting.count == 2 && heartRate.count == 2)
    #expect(resting[1].split(separator: "</svg>")[0].contains("<rect class=\"alert\""))
    #expect(!heartRate[1].split(separator: "</svg>")[0].contains("<rect class=\"alert\""))
    #expect(page.contains("<section id=\"alerts\""))
    #expect(page.contains("<section id=\"relations\""))
    #expect(page.contains("24 pairs tested"))
    let highlights = page.components(separatedBy: "<section id=\"highlights\"")[1]
    #expect(
      highlights.hasPrefix(
        " class=\"highlights\" aria-labelledby=\"h-highlights\"><h2 id=\"h-highlights\">What stands out</h2><ul><li class=\"alert\">"
      ))
  }
}
