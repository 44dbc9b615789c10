import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

@Suite struct TrendCalculatorTests {
  let lastDay = CalendarDay(iso: "2025-06-30")!

  func series(_ metric: String, _ value: (Int) -> Double?, days: Int = 130) -> MetricSeries {
    let points = (0..<days).compactMap { index -> DailyPoint? in
      let day = lastDay.adding(days: index - days + 1)
      return value(index).map { DailyPoint(day: day, value: $0) }
    }
    return MetricSeries(
      metric: MetricCatalogue.metric(metric)!, points: points, lastDay: points.last?.day, availability: .current)
  }

  func trend(_ series: MetricSeries, _ period: InsightPeriod) -> MetricTrend? {
    if case .trend(let trend) = TrendCalculator.trend(series, period: period, lastDay: lastDay) { return trend }
    return nil
  }

  @Test func foodLoggedEveryDayIsJudgedDayByDayAndAnOccasionalWeighInIsNot() throws {
    // 250 consecutive days of dietary energy: yesterday is compared like any daily total.
    let energy = series("nutrition.dietaryEnergy", { 2_100 + Double($0 % 7) * 40 }, days: 250)
    let daily = try #require(trend(energy, .daily))
    #expect(daily.evidence == .enough)
    let metric = try #require(MetricCatalogue.metric("nutrition.dietaryEnergy"))
    let sentence = HeuristicPhrases.sentence(daily, metric: metric, period: .daily)
    #expect(!sentence.contains("Too few"), "\(sentence)")
    // A weigh-in every fourth day stays an occasional reading: one day is no trend.
    let weight = series("body.bodyMass", { (249 - $0) % 4 == 0 ? 80 : nil }, days: 250)
    #expect(trend(weight, .daily)?.evidence == .fewReadings)
  }

  @Test func windowsCompareLikeWithLike() {
    let weekly = TrendWindows.of(period: .weekly, lastDay: lastDay)
    #expect(weekly.current == CalendarDay(iso: "2025-06-24")!...lastDay)
    #expect(weekly.baseline == CalendarDay(iso: "2025-05-27")!...CalendarDay(iso: "2025-06-23")!)
    let monthly = TrendWindows.of(period: .monthly, lastDay: lastDay)
    #expect(monthly.current.lowerBound.days(to: monthly.current.upperBound) == 29)
    #expect(monthly.baseline.lowerBound.days(to: monthly.baseline.upperBound) == 89)
    let daily = TrendWindows.of(period: .daily, lastDay: lastDay)
    #expect(daily.current == lastDay...lastDay)
    #expect(daily.baseline.lowerBound == lastDay.adding(days: -14))
  }

  @Test func theSpreadIsTheStandardDeviationOfTheBaselinesDays() throws {
    // Resting heart rate alternating 64 and 66 before the week, 71 in it.
    let rate = series("heart.restingHeartRate") { $0 >= 123 ? 71 : $0 % 2 == 0 ? 64 : 66 }
    let weekly = try #require(trend(rate, .weekly))
    let baseline = (0..<28).map { index -> Double in (123 - 28 + index) % 2 == 0 ? 64 : 66 }
    let mean = baseline.reduce(0, +) / Double(baseline.count)
    let sd = (baseline.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(baseline.count - 1)).squareRoot()
    #expect(abs((weekly.spread ?? 0) - sd) < 1e-9)
    #expect(!weekly.daysVaryALot)
    // One baseline day gives no spread.
    let lone = series("body.bodyMass") { $0 == 60 || $0 >= 125 ? 70 : nil }
    let monthly = try #require(trend(lone, .monthly))
    #expect(monthly.baselineDays == 1)
    #expect(monthly.spread == nil)
  }

  @Test func aStepUpInStepsIsImproving() throws {
    // A wobble that averages exactly 100 over any seven days.
    let wobble: [Double] = [0, 200, 0, 200, 0, 200, 100]
    let steps = series("activity.steps") { ($0 >= 123 ? 10_000 : 8_000) + wobble[$0 % 7] }
    let weekly = try #require(trend(steps, .weekly))
    #expect(weekly.current == 10_100)
    #expect(weekly.baseline == 8_100)
    #expect(weekly.change == 2_000)
    #expect(abs((weekly.changePercent ?? 0) - 2_000.0 / 8_100 * 100) < 1e-9)
    #expect(weekly.direction == .up)
    #expect(weekly.assessment == .improving)
  }

