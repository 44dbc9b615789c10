import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaTestSupport

@Suite struct InsightsReportTests {
  func report(mindfulnessLastDay: CalendarDay) -> String {
    let asOf = CalendarDay(iso: "2025-07-01")!
    let insight = Insight(
      category: .mindfulness, period: .daily, status: .noData, summary: "No mindfulness data yesterday.")
    let outcome = InsightOutcome(
      job: InsightJob(category: .mindfulness, period: .daily), insight: insight, source: .fresh, generatedAt: 0,
      generatedDay: asOf)
    let recency = DataRecency(
      lastDay: asOf.adding(days: -1), byCategory: [.activity: asOf.adding(days: -1), .mindfulness: mindfulnessLastDay])
    return InsightsReport(asOf: asOf, provider: "heuristic", outcomes: [outcome], recency: recency).text(colour: false)
  }

  @Test func aDayOffIsNoReasonToExportAgainButTwoQuietWeeksAre() {
    let asOf = CalendarDay(iso: "2025-07-01")!
    #expect(!report(mindfulnessLastDay: asOf.adding(days: -3)).contains("Export All Health Data"))
    #expect(report(mindfulnessLastDay: asOf.adding(days: -30)).contains("Export All Health Data"))
  }

  @Test func aMetricWithAGoalShowsItUnderItsLineAndInJSON() async throws {
    let data = try PlantedTrends()
    let goal = GoalTarget(goal: "goal.steps", metric: "activity.steps", target: 8_000)
    let outcomes = try await InsightsPipeline(
      database: data.database, provider: HeuristicProvider(), width: 1, goals: [goal]
    ).run(jobs: [InsightJob(category: .activity, period: .weekly)], asOf: PlantedTrends.asOf, now: 0, refresh: false)
    let progress = try #require(outcomes.first?.insight.goals?.first)
    let steps = try #require(outcomes.first?.insight.metrics.first { $0.metric == "activity.steps" })
    let report = InsightsReport(asOf: PlantedTrends.asOf, provider: "heuristic", outcomes: outcomes)
    let text = report.text(colour: false)
    let stepsLine = try #require(text.range(of: "Steps "))
    let goalLine = try #require(
      text.range(of: "    ◎ Goal 8,000 steps a day, reached on \(progress.met) of the last 7 days"))
    #expect(stepsLine.lowerBound < goalLine.lowerBound)
    let json = try #require(JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as? [String: Any])
    let insight = try #require((json["insights"] as? [[String: Any]])?.first)
    let metrics = try #require(insight["metrics"] as? [[String: Any]])
    let stepsJSON = try #require(metrics.first { $0["metric"] as? String == "activity.steps" })
    #expect(stepsJSON["goal"] as? Double == 8_000)
    #expect(stepsJSON["goalMet"] as? Bool == (steps.current >= 8_000))
    #expect(metrics.first { $0["metric"] as? String == "activity.distance" }?["goal"] == nil)
    #expect((insight["goals"] as? [[String: Any]])?.first?["daysMet"] as? Int == progress.met)
  }
}

@Suite struct InsightsReportOriginTests {
  func heading(generatedDay: CalendarDay, asOf: CalendarDay, isAsOfToday: Bool) -> String {
    let insight = Insight(category: .heart, period: .daily, status: .ok, summary: "Your heart held steady yesterday.")
    let outcome = InsightOutcome(
      job: InsightJob(category: .heart, period: .daily), insight: insight, source: .cache, generatedAt: 0,
      generatedDay: generatedDay)
    let report = InsightsReport(asOf: asOf, provider: "heuristic", outcomes: [outcome], isAsOfToday: isAsOfToday)
    return report.text(colour: false).split(separator: "\n").first { $0.hasPrefix("Heart") }.map(String.init) ?? ""
  }

  @Test func aCachedInsightSaysWhenItWasMade() {
    let day = CalendarDay(iso: "2025-06-15")!
    #expect(heading(generatedDay: day, asOf: day, isAsOfToday: true).hasSuffix("(from cache, made today)"))
    #expect(heading(generatedDay: day, asOf: day, isAsOfToday: false).hasSuffix("(from cache, made for 2025-06-15)"))
    #expect(
      heading(generatedDay: day, asOf: day.adding(days: 2), isAsOfToday: true).hasSuffix("(from cache, 2 days old)"))
  }

  @Test func imperialUnitsAreWrittenIntoTheWordsAndAreNotServedFromAMetricCache() async throws {
    let data = try PlantedTrends()
    let jobs = [InsightJob(category: .activity, period: .weekly)]
    func run(_ units: DisplayUnits) async throws -> [InsightOutcome] {
      try await InsightsPipeline(database: data.database, provider: HeuristicProvider(), width: 1, units: units)
        .run(jobs: jobs, asOf: PlantedTrends.asOf, now: 0, refresh: false)
    }
    let metric = try await run(.metric)
    let imperial = try await run(.imperial)
    #expect(imperial.first?.source == .fresh)
    #expect(try await run(.imperial).first?.source == .cache)
    let distance = try #require(imperial.first?.insight.metrics.first { $0.metric == "activity.distance" })
    #expect(distance.message.contains(" mi"))
    #expect(!distance.message.contains(" km"))
    #expect(metric.first?.insight.metrics.first { $0.metric == "activity.distance" }?.message.contains(" km") == true)
    let report = InsightsReport(asOf: PlantedTrends.asOf, provider: "heuristic", outcomes: imperial, units: .imperial)
    let miles = DisplayUnits.imperial.converted(distance.current, unit: "km").value
    #expect(report.text(colour: false).contains(MetricFormatter.string(miles, unit: "mi") + " vs "))
    #expect(report.markdown().contains("| Walking and running distance | " + MetricFormatter.string(miles, unit: "mi")))
    let json = try #require(JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as? [String: Any])
    let metrics = try #require((json["insights"] as? [[String: Any]])?.first?["metrics"] as? [[String: Any]])
    #expect(metrics.first { $0["metric"] as? String == "activity.distance" }?["unit"] as? String == "km")
    #expect(json["sentenceUnits"] as? String == "imperial")
  }
}
