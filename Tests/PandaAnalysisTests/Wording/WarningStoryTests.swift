import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaReport
@testable import PandaServices
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// One story on generated data: during an early warning, the heart card and the heart line of
/// the short report use the warning's figures, and the days are said to vary a lot only when
/// they do next to the difference the card states.
@Suite struct WarningStoryTests {
  static let asOf = CalendarDay(iso: "2025-07-01")!

  /// The report of a generated person with an illness-like episode in its last three days.
  func report(seed: UInt64) -> (report: InsightsReport, scan: AlertScan) {
    let (report, scan, _) = pages(seed: seed)
    return (report, scan)
  }

  /// The report as text and as the HTML page, of the same run.
  func pages(seed: UInt64) -> (report: InsightsReport, scan: AlertScan, html: String) {
    let lastDay = Self.asOf.adding(days: -1)
    let days = SyntheticDays(
      days: 200, seed: seed, lastDay: lastDay,
      episodes: [PlantedEpisode(start: lastDay.adding(days: -2), days: 3, strength: 1.5)], missingNights: 0)
    let snapshot = HealthSnapshot(asOf: Self.asOf, window: DayRange(days.firstDay...Self.asOf), series: days.series())
    let findings = ReportFindings.find(in: snapshot, asOf: Self.asOf)
    let trends = ReportTrends.of(snapshot)
    let outcomes = HealthCategory.analysed.flatMap { category in
      InsightPeriod.allCases.map { period in
        let request = InsightRequest.request(from: snapshot, category: category, period: period, report: trends)
        return InsightOutcome(
          job: InsightJob(category: category, period: period), insight: HeuristicProvider().write(request),
          source: .fresh, generatedAt: 0, generatedDay: Self.asOf)
      }
    }
    let recency = DataRecency(
      lastDay: lastDay,
      byCategory: Dictionary(uniqueKeysWithValues: HealthCategory.analysed.map { ($0, lastDay) }))
    let report = InsightsReport(
      asOf: Self.asOf, provider: "heuristic", outcomes: outcomes, recency: recency, alerts: findings.alertHighlights,
      links: findings.linkHighlights, warnings: findings.alerts.alerts)
    let html = HTMLReport(
      asOf: Self.asOf, provider: "heuristic", outcomes: outcomes, snapshot: snapshot, recency: recency, units: .metric,
      findings: findings
    ).html()
    return (report, findings.alerts, html)
  }

  @Test(arguments: [7, 11] as [UInt64])
  func duringAWarningTheHeartCardAndLineTellTheWarningsStory(seed: UInt64) throws {
    let (report, scan) = report(seed: seed)
    let warning = try #require(scan.alerts.first { $0.isActive })
    let signal = try #require(warning.signals.first { $0.metric == "heart.restingHeartRate" })
    let figure = AlertPhrases.figure(signal, first: true)
    // The warning is the first thing that stands out, and no change of its signals stands
    // out beside it with other figures.
    #expect(report.highlights.first?.kind == .alert)
    let signals = Set(warning.signals.map(\.metric))
    #expect(!report.highlights.contains { $0.kind == .change && signals.contains($0.metric ?? "") })
    // The heart line of the short report gives the warning's figures.
    let heart = try #require(report.categoryLines.first { $0.category == .heart })
    #expect(heart.sentence.contains(String(figure.dropFirst())), "\(heart.sentence)")
    #expect(heart.mark == .attention)
    // Every heart card opens with the warning's figures and says them once; the row marks the
    // metric as in the warning; none gives a baseline of its own.
    let detail = report.text(colour: false)
    let cards = detail.components(separatedBy: "\nHeart · ").dropFirst()
    #expect(cards.count == 3)
    for card in cards {
      let section = card.components(separatedBy: "\n\n")[0]
      let lines = section.split(separator: "\n").map(String.init)
      guard let row = lines.firstIndex(where: { $0.contains(" Resting heart rate ") }) else { continue }
      #expect(lines[1].contains(figure) && lines[1].contains("The warning above has the detail."), "\(section)")
      #expect(lines[row].hasSuffix(WarningStory.chip), "\(section)")
      #expect(section.components(separatedBy: figure).count == 2, "\(section)")
      #expect(!section.contains("Part of the warning above"), "\(section)")
      #expect(!section.contains("Steady is good"), "\(section)")
    }
  }