  @Test func aRisingRestingHeartRateIsDeclining() throws {
    let resting = series("heart.restingHeartRate") { $0 >= 123 ? 66 : 60 }
    let weekly = try #require(trend(resting, .weekly))
    #expect(weekly.direction == .up)
    #expect(weekly.assessment == .declining)
  }

  @Test func aChangeSmallerThanWorthMentioningIsStable() throws {
    // One bpm is below the 2 bpm that matters for resting heart rate, however steady.
    let resting = series("heart.restingHeartRate") { $0 >= 123 ? 61 : 60 }
    let weekly = try #require(trend(resting, .weekly))
    #expect(weekly.direction == .flat)
    #expect(weekly.assessment == .stable)
  }

  @Test func aChangeWithinTheNoiseIsStable() throws {
    // Steps that swing by ±4,000 a day: a 1,000 step difference of the means is noise.
    let steps = series("activity.steps") { index in
      (index % 2 == 0 ? 4_000 : 12_000) + (index >= 123 ? 1_000 : 0)
    }
    let weekly = try #require(trend(steps, .weekly))
    // The difference is worth mentioning in size, so it has a direction, but it is no claim.
    #expect(weekly.direction == .up)
    #expect(weekly.size == .withinNoise)
    #expect(weekly.assessment == .stable)
  }

  @Test func sleepIsJudgedByItsDistanceFromSevenToNineHours() throws {
    let fromShortToEnough = try #require(trend(series("sleep.asleep") { $0 >= 123 ? 7.5 : 6 }, .weekly))
    #expect(fromShortToEnough.direction == .up)
    #expect(fromShortToEnough.assessment == .improving)
    let fromEnoughToShort = try #require(trend(series("sleep.asleep") { $0 >= 123 ? 6 : 7.5 }, .weekly))
    #expect(fromEnoughToShort.assessment == .declining)
    let withinTheRange = try #require(trend(series("sleep.asleep") { $0 >= 123 ? 8.5 : 7.2 }, .weekly))
    #expect(withinTheRange.direction == .up)
    #expect(withinTheRange.assessment == .stable)
  }

  @Test func tooFewDaysIsSaidAsSuch() {
    let sparse = series("activity.steps") { $0 % 3 == 0 ? 8_000 : nil }
    guard
      case .shortfall(.tooFewDays(let current, _, _, _)) = TrendCalculator.trend(
        sparse, period: .weekly, lastDay: lastDay)
    else {
      Issue.record("expected too few days")
      return
    }
    #expect(current < 4)
    let empty = series("activity.steps") { $0 < 100 ? 8_000 : nil }
    #expect(TrendCalculator.trend(empty, period: .weekly, lastDay: lastDay) == .shortfall(.noCurrentData))
  }

  @Test func theilSenIgnoresOneOddDay() throws {
    var points = (0..<20).map { (x: Double($0), y: 2 * Double($0) + 1) }
    points[7].y = 500
    #expect(try #require(RobustStatistics.theilSenSlope(points)) == 2)
  }

  func partlyRecorded(_ metric: String, _ value: (Int) -> (Double, Bool)?, days: Int = 130) -> MetricSeries {
    let points = (0..<days).compactMap { index -> DailyPoint? in
      value(index).map { DailyPoint(day: lastDay.adding(days: index - days + 1), value: $0.0, isPartial: $0.1) }
    }
    return MetricSeries(
      metric: MetricCatalogue.metric(metric)!, points: points, lastDay: points.last?.day, availability: .current)
  }

