import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

@Suite struct HeuristicProviderTests {
  func trend(
    _ metric: String, current: Double, baseline: Double, direction: TrendDirection, assessment: Assessment,
    evidence: TrendEvidence = .enough, size: ChangeSize? = nil, currentDays: Int = 7, spread: Double? = nil
  ) -> MetricTrend {
    let catalogued = MetricCatalogue.metric(metric)!
    let threshold = catalogued.meaningfulChange.threshold(baseline: baseline)
    return MetricTrend(
      metric: metric, unit: catalogued.unit, current: current, baseline: baseline,
      change: current - baseline, changePercent: (current - baseline) / baseline * 100, slopePerDay: nil,
      direction: direction, assessment: assessment, currentDays: currentDays, baselineDays: 28, recent: [],
      evidence: evidence,
      size: size ?? (abs(current - baseline) < threshold ? .negligible : assessment == .stable ? .withinNoise : .clear),
      threshold: threshold, spread: spread)
  }

  static let sameness = ["in line with", "close to", "much like"]

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

  @Test func declineGetsNumbersAndAConcreteSuggestion() {
    let insight = HeuristicProvider().write(
      request(
        .sleep, [trend("sleep.asleep", current: 6 + 5.0 / 60, baseline: 7.25, direction: .down, assessment: .declining)]
      ))
    #expect(insight.status == .ok)
    #expect(
      insight.metrics[0].message
        == "You slept 6 h 5 min a night this week, 1 h 10 min less than your usual 7 h 15 min.")
    #expect(insight.summary.contains("slipped this week"))
    #expect(insight.suggestions.contains { $0.contains("bedtime") })
    #expect(insight.encouragement.isEmpty)
  }

  @Test func improvementGetsEncouragement() {
    let insight = HeuristicProvider().write(
      request(
        .activity, [trend("activity.steps", current: 9_500, baseline: 8_000, direction: .up, assessment: .improving)]))
    #expect(insight.metrics[0].message.contains("9,500 steps"))
    #expect(insight.metrics[0].message.contains("1,500 steps more than your usual 8,000 steps"))
    #expect(insight.summary.hasPrefix("A good week for your activity"))
    #expect(!insight.encouragement.isEmpty)
    #expect(insight.suggestions.isEmpty)
  }

  @Test func aFlatMetricIsNeverCalledBetterOrWorse() {
    let insight = HeuristicProvider().write(
      request(
        .respiratory,
        [trend("respiratory.respiratoryRate", current: 14.6, baseline: 14.5, direction: .flat, assessment: .stable)]))
    #expect(insight.summary == "Your breathing held steady this week.")
    #expect(!insight.metrics[0].message.contains("higher"))
    #expect(!insight.metrics[0].message.contains("lower"))
    #expect(insight.suggestions.isEmpty)
  }

  @Test(arguments: [
    ("heart.restingHeartRate", 104.0, "clinician"),
    ("respiratory.oxygenSaturation", 90.0, "clinician"),
    ("heart.bloodPressureSystolic", 185.0, "urgent"),
  ])
  func valuesPastClearThresholdsSuggestAClinician(metric: String, value: Double, word: String) {
    let insight = HeuristicProvider().write(
      request(
        MetricCatalogue.metric(metric)!.category,
        [trend(metric, current: value, baseline: value, direction: .flat, assessment: .stable)]))
    #expect(insight.suggestions.contains { $0.contains(word) })
    #expect(!insight.suggestions.joined().lowercased().contains("diagnos"))
  }

  @Test func normalValuesDoNotMentionAClinician() {
    let insight = HeuristicProvider().write(
      request(
        .heart, [trend("heart.restingHeartRate", current: 58, baseline: 58, direction: .flat, assessment: .stable)]))
    #expect(!insight.suggestions.joined().contains("clinician"))
  }

  @Test(arguments: ["activity.steps", "activity.distance", "activity.activeEnergy", "activity.exerciseMinutes"])
  func aDifferenceOfAQuarterOrMoreIsNeverCalledTheSame(metric: String) {
    for (current, baseline, size) in [
      (15_174.0, 9_755.0, ChangeSize.withinNoise), (107, 9_568, .withinNoise),
      (8, 5, .negligible),
    ] {
      let insight = HeuristicProvider().write(
        request(
          .activity,
          [trend(metric, current: current, baseline: baseline, direction: .flat, assessment: .stable, size: size)],
          period: .daily))
      let message = insight.metrics[0].message
      #expect(!Self.sameness.contains { message.contains($0) }, "\(message)")
      #expect(!insight.summary.contains("steady"), "\(insight.summary)")
      #expect(!insight.encouragement.joined().contains("Steady"))
    }
  }

  @Test func aBigDifferenceWithinTheDayToDaySpreadSaysSo() {
    // Days that spread by 3,000 steps next to a difference of 5,419: they vary a lot.
    let insight = HeuristicProvider().write(
      request(
        .activity,
        [
          trend(
            "activity.steps", current: 15_174, baseline: 9_755, direction: .up, assessment: .stable, spread: 3_000)
        ],
        period: .daily))
    #expect(
      insight.metrics[0].message
        == "You took 15,174 steps yesterday, 5,419 steps more than your usual 9,755 steps, but your days vary a lot, so this is not a clear change yet."
    )
    #expect(insight.summary.contains("No clear change"))
    #expect(insight.summary.contains("day-to-day ups and downs"))
  }

  @Test func daysThatVaryLittleNextToTheDifferenceAreNotSaidToVaryALot() {
    // The case of a warning: 6 bpm above a usual of 65 on days that spread by 1.2 bpm, a
    // difference not yet clear against the report's bar.
    let steady = trend(
      "heart.restingHeartRate", current: 71, baseline: 65, direction: .up, assessment: .stable, size: .withinNoise,
      spread: 1.2)
    #expect(!steady.daysVaryALot)
    let insight = HeuristicProvider().write(request(.heart, [steady]))
    #expect(!insight.metrics[0].message.contains("vary"), "\(insight.metrics[0].message)")
    #expect(insight.metrics[0].message.hasSuffix("but this is not a clear change yet."))
    #expect(!insight.summary.contains("ups and downs"), "\(insight.summary)")
    // The same difference on days that spread by 3 bpm, half of it: they vary a lot.
    var noisy = steady
    noisy.spread = 6 * MetricTrend.spreadShareOfChange
    #expect(noisy.daysVaryALot)
    let varied = HeuristicProvider().write(request(.heart, [noisy]))
    #expect(
      varied.metrics[0].message.hasSuffix(
        "but your days vary a lot from one to the next, so this is not a clear change yet."))
    #expect(varied.summary.contains("within your day-to-day ups and downs"))
    // Just under half: not a lot.
    noisy.spread = 6 * MetricTrend.spreadShareOfChange - 0.1
    #expect(!HeuristicProvider().write(request(.heart, [noisy])).metrics[0].message.contains("vary"))
  }

  @Test func aSmallDifferenceUsesSamenessWords() {
    let insight = HeuristicProvider().write(
      request(
        .activity, [trend("activity.steps", current: 9_900, baseline: 9_755, direction: .flat, assessment: .stable)]))
    #expect(Self.sameness.contains { insight.metrics[0].message.contains($0) })
  }

  @Test func oneReadingIsStatedPlainlyAndKeptOutOfTheHeadline() {
    let insight = HeuristicProvider().write(
      request(
        .heart,
        [
          trend(
            "heart.bloodPressureSystolic", current: 112, baseline: 122, direction: .down, assessment: .stable,
            evidence: .fewReadings, currentDays: 1),
          trend("heart.restingHeartRate", current: 58, baseline: 58, direction: .flat, assessment: .stable),
        ]))
    #expect(
      insight.metrics[0].message
        == "Systolic blood pressure: one reading this week, 112 mmHg; your usual is 122 mmHg. Too few readings to call a trend."
    )
    #expect(!insight.summary.lowercased().contains("blood pressure"))
    #expect(!insight.summary.contains("improving"))
    #expect(insight.encouragement.isEmpty)
  }

  @Test func noSteadyHeadlineBesideAPartlyRecordedDayFarFromTheUsual() {
    let insight = HeuristicProvider().write(
      request(
        .heart,
        [
          trend(
            "heart.heartRate", current: 128, baseline: 64, direction: .up, assessment: .stable, evidence: .partialDay),
          trend("heart.restingHeartRate", current: 58, baseline: 58, direction: .flat, assessment: .stable),
        ], period: .daily))
    #expect(!insight.summary.contains("steady"), "\(insight.summary)")
    #expect(!insight.encouragement.joined().contains("Steady"))
  }

  @Test func aPartlyRecordedDayIsNotCompared() {
    let insight = HeuristicProvider().write(
      request(
        .heart,
        [
          trend(
            "heart.heartRate", current: 128, baseline: 64, direction: .up, assessment: .stable, evidence: .partialDay)
        ],
        period: .daily))
    #expect(insight.metrics[0].message.hasPrefix("Yesterday was only partly recorded"))
    #expect(!insight.metrics[0].message.contains("higher"))
    #expect(!insight.summary.contains("steady"))
    #expect(insight.encouragement.isEmpty)
  }

  @Test func steadySleepUnderSevenHoursIsNotPraised() {
    let short = HeuristicProvider().write(
      request(.sleep, [trend("sleep.asleep", current: 5.9, baseline: 5.95, direction: .flat, assessment: .stable)]))
    #expect(short.encouragement.isEmpty)
    #expect(short.suggestions.contains { $0.contains("7–9 h") })
    let enough = HeuristicProvider().write(
      request(.sleep, [trend("sleep.asleep", current: 7.5, baseline: 7.45, direction: .flat, assessment: .stable)]))
    #expect(enough.encouragement.contains { $0.hasPrefix("Steady is good") })
    #expect(enough.suggestions.isEmpty)
    let heavy = HeuristicProvider().write(
      request(.body, [trend("body.bmi", current: 28.7, baseline: 28.7, direction: .flat, assessment: .stable)]))
    #expect(heavy.encouragement.isEmpty)
    #expect(heavy.suggestions.contains { $0.contains("18.5–24.9") })
    // One short night is not a level: no advice on it, but no praise either.
    let night = HeuristicProvider().write(
      request(
        .sleep, [trend("sleep.asleep", current: 5.9, baseline: 5.95, direction: .flat, assessment: .stable)],
        period: .daily))
    #expect(night.encouragement.isEmpty)
    #expect(night.suggestions.isEmpty)
  }

  @Test func steadinessIsPraisedOnlyWhereALevelIsKnownToBeHealthy() {
    let water = HeuristicProvider().write(
      request(
        .nutrition, [trend("nutrition.water", current: 250, baseline: 250, direction: .flat, assessment: .stable)]))
    #expect(water.summary.contains("held steady"))
    #expect(water.encouragement.isEmpty)
    let weight = HeuristicProvider().write(
      request(.body, [trend("body.bodyMass", current: 74.5, baseline: 74.4, direction: .flat, assessment: .stable)]))
    #expect(weight.encouragement.isEmpty)
    let breathing = HeuristicProvider().write(
      request(
        .respiratory,
        [trend("respiratory.respiratoryRate", current: 14.5, baseline: 14.6, direction: .flat, assessment: .stable)]))
    #expect(breathing.encouragement.contains { $0.hasPrefix("Steady is good") })
  }

  @Test func aStepSharedByDecliningMetricsIsSaidOnce() {
    let insight = HeuristicProvider().write(
      request(
        .activity,
        [
          trend("activity.workoutMinutes", current: 60, baseline: 120, direction: .down, assessment: .declining),
          trend("activity.workoutEnergy", current: 300, baseline: 600, direction: .down, assessment: .declining),
        ]))
    #expect(insight.suggestions.count == Set(insight.suggestions).count)
    #expect(insight.suggestions.filter { $0.hasPrefix("Put two or three workouts") }.count == 1)
  }

  @Test func aTrainedRestingHeartRateIsAHealthyLevel() {
    let insight = HeuristicProvider().write(
      request(
        .heart, [trend("heart.restingHeartRate", current: 54, baseline: 54.2, direction: .flat, assessment: .stable)]))
    #expect(insight.encouragement.contains { $0.hasPrefix("Steady is good") })
  }

  @Test func standHoursAreFewerNotLower() {
    let insight = HeuristicProvider().write(
      request(
        .activity, [trend("activity.standHours", current: 7, baseline: 9.4, direction: .down, assessment: .stable)],
        period: .daily))
    #expect(insight.metrics[0].message.contains("2.4 hours fewer than your usual 9.4 hours"))
  }

  @Test func aDayWithNoneOfAHabitSaysSoOnce() {
    let insight = HeuristicProvider().write(
      request(
        .mindfulness,
        [
          trend(
            "mindfulness.mindfulMinutes", current: 0, baseline: 4, direction: .down, assessment: .stable, spread: 5)
        ],
        period: .daily))
    #expect(
      insight.metrics[0].message
        == "No mindful minutes yesterday; your usual is 4 min, but your days vary a lot, so this is not a clear change yet."
    )
  }

  @Test func theAverageSaysWhichDaysItLeavesOut() {
    var steps = trend("activity.steps", current: 8_000, baseline: 8_050, direction: .flat, assessment: .stable)
    steps.partialDaysLeftOut = 2
    let insight = HeuristicProvider().write(request(.activity, [steps]))
    #expect(insight.metrics[0].message.hasSuffix(" The averages leave out 2 partly recorded days."))
    // Each window's own count: the days of the week are not the baseline's.
    steps.currentPartialDaysLeftOut = 0
    #expect(
      HeuristicProvider().write(request(.activity, [steps])).metrics[0].message.hasSuffix(
        " Your usual leaves out 2 partly recorded days."))
    steps.partialDaysLeftOut = 24
    steps.currentPartialDaysLeftOut = 4
    #expect(
      HeuristicProvider().write(request(.activity, [steps], period: .monthly)).metrics[0].message.hasSuffix(
        " The averages leave out 4 partly recorded days in the last 30 days and 20 before."))
    steps.partialDaysLeftOut = 4
    #expect(
      HeuristicProvider().write(request(.activity, [steps], period: .monthly)).metrics[0].message.hasSuffix(
        " The average leaves out 4 partly recorded days in the last 30 days."))
  }

  @Test func theHeadlineLeadsWithTheLargestChange() {
    let insight = HeuristicProvider().write(
      request(
        .activity,
        [
          trend("activity.flightsClimbed", current: 2, baseline: 6, direction: .down, assessment: .declining),
          trend("activity.steps", current: 107, baseline: 9_568, direction: .down, assessment: .declining),
        ], period: .daily))
    #expect(insight.summary.hasPrefix("Your activity slipped yesterday: steps and flights climbed"))
  }

  @Test func pluralsAndTenseFollowTheNumbers() {
    #expect(MetricFormatter.string(1, unit: "flights") == "1 flight")
    #expect(MetricFormatter.string(1, unit: "hours") == "1 hour")
    #expect(MetricFormatter.string(2, unit: "flights") == "2 flights")
    let insight = HeuristicProvider().write(
      request(
        .body, [trend("body.bodyFat", current: 24.6, baseline: 24.5, direction: .flat, assessment: .stable)],
        period: .daily))
    #expect(insight.metrics[0].message.hasPrefix("Your body fat was 24.6 % yesterday"))
  }
  @Test func valuesThatRoundAlikeAreShownApartWhenTheyDiffer() {
    let insight = HeuristicProvider().write(
      request(
        .activity,
        [trend("activity.flightsClimbed", current: 4.4, baseline: 3.6, direction: .up, assessment: .stable)]))
    #expect(insight.metrics[0].message.hasPrefix("You climbed 4.4 flights a day this week, 0.8 flights more than"))
  }

  @Test func moreSleepThatIsStillShortIsNotPraisedAsEnough() {
    let insight = HeuristicProvider().write(
      request(.sleep, [trend("sleep.asleep", current: 5.5, baseline: 4, direction: .up, assessment: .improving)]))
    #expect(insight.encouragement.count == 1)
    #expect(insight.encouragement.allSatisfy { $0.contains("7 hours") && !$0.contains("keep it") })
  }
}

