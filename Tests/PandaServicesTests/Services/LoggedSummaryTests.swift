import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaReport
@testable import PandaServices
@testable import PandaStore
@testable import PandaTestSupport

/// "What you logged": the tags and symptoms of the report's days with their days counted, the
/// links of tags and symptoms, and a note that says why there are none.
@Suite struct LoggedSummaryTests {
  static let last = CalendarDay(iso: "2025-06-30")!
  let days = DayRange(last: Self.last, count: 90)

  func search(_ relations: [MetricRelation] = [], tested: Int = 30) -> RelationSearch {
    RelationSearch(
      from: Self.last.adding(days: -364), to: Self.last, tested: tested, relations: relations, shortPairs: [])
  }

  func relation(cause: String, tagged: Int?) -> MetricRelation {
    MetricRelation(
      cause: cause, effect: "heart.hrv", lagDays: 1, days: 300, slope: -9, causeUnit: "", effectUnit: "ms",
      qValue: 0.001, sentence: "Sentence of \(cause).", taggedDays: tagged)
  }

  @Test func eachTagAndSymptomOfTheDaysIsCountedMostDaysFirst() {
    let alcohol = [3, 10, 40].map { DayEvent(day: Self.last.adding(days: -$0), kind: .tag, name: "alcohol") }
    let sauna = [5, 6].map { DayEvent(day: Self.last.adding(days: -$0), kind: .tag, name: "sauna") }
    let throat = DayEvent(day: Self.last.adding(days: -20), kind: .symptom, name: "sore-throat")
    // Before the days counted: left out of the counts.
    let old = DayEvent(day: Self.last.adding(days: -200), kind: .tag, name: "travel")
    let summary = LoggedSummary.summary(of: alcohol + sauna + [throat, old], over: days, search: search())
    #expect(summary.counts.map(\.name) == ["alcohol", "sauna", "sore-throat"])
    #expect(summary.counts.map(\.days) == [3, 2, 1])
    #expect(
      summary.tagLines == [
        "alcohol: 3 days, from \(Self.last.adding(days: -40).iso) to \(Self.last.adding(days: -3).iso)",
        "sauna: 2 days, from \(Self.last.adding(days: -6).iso) to \(Self.last.adding(days: -5).iso)",
      ])
    #expect(summary.symptomLines == ["sore throat: 1 day, \(Self.last.adding(days: -20).iso)"])
    #expect(!summary.isEmpty)
  }

  @Test func onlyTheLinksOfTagsAndSymptomsAreItsOwn() {
    let found = search([relation(cause: "sleep.asleep", tagged: nil), relation(cause: "tag:alcohol", tagged: 80)])
    let summary = LoggedSummary.summary(of: [], over: days, search: found)
    #expect(summary.links.map(\.cause) == ["tag:alcohol"])
    #expect(summary.counts.isEmpty)
    #expect(!summary.isEmpty)
    #expect(summary.linkNote.contains("all 30 pairs tested"))
    #expect(summary.linkNote.contains("not what caused what"))
    #expect(LoggedSummary.summary(of: [], over: days, search: search()).isEmpty)
  }

  @Test func theNoteSaysWhetherAnyTagHadTheDaysATestNeeds() {
    let needed = RelationFinder.minimumTaggedDays
    let few = (0..<(needed - 1)).map { DayEvent(day: Self.last.adding(days: -$0), kind: .tag, name: "travel") }
    let untested = LoggedSummary.summary(of: few, over: days, search: search())
    #expect(!untested.anyTested)
    #expect(untested.linkNote.contains("once it has \(needed) days with it"))
    let enough = few + [DayEvent(day: Self.last.adding(days: -100), kind: .tag, name: "travel")]
    let tested = LoggedSummary.summary(of: enough, over: days, search: search())
    #expect(tested.anyTested)
    #expect(tested.linkNote.hasPrefix("No tag or symptom went with"))
    #expect(tested.linkNote.contains("(30 pairs tested under one bar)"))
  }

  @Test func theReportShowsTheSectionOnlyWithTagsOrSymptoms() {
    let asOf = Self.last.adding(days: 1)
    func page(_ events: [DayEvent], relations: [MetricRelation] = []) -> String {
      HTMLReport(
        asOf: asOf, provider: "heuristic",
        outcomes: [
          HighlightFixtures.outcome(.heart, .weekly, [HighlightFixtures.change("heart.hrv", 41, 40, .stable)])
        ],
        snapshot: HealthSnapshot(asOf: asOf, window: DayRange(asOf.adding(days: -400)...asOf), series: []),
        recency: HighlightFixtures.current, units: .metric,
        findings: ReportFindings(
          alerts: AlertScan(from: asOf.adding(days: -90), to: Self.last, alerts: [], judgedDays: 90, shortfall: nil),
          relations: search(relations), events: events)
      ).html()
    }
    #expect(!page([]).contains("id=\"logged\""))
    let tagged = page(
      [DayEvent(day: Self.last, kind: .tag, name: "alcohol")],
      relations: [relation(cause: "tag:alcohol", tagged: 80), relation(cause: "sleep.asleep", tagged: nil)])
    let logged = tagged.components(separatedBy: "<section id=\"logged\"")
    #expect(logged.count == 2)
    #expect(logged[1].contains("alcohol: 1 day, \(Self.last.iso)"))
    #expect(logged[1].contains("<li>Sentence of tag:alcohol.</li>"))
    // The link of a tag is told here, not among the links between metrics.
    let metrics = tagged.components(separatedBy: "<section id=\"relations\"")[1].components(separatedBy: "</section>")[
      0]
    #expect(metrics.contains("Sentence of sleep.asleep."))
    #expect(!metrics.contains("Sentence of tag:alcohol."))
  }
}