  @Test func oneBloodPressureReadingIsStatedButNeverCalledATrend() throws {
    // Three identical readings before (no spread at all) and one lower reading this week.
    let pressure = series("heart.bloodPressureSystolic") { index in
      index == 127 ? 112 : [100, 110, 120].contains(index) ? 122 : nil
    }
    let weekly = try #require(trend(pressure, .weekly))
    #expect(weekly.current == 112)
    #expect(weekly.direction == .down)
    #expect(weekly.evidence == .fewReadings)
    #expect(weekly.assessment == .stable)
    let daily = try #require(
      trend(series("heart.bloodPressureSystolic") { $0 == 129 ? 112 : $0 > 115 ? 122 : nil }, .daily))
    #expect(daily.evidence == .fewReadings)
    #expect(daily.assessment == .stable)
  }

  @Test func severalReadingsOnEachSideCanCarryAClaim() throws {
    let pressure = series("heart.bloodPressureSystolic") { index in
      index >= 123 ? (index % 2 == 0 ? 111 : 113) : index % 4 == 0 ? (index % 8 == 0 ? 121 : 123) : nil
    }
    let weekly = try #require(trend(pressure, .weekly))
    #expect(weekly.evidence == .enough)
    #expect(weekly.assessment == .improving)
  }

  @Test func aBaselineWithoutSpreadCannotMakeAGapAtTheThresholdCertain() throws {
    // Fourteen days of exactly 10,000 steps, then 11,000: the difference is just worth
    // mentioning, but one day against no spread at all is not evidence of a change.
    let steps = series("activity.steps") { $0 == 129 ? 11_000 : 10_000 }
    let daily = try #require(trend(steps, .daily))
    #expect(daily.direction == .up)
    #expect(daily.size == .withinNoise)
    #expect(daily.assessment == .stable)
    #expect(TrendCalculator.standardError(current: [1], baseline: [5, 5, 5], period: .daily, floor: 0.5) > 0)
  }

  @Test func aHabitIsTestedByHowOftenAndHowLong() {
    // Sessions of 10 minutes on two days of three, then of 6: the rest days are a pattern, not
    // measurement noise, so the claim rests on the sessions, which changed for sure.
    let baseline = (0..<28).map { $0 % 3 == 2 ? 0.0 : 10 }
    let current = (0..<7).map { $0 % 3 == 2 ? 0.0 : 6 }
    let metric = MetricCatalogue.metric("mindfulness.mindfulMinutes")!
    let shorter = TrendCalculator.habitTest(current: current, baseline: baseline, period: .weekly, metric: metric)
    #expect(shorter.habit?.basis == .sessions)
    #expect(shorter.pValue < 0.001)
    #expect(shorter.habit?.currentDaysWithAny == 5)
    // Sessions as long as ever on fewer days: the claim rests on how often.
    let fewer = TrendCalculator.habitTest(
      current: [10, 0, 0, 0, 0, 0, 0], baseline: Array(repeating: 10, count: 28), period: .weekly, metric: metric)
    #expect(fewer.habit?.basis == .frequency)
    #expect(fewer.pValue < 0.001)
  }

  @Test func aPartlyRecordedDayIsNotComparedAsIfWhole() throws {
    let heart = partlyRecorded("heart.heartRate") { $0 == 129 ? (128, true) : (64, false) }
    let daily = try #require(trend(heart, .daily))
    #expect(daily.evidence == .partialDay)
    #expect(daily.assessment == .stable)
    // Weekly means leave partly recorded days out.
    let steps = partlyRecorded("activity.steps") { $0 >= 127 ? (500, true) : (8_000, false) }
    let weekly = try #require(trend(steps, .weekly))
    #expect(weekly.current == 8_000)
    #expect(weekly.currentDays == 4)
    #expect(weekly.partialDaysLeftOut == 3)
    #expect(weekly.currentPartialDaysLeftOut == 3)
    #expect(weekly.assessment == .stable)
  }

  @Test func aNearTotalDropHasADirectionEvenWhenItIsNoClaim() throws {
    // Days that swing between 2,000 and 18,000 steps, then 107 steps yesterday: −99 % is `down`,
    // never `flat`, though one day within so wide a spread is no trend.
    let steps = series("activity.steps") { $0 == 129 ? 107 : $0 % 2 == 0 ? 2_000 : 18_000 }
    let daily = try #require(trend(steps, .daily))
    #expect(daily.direction == .down)
    #expect(daily.size == .withinNoise)
    #expect(daily.assessment == .stable)
  }
}

