import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaTestSupport

/// Every form of the insights report opens with "What stands out"; a category without data is one line.
@Suite struct InsightsReportHighlightsTests {

  var report: InsightsReport {
    let asOf = HighlightFixtures.asOf
    var outcomes = [
      HighlightFixtures.outcome(
        .heart, .weekly, [HighlightFixtures.change("heart.restingHeartRate", 64, 60, .declining)]),
      HighlightFixtures.outcome(
        .activity, .weekly, [HighlightFixtures.change("activity.steps", 12_000, 9_000, .improving)]),
    ]
    for period in InsightPeriod.allCases {
      outcomes.append(
        HighlightFixtures.outcome(
          .nutrition, period, [], status: .noData, summary: "No nutrition data in the \(period) window."))
    }
    var recency = HighlightFixtures.current
    recency.byCategory[.nutrition] = nil
    return InsightsReport(asOf: asOf, provider: "heuristic", outcomes: outcomes, recency: recency)
  }

  @Test func textOpensWithTheHighlightsAndSaysACategoryWithoutDataOnce() {
    let text = report.text(colour: false)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines[1] == "What stands out")
    #expect(lines[2].hasPrefix("  • Steps improved this week: 12,000 steps vs your usual 9,000 steps"))
    #expect(lines[2].hasSuffix("→ Activity · weekly"))
    #expect(lines[3].contains("Resting heart rate went the wrong way this week"))
    #expect(!text.contains("No nutrition data in the"))
    #expect(text.components(separatedBy: "Dietary energy and water come from").count == 2)
    #expect(lines.contains { $0.hasPrefix("  Nutrition: no data yet. Dietary energy") })
  }

  @Test func markdownOpensWithTheHighlightsLinkedToTheirHeadings() throws {
    let markdown = report.markdown()
    let stands = try #require(markdown.range(of: "## What stands out"))
    let firstInsight = try #require(markdown.range(of: "## Heart, weekly"))
    #expect(stands.lowerBound < firstInsight.lowerBound)
    #expect(markdown.contains("([Activity, weekly](#activity-weekly))"))
    #expect(markdown.components(separatedBy: "## Nutrition").count == 1)
    #expect(markdown.contains("- Nutrition: no data yet."))
  }

  @Test func jsonHasATopLevelHighlightsArray() throws {
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as? [String: Any])
    let highlights = try #require(json["highlights"] as? [[String: Any]])
    #expect(highlights.count == 2)
    #expect(highlights.count <= HighlightRanking.limit)
    let first = highlights[0]
    #expect(first["kind"] as? String == "change")
    #expect(first["metric"] as? String == "activity.steps")
    #expect(first["category"] as? String == "activity")
    #expect(first["period"] as? String == "weekly")
    #expect(first["detail"] as? String == "activity-weekly")
    #expect((first["sentence"] as? String)?.hasPrefix("Steps improved this week") == true)
    #expect(first["strength"] == nil)
    // Scripts keep every insight, the ones without data too.
    #expect((json["insights"] as? [[String: Any]])?.count == 5)
  }

  @Test func nothingStandingOutIsSaid() {
    let asOf = HighlightFixtures.asOf
    let steady = HighlightFixtures.outcome(.heart, .weekly, [HighlightFixtures.change("heart.hrv", 41, 40, .stable)])
    let text = InsightsReport(asOf: asOf, provider: "heuristic", outcomes: [steady], recency: HighlightFixtures.current)
      .text(colour: false)
    #expect(text.contains("What stands out\n  " + InsightsReport.nothingStandsOut))
  }
}