@Suite struct HeuristicWordingTests {
  let base = HeuristicProviderTests()

  @Test func oneReadingOfALatestMetricYesterdayIsInThePastTense() {
    let insight = HeuristicProvider().write(
      base.request(
        .body, [base.trend("body.bodyFat", current: 24.6, baseline: 24.5, direction: .flat, assessment: .stable)],
        period: .daily))
    #expect(insight.metrics[0].message.hasPrefix("Your body fat was 24.6 % yesterday"))
    let weekly = HeuristicProvider().write(
      base.request(
        .body, [base.trend("body.bodyFat", current: 24.6, baseline: 24.5, direction: .flat, assessment: .stable)]))
    #expect(weekly.metrics[0].message.hasPrefix("Your body fat is 24.6 % now"))
  }

  @Test func oneIsSingular() {
    #expect(MetricFormatter.string(1, unit: "flights") == "1 flight")
    #expect(MetricFormatter.string(1, unit: "hours") == "1 hour")
    #expect(MetricFormatter.string(1, unit: "steps") == "1 step")
    #expect(MetricFormatter.string(2, unit: "flights") == "2 flights")
    #expect(MetricFormatter.string(9.9, unit: "hours") == "9.9 hours")
  }

  @Test func standHoursReadAsASentence() {
    let insight = HeuristicProvider().write(
      base.request(
        .activity,
        [base.trend("activity.standHours", current: 1, baseline: 1.2, direction: .flat, assessment: .stable)],
        period: .daily))
    #expect(insight.metrics[0].message.hasPrefix("You stood during 1 hour yesterday"))
  }

