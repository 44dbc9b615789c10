import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaTestSupport

/// The workouts row of the report: now, usual and change in one unit.
@Suite struct InsightsReportWorkoutTests {
  func report(current: Double, baseline: Double, period: InsightPeriod) -> InsightsReport {
    let trend = TrendFixtures.trend(
      "activity.workouts", current: current, baseline: baseline, direction: .flat, assessment: .stable)
    let insight = Insight(
      category: .activity, period: period, status: .ok, summary: "Your activity held steady.",
      metrics: [MetricAssessment(trend: trend, message: "")])
    let asOf = CalendarDay(iso: "2025-07-01")!
    let outcome = InsightOutcome(
      job: InsightJob(category: .activity, period: period), insight: insight, source: .fresh, generatedAt: 0,
      generatedDay: asOf)
    return InsightsReport(asOf: asOf, provider: "heuristic", outcomes: [outcome])
  }

  @Test func aDaysCountStandsBesideTheUsualPerWeekAsTheSentenceSaysIt() {
    let daily = report(current: 1, baseline: 5.5 / 7, period: .daily)
    #expect(daily.markdown().contains("| Workouts | 1 workout | 5.5 a week | — | stable |"))
    #expect(daily.text(colour: false).contains("1 workout vs 5.5 a week"))
  }

  @Test func aWeeksFiguresAreAllPerWeek() {
    let weekly = report(current: 4.0 / 7, baseline: 0.5, period: .weekly)
    #expect(weekly.markdown().contains("| Workouts | 4 a week | 3.5 a week | +0.5 a week (+14 %) | stable |"))
    #expect(weekly.text(colour: false).contains("4 a week vs 3.5 a week"))
  }
}
