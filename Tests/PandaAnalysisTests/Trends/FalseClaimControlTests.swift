import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

@Suite struct FalseClaimControlTests {
  @Test func studentTMatchesTheTables() {
    // Two-sided critical values: t(10) = 2.228 and t(30) = 2.042 at 5 %, t(5) = 4.032 at 1 %.
    #expect(abs(ChanceProbability.studentT(2.228, degrees: 10) - 0.05) < 5e-4)
    #expect(abs(ChanceProbability.studentT(-2.042, degrees: 30) - 0.05) < 5e-4)
    #expect(abs(ChanceProbability.studentT(4.032, degrees: 5) - 0.01) < 1e-4)
    #expect(ChanceProbability.studentT(0, degrees: 8) == 1)
    // With many degrees of freedom it is the normal distribution.
    #expect(abs(ChanceProbability.studentT(1.96, degrees: 100_000) - 0.05) < 1e-3)
    #expect(abs(ChanceProbability.normal(1.96) - 0.05) < 1e-3)
    #expect(abs(ChanceProbability.normal(-3) - 0.0027) < 1e-4)
  }

  @Test func theBarTightensWithTheNumberOfComparisons() {
    // One comparison at p = 0.004 passes a 1 % rate alone, but not among a hundred with nothing else.
    #expect(FalseClaimControl.bar(for: [0.004], rate: 0.01) >= 0.004)
    let noise = [0.004] + Array(repeating: 0.5, count: 99)
    #expect(FalseClaimControl.bar(for: noise, rate: 0.01) < 0.004)
    // Clear differences beside it lower the bar less: Benjamini–Hochberg's step-up.
    let clear = Array(repeating: 1e-9, count: 20) + [0.002] + Array(repeating: 0.5, count: 79)
    #expect(FalseClaimControl.bar(for: clear, rate: 0.01) >= 0.002)
  }

  @Test func aReportHoldsItsComparisonsToOneBar() throws {
    // A change that is clear on its own (p ≈ 0.01) is no claim in a report at a bar of 0.001.
    let lastDay = CalendarDay(iso: "2025-06-30")!
    let values: [Double] = [7_000, 8_400, 7_700, 6_300, 7_000, 8_400, 7_700, 6_300]
    let points = (0..<130).map { index in
      DailyPoint(day: lastDay.adding(days: index - 129), value: values[index % 8] + (index >= 123 ? 800 : 0))
    }
    let steps = MetricSeries(
      metric: MetricCatalogue.metric("activity.steps")!, points: points, lastDay: lastDay, availability: .current)
    guard case .trend(let alone) = TrendCalculator.trend(steps, period: .weekly, lastDay: lastDay),
      case .trend(let inReport) = TrendCalculator.trend(steps, period: .weekly, lastDay: lastDay, bar: 0.001)
    else {
      Issue.record("expected trends")
      return
    }
    let p = try #require(alone.pValue)
    #expect(p < 0.05 && p > 0.001)
    #expect(alone.assessment == .improving)
    #expect(inReport.assessment == .stable)
    #expect(inReport.size == .withinNoise)
    #expect(inReport.pValue == alone.pValue)
  }
}

@Suite struct ReportTrendsTests {
  func insight(p: Double?, size: ChangeSize, assessment: Assessment) -> Insight {
    let trend = MetricTrend(
      metric: "activity.steps", unit: "steps", current: 9_500, baseline: 8_000, change: 1_500, changePercent: 18.75,
      slopePerDay: nil, direction: .up, assessment: assessment, currentDays: 7, baselineDays: 28, recent: [],
      evidence: .enough, size: size, threshold: 800, pValue: p)
    return Insight(
      category: .activity, period: .weekly, status: .ok, summary: "",
      metrics: [MetricAssessment(trend: trend, message: "")])
  }

  @Test func aCachedClaimIsReusedOnlyWhileTheBarMakesIt() {
    let claimed = insight(p: 0.01, size: .clear, assessment: .improving)
    #expect(ReportTrends.holds(claimed, under: 0.02))
    #expect(!ReportTrends.holds(claimed, under: 0.005))
    let notClaimed = insight(p: 0.01, size: .withinNoise, assessment: .stable)
    #expect(ReportTrends.holds(notClaimed, under: 0.005))
    #expect(!ReportTrends.holds(notClaimed, under: 0.02))
    // Cached before p-values were recorded: recomputed.
    #expect(!ReportTrends.holds(insight(p: nil, size: .clear, assessment: .improving), under: 0.05))
  }
}