  @Test func theHeadlineLeadsWithTheLargestChange() {
    let insight = HeuristicProvider().write(
      base.request(
        .activity,
        [
          base.trend("activity.flightsClimbed", current: 2, baseline: 6, direction: .down, assessment: .declining),
          base.trend("activity.steps", current: 107, baseline: 9_568, direction: .down, assessment: .declining),
          base.trend("activity.standHours", current: 13, baseline: 10, direction: .up, assessment: .improving),
        ], period: .daily))
    #expect(insight.summary.hasPrefix("Mixed yesterday for your activity: steps and flights climbed declining"))
    let good = HeuristicProvider().write(
      base.request(
        .activity,
        [
          base.trend("activity.flightsClimbed", current: 8, baseline: 6, direction: .up, assessment: .improving),
          base.trend("activity.steps", current: 19_000, baseline: 9_500, direction: .up, assessment: .improving),
        ]))
    #expect(good.summary.contains("steps and flights climbed are improving"))
  }

  @Test func theHeadlineVerbAgreesWithTheMetricsName() {
    let steps = HeuristicProvider().write(
      base.request(
        .activity,
        [base.trend("activity.steps", current: 19_000, baseline: 9_500, direction: .up, assessment: .improving)]))
    #expect(steps.summary.lowercased().contains("steps are improving"))
    let sleep = HeuristicProvider().write(
      base.request(
        .sleep, [base.trend("sleep.asleep", current: 5.5, baseline: 7.5, direction: .down, assessment: .declining)]))
    #expect(sleep.summary.lowercased().contains("time asleep is going the wrong way"))
  }