@Suite struct HabitChangeTests {
  let lastDay = CalendarDay(iso: "2025-06-30")!

  func series(_ metric: String, days: Int = 130, _ value: (Int) -> Double) -> MetricSeries {
    let points = (0..<days).map { DailyPoint(day: lastDay.adding(days: $0 - days + 1), value: value($0)) }
    return MetricSeries(
      metric: MetricCatalogue.metric(metric)!, points: points, lastDay: lastDay, availability: .current)
  }

  func trend(_ series: MetricSeries, _ period: InsightPeriod) -> MetricTrend? {
    if case .trend(let trend) = TrendCalculator.trend(series, period: period, lastDay: lastDay) { return trend }
    return nil
  }

  @Test func oneMoreDayWithAFixedSizeSessionIsNoTrend() throws {
    // 500 mL on every other day, and on four of the last seven: 286 against 250 mL a day.
    let water = series("nutrition.water") { $0 >= 123 ? ($0 % 2 == 1 ? 500 : 0) : ($0 % 2 == 0 ? 500 : 0) }
    let weekly = try #require(trend(water, .weekly))
    #expect(weekly.current > weekly.baseline * 1.1)
    #expect(weekly.assessment == .stable)
    #expect(weekly.size == .withinNoise)
  }

  @Test func aPracticeThatStoppedIsDeclining() throws {
    // Ten minutes every day, then on one day of the last seven.
    let mindful = series("mindfulness.mindfulMinutes") { $0 >= 123 ? ($0 == 125 ? 10 : 0) : 10 }
    let weekly = try #require(trend(mindful, .weekly))
    #expect(weekly.assessment == .declining)
  }

  @Test func shorterSessionsOnTheSameDaysAreDeclining() throws {
    let mindful = series("mindfulness.mindfulMinutes") { index in
      index % 2 == 0 ? 0 : (index >= 123 ? 5 : 15) + Double(index % 3)
    }
    let weekly = try #require(trend(mindful, .weekly))
    #expect(weekly.assessment == .declining)
  }

  @Test func oneDayWithoutASessionIsNoTrend() throws {
    let mindful = series("mindfulness.mindfulMinutes") { $0 == 129 ? 0 : ($0 % 2 == 0 ? 12 : 0) }
    let daily = try #require(trend(mindful, .daily))
    #expect(daily.current == 0)
    #expect(daily.assessment == .stable)
  }
}

/// Partly recorded days are left out of a window's count, but said, not taken for no data.
@Suite struct PartlyRecordedShortfallTests {
  let lastDay = CalendarDay(iso: "2025-06-30")!

  @Test func aWeekOfPartlyRecordedDaysIsSaidAsSuch() throws {
    // Every day of the last week was recorded for only part of the day; the weeks before are whole.
    let points = (0..<35).map { index in
      DailyPoint(day: lastDay.adding(days: index - 34), value: 6_000, isPartial: index >= 28)
    }
    let series = MetricSeries(
      metric: MetricCatalogue.metric("activity.steps")!, points: points, lastDay: lastDay, availability: .current)
    let outcome = TrendCalculator.trend(series, period: .weekly, lastDay: lastDay)
    guard case .shortfall(.tooFewDays(let current, let baseline, let currentPartial, let baselinePartial)) = outcome
    else {
      Issue.record("expected a shortfall, got \(outcome)")
      return
    }
    #expect((current, baseline, currentPartial, baselinePartial) == (0, 28, 7, 0))

    var request = InsightRequest.request(
      from: HealthSnapshot(
        asOf: lastDay.adding(days: 1), window: DayRange(lastDay.adding(days: -400)...lastDay), series: [series]),
      category: .activity, period: .weekly)
    request.trends = []
    let insight = DataGuidance.noDataInsight(for: request)
    #expect(
      insight.summary.contains(
        "Steps: 0 fully recorded days (7 partly recorded) in the last 7 days (4 needed to compare)."))
    #expect(!insight.summary.contains("0 days with data"))
  }
}