  @Test func theHTMLReportsHeartCardsPointToTheWarningToo() throws {
    let (_, scan, html) = pages(seed: 7)
    let warning = try #require(scan.alerts.first { $0.isActive })
    let signal = try #require(warning.signals.first { $0.metric == "heart.restingHeartRate" })
    let heart = try #require(html.components(separatedBy: "<article class=\"insight\" id=\"heart-weekly\">").last)
    let card = heart.components(separatedBy: "</article>")[0]
    let figure = HTML.escape(AlertPhrases.figure(signal, first: true))
    #expect(card.contains(HTML.escape("early warning since \(warning.start.iso)")), "\(card)")
    #expect(card.components(separatedBy: figure).count == 2, "\(card)")
    #expect(card.contains("aria-label=\"\(WarningStory.chip)\""), "\(card)")
    #expect(!card.contains("Part of the warning above"), "\(card)")
    #expect(!card.contains("Steady is good"))
  }

  @Test func theMarkdownHeartCardsPointToTheWarningToo() throws {
    let (report, scan) = report(seed: 7)
    let warning = try #require(scan.alerts.first { $0.isActive })
    let signal = try #require(warning.signals.first { $0.metric == "heart.restingHeartRate" })
    let markdown = report.markdown()
    let cards = markdown.components(separatedBy: "\n## Heart, ").dropFirst()
    #expect(cards.count == 3)
    for card in cards {
      let section = card.components(separatedBy: "\n## ")[0]
      guard section.contains("| Resting heart rate |") else { continue }
      let figure = AlertPhrases.figure(signal, first: true)
      #expect(section.contains("early warning since \(warning.start.iso)"), "\(section)")
      #expect(section.components(separatedBy: figure).count == 2, "\(section)")
      #expect(section.contains("| \(WarningStory.chip) |"), "\(section)")
      #expect(!section.contains("Part of the warning above"), "\(section)")
      #expect(!section.contains("Steady is good"), "\(section)")
    }
    // Cards of metrics the warning does not name have no pointer.
    let sleep = try #require(markdown.components(separatedBy: "\n## Sleep, weekly").last)
    #expect(!sleep.components(separatedBy: "\n## ")[0].contains("Part of the warning above"))
  }

  @Test func theJSONGivesEachSignalOfTheWarningItsPointer() throws {
    let (report, scan) = report(seed: 7)
    let warning = try #require(scan.alerts.first { $0.isActive })
    let signals = Set(warning.signals.map(\.metric))
    let json = try #require(JSONValue.parse(try report.json()))
    var pointed = 0
    for insight in try #require(json["insights"]?.arrayValue) {
      for metric in insight["metrics"]?.arrayValue ?? [] {
        let id = try #require(metric["metric"]?.stringValue)
        let pointer = metric["duringWarning"]?.stringValue
        #expect((pointer != nil) == signals.contains(id), "\(id): \(pointer ?? "none")")
        guard let pointer, let signal = warning.signals.first(where: { $0.metric == id }) else { continue }
        #expect(pointer.contains(AlertPhrases.figure(signal, first: true)))
        pointed += 1
      }
    }
    #expect(pointed >= 3)
  }

  @Test func daysVaryALotOnlyWhereTheirSpreadIsLargeNextToTheDifference() {
    // Across the generated person's cards, each "vary a lot" rests on a spread of at least half
    // the difference, and each difference not yet clear on a smaller spread says no such thing.
    let (report, _) = report(seed: 7)
    var said = 0
    var unsaid = 0
    for outcome in report.outcomes {
      for assessment in outcome.insight.metrics where assessment.trend.size == .withinNoise {
        let spread = assessment.trend.spread ?? 0
        let large = spread >= abs(assessment.change) * MetricTrend.spreadShareOfChange
        #expect(assessment.message.contains("vary a lot") == large, "\(assessment.message) spread \(spread)")
        if large { said += 1 } else { unsaid += 1 }
      }
    }
    // Both sides occur on this person's cards.
    #expect(said > 0)
    #expect(unsaid > 0)
  }
}