  @Test func notEnoughDataNamesTheShortSideAndWhatIsThere() {
    var request = base.request(.mindfulness, [], period: .daily)
    request.shortfalls = [
      MetricShortfall(
        metric: "mindfulness.mindfulMinutes", shortfall: .tooFewDays(current: 1, baseline: 2), currentNeeded: 1,
        baselineNeeded: 5, currentValue: 180)
    ]
    let insight = DataGuidance.noDataInsight(for: request)
    #expect(
      insight.summary
        == "Not enough mindfulness data to compare yet. Mindful minutes: 180 min yesterday, but only 2 days with data in the 14 days before (5 needed to compare)."
    )
    #expect(insight.suggestions.isEmpty)

    var monthly = base.request(.activity, [], period: .monthly)
    monthly.shortfalls = [
      MetricShortfall(
        metric: "activity.steps", shortfall: .tooFewDays(current: 30, baseline: 12), currentNeeded: 15,
        baselineNeeded: 45, currentValue: 8_000)
    ]
    let activity = DataGuidance.noDataInsight(for: monthly)
    #expect(activity.summary.contains("8,000 steps on average over 30 days with data in the last 30 days"))
    #expect(activity.summary.contains("but only 12 days with data in the 3 months before (45 needed to compare)"))
    #expect(!activity.summary.contains("last 30 days ("))

