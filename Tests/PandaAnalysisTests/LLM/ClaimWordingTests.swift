import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

/// How the offline analyzer words changes of percentages, figures that round alike, habits and
/// levels far outside their healthy range.
@Suite struct ClaimWordingTests {
  func trend(
    _ metric: String, current: Double, baseline: Double, assessment: Assessment = .stable, size: ChangeSize? = nil,
    habit: HabitChange? = nil
  ) -> MetricTrend {
    let catalogued = MetricCatalogue.metric(metric)!
    let threshold = catalogued.meaningfulChange.threshold(baseline: baseline)
    let worth = abs(current - baseline) >= threshold
    return MetricTrend(
      metric: metric, unit: catalogued.unit, current: current, baseline: baseline, change: current - baseline,
      changePercent: (current - baseline) / baseline * 100, slopePerDay: nil,
      direction: worth ? (current > baseline ? .up : .down) : .flat, assessment: assessment, currentDays: 7,
      baselineDays: 28, recent: [], evidence: .enough,
      size: size ?? (worth ? (assessment == .stable ? .withinNoise : .clear) : .negligible), threshold: threshold,
      habit: habit)
  }

  func request(_ category: HealthCategory, _ trends: [MetricTrend], period: InsightPeriod = .weekly) -> InsightRequest {
    var request = InsightRequest.request(
      from: HealthSnapshot(
        asOf: CalendarDay(ordinal: 20_000),
        window: DayRange(CalendarDay(ordinal: 19_600)...CalendarDay(ordinal: 20_000)),
        series: []),
      category: category, period: period)
    request.trends = trends
    return request
  }

  @Test(arguments: [
    ("mobility.walkingAsymmetry", 0.7, 1.1, "0.4 points lower than your usual 1.1 %"),
    ("body.bodyFat", 24.6, 23.6, "1 point higher than your usual 23.6 %"),
    ("respiratory.oxygenSaturation", 94.2, 96.5, "2.3 points lower than your usual 96.5 %"),
  ])
  func aChangeOfAPercentageIsInPoints(metric: String, current: Double, baseline: Double, expected: String) throws {
    let insight = HeuristicProvider().write(
      request(MetricCatalogue.metric(metric)!.category, [trend(metric, current: current, baseline: baseline)]))
    let message = try #require(insight.metrics.first?.message)
    #expect(message.contains(expected), "\(message)")
    // The report's Change column says points too, with no percent of a percent.
    let change = InsightsReport.figures(try #require(insight.metrics.first), period: .weekly, units: .metric).change
    #expect(change.hasSuffix("points") || change.hasSuffix("point"), "\(change)")
    #expect(!change.contains("%"))
  }

  @Test func figuresThatRoundAlikeWithANegligibleChangeAreTheSame() throws {
    let basal = trend("activity.basalEnergy", current: 1_631.69, baseline: 1_631.73)
    let insight = HeuristicProvider().write(request(.activity, [basal], period: .monthly))
    let message = try #require(insight.metrics.first?.message)
    #expect(
      message
        == "Your resting energy averaged 1,632 kcal a day over the last 30 days, the same, to the nearest kcal, as your average of 1,632 kcal in the three months before."
    )
    let figures = InsightsReport.figures(try #require(insight.metrics.first), period: .monthly, units: .metric)
    #expect(figures.now == "1,632 kcal")
    #expect(figures.usual == "1,632 kcal")
    // A real difference that rounds away keeps its decimals.
    let flights = trend("activity.flightsClimbed", current: 3.4, baseline: 2.6, assessment: .improving, size: .clear)
    let climbed = HeuristicProvider().write(request(.activity, [flights])).metrics[0].message
    #expect(climbed.contains("3.4 flights"), "\(climbed)")
  }

  @Test func aLevelFarOutsideTheHealthyRangeLeadsTheHeadline() {
    let short = trend("sleep.asleep", current: 3 + 32.0 / 60, baseline: 3.55)
    let monthly = HeuristicProvider().write(request(.sleep, [short], period: .monthly))
    #expect(monthly.summary.hasPrefix("At 3 h 32 min a night, your sleep is well short of the 7–9 h adults need."))
    #expect(monthly.summary.contains("held steady"))
    #expect(!monthly.encouragement.contains { $0.hasPrefix("Steady is good") })
    // Within the range, stability leads as before; one day is not a level.
    let enough = HeuristicProvider().write(request(.sleep, [trend("sleep.asleep", current: 7.5, baseline: 7.5)]))
    #expect(enough.summary == "Your sleep held steady this week.")
    let oneNight = HeuristicProvider().write(request(.sleep, [short], period: .daily))
    #expect(!oneNight.summary.hasPrefix("At "))
  }

  @Test func aHabitClaimSaysTheChangeItRestsOn() throws {
    // More days with any flight: the claim is how often, not the flights a day.
    let often = HabitChange(
      basis: .frequency, currentDaysWithAny: 6, currentDays: 7, baselineDaysWithAny: 12, baselineDays: 28,
      currentSession: 6, baselineSession: 6)
    let flights = trend(
      "activity.flightsClimbed", current: 36.0 / 7, baseline: 72.0 / 28, assessment: .improving,
      size: .clear, habit: often)
    let message = HeuristicProvider().write(request(.activity, [flights])).metrics[0].message
    #expect(
      message.hasPrefix("Flights climbed on 6 of the last 7 days, more often than about 3 in 7 before"), "\(message)")
    #expect(message.contains("5 flights a day against 3 flights before"), "\(message)")
    // Shorter sessions: the claim is how long.
    let shorter = HabitChange(
      basis: .sessions, currentDaysWithAny: 5, currentDays: 7, baselineDaysWithAny: 20, baselineDays: 28,
      currentSession: 6, baselineSession: 12)
    let mindful = trend(
      "mindfulness.mindfulMinutes", current: 30.0 / 7, baseline: 240.0 / 28, assessment: .declining,
      size: .clear, habit: shorter)
    let said = HeuristicProvider().write(request(.mindfulness, [mindful])).metrics[0].message
    #expect(
      said.hasPrefix("On the days with any, mindful minutes averaged 6 min this week, less than the 12 min"), "\(said)")
  }
}