    var weekly = base.request(.sleep, [], period: .weekly)
    weekly.shortfalls = [
      MetricShortfall(
        metric: "sleep.asleep", shortfall: .tooFewDays(current: 2, baseline: 20), currentNeeded: 4,
        baselineNeeded: 14, currentValue: 7)
    ]
    let sleep = DataGuidance.noDataInsight(for: weekly)
    #expect(sleep.summary.hasSuffix("Time asleep: 2 days with data in the last 7 days (4 needed to compare)."))
    #expect(sleep.suggestions.contains { $0.contains("Sleep Tracking") })

    var fresh = base.request(.activity, [], period: .monthly)
    fresh.shortfalls = [
      MetricShortfall(
        metric: "activity.steps", shortfall: .tooFewDays(current: 30, baseline: 0), currentNeeded: 15,
        baselineNeeded: 45, currentValue: 8_000)
    ]
    let new = DataGuidance.noDataInsight(for: fresh)
    #expect(new.summary.contains("but no days with data in the 3 months before (45 needed to compare)"))

    var partlyRecorded = base.request(.heart, [], period: .monthly)
    partlyRecorded.shortfalls = [
      MetricShortfall(
        metric: "heart.heartRate", shortfall: .tooFewDays(current: 30, baseline: 0, baselinePartial: 1),
        currentNeeded: 15, baselineNeeded: 45, currentValue: 70)
    ]
    let partly = DataGuidance.noDataInsight(for: partlyRecorded)
    #expect(partly.summary.contains("but 0 fully recorded days (1 partly recorded) in the 3 months before"))

    // Only a height in the last 30 days: there are body measurements, none that panda compares.
    var measured = base.request(.body, [], period: .monthly)
    measured.lastDataDay = measured.windows.current.upperBound
    measured.lastDataMetric = "body.height"
    let height = DataGuidance.noDataInsight(for: measured)
    #expect(
      height.summary
        == "No body measurements that panda compares in the last 30 days. The last body measurement (height) is from "
        + "\(measured.windows.current.upperBound.iso).")

    var weighed = base.request(.body, [], period: .monthly)
    weighed.shortfalls = [
      MetricShortfall(
        metric: "body.bodyMass", shortfall: .tooFewDays(current: 10, baseline: 3), currentNeeded: 2,
        baselineNeeded: 4, currentValue: 74.6)
    ]
    let weight = DataGuidance.noDataInsight(for: weighed)
    #expect(weight.summary.contains("Weight: the latest 74.6 kg, with 10 days with data in the last 30 days"))
    #expect(!weight.summary.contains("on average"))
    #expect(weight.summary.hasPrefix("Not enough body measurements to compare yet."))

    var drunk = base.request(.nutrition, [], period: .monthly)
    drunk.shortfalls = [
      MetricShortfall(
        metric: "nutrition.water", shortfall: .tooFewDays(current: 29, baseline: 3), currentNeeded: 2,
        baselineNeeded: 4, currentValue: 259)
    ]
    let water = DataGuidance.noDataInsight(for: drunk)
    #expect(
      water.summary.contains(
        "Water intake: 259 mL a day on average over 29 days in the last 30 days, a day without an entry counted as none"
      ))
  }
}

@Suite struct ShownDifferenceTests {
  let base = HeuristicProviderTests()

  @Test func theDifferenceIsThatOfTheFiguresShown() {
    let insight = HeuristicProvider().write(
      base.request(
        .mindfulness,
        [
          base.trend(
            "mindfulness.mindfulMinutes", current: 5.4, baseline: 8.6, direction: .down, assessment: .declining)
        ]))
    #expect(
      insight.metrics[0].message.contains("5 min a day this week on mindfulness, 4 min less than your usual 9 min"))
    let sleep = HeuristicProvider().write(
      base.request(
        .sleep,
        [base.trend("sleep.asleep", current: 6.155, baseline: 6.545, direction: .down, assessment: .declining)]))
    #expect(sleep.metrics[0].message.contains("6 h 9 min a night this week, 24 min less than your usual 6 h 33 min"))
  }

  @Test func figuresThatRoundAlikeBesideAChangeGetADecimal() {
    let insight = HeuristicProvider().write(
      base.request(
        .activity,
        [
          base.trend(
            "activity.flightsClimbed", current: 3.4, baseline: 2.6, direction: .up, assessment: .improving)
        ]))
    #expect(
      insight.metrics[0].message.contains("3.4 flights a day this week, 0.8 flights more than your usual 2.6 flights"))
  }
}

@Suite struct NoChangeTests {
  let base = HeuristicProviderTests()

  @Test func noneAgainstAUsualOfNoneIsInLineNotZeroFewer() {
    var trend = base.trend("activity.flightsClimbed", current: 0, baseline: 0, direction: .flat, assessment: .stable)
    trend.changePercent = nil
    trend.threshold = 0
    trend.size = .negligible
    let insight = HeuristicProvider().write(base.request(.activity, [trend]))
    #expect(!insight.metrics[0].message.contains("fewer"))
    #expect(!insight.metrics[0].message.contains("more"))
  }

  @Test func anAverageOfTheDayIsNotSaidADay() {
    let insight = HeuristicProvider().write(
      base.request(
        .mobility,
        [
          base.trend("mobility.walkingSpeed", current: 4.8, baseline: 4.8, direction: .flat, assessment: .stable)
        ]))
    #expect(insight.metrics[0].message.hasPrefix("Your walking speed averaged 4.8 km/h this week, "))
    let steps = HeuristicProvider().write(
      base.request(
        .activity,
        [base.trend("activity.steps", current: 8_000, baseline: 8_000, direction: .flat, assessment: .stable)]))
    #expect(steps.metrics[0].message.hasPrefix("You took 8,000 steps a day this week"))
  }

  @Test func aMinorImprovementIsNotAGoodWeekWhileStepsVaryMore() {
    let insight = HeuristicProvider().write(
      base.request(
        .activity,
        [
          base.trend(
            "activity.steps", current: 2_914, baseline: 1_862, direction: .up, assessment: .stable, size: .withinNoise,
            spread: 900),
          base.trend("activity.flightsClimbed", current: 5, baseline: 3, direction: .up, assessment: .improving),
        ]))
    // Steps this far under 6,000 a day lead the headline, before the claims.
    let lead = "At 2,914 steps a day, you walk far less than the 6,000 or more where walking's health gains build. "
    #expect(
      insight.summary
        == lead + "Flights climbed are improving this week; steps rose, but within your day-to-day ups and downs.")
    let slipped = HeuristicProvider().write(
      base.request(
        .activity,
        [
          base.trend(
            "activity.steps", current: 1_200, baseline: 1_862, direction: .down, assessment: .stable,
            size: .withinNoise,
            spread: 900),
          base.trend("activity.flightsClimbed", current: 1, baseline: 3, direction: .down, assessment: .declining),
        ]))
    #expect(
      slipped.summary
        == "At 1,200 steps a day, you walk far less than the 6,000 or more where walking's health gains build. "
        + "Flights climbed are going the wrong way this week; steps fell, but within your day-to-day ups and downs.")
  }
}
