import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaReport
@testable import PandaStore
@testable import PandaTestSupport

/// A card's headline and its metric sentences come from the same verdict, so they never
/// disagree: every combination of assessment, size, evidence and direction.
@Suite struct CardAgreementTests {
  static let metrics = ["body.bodyMass", "activity.steps", "sleep.asleep", "heart.restingHeartRate"]

  func trend(
    _ id: String, up: Bool, assessment: Assessment, size: ChangeSize?, evidence: TrendEvidence
  ) -> MetricTrend {
    let metric = MetricCatalogue.metric(id)!
    let baseline: Double =
      switch id {
      case "body.bodyMass": 80
      case "activity.steps": 8_000
      case "sleep.asleep": 7
      default: 60
      }
    let threshold = metric.meaningfulChange.threshold(baseline: baseline)
    let factor: Double =
      switch size {
      case .negligible: 0.3
      case .withinNoise, .clear, nil: 2
      }
    let change = (up ? 1 : -1) * threshold * factor
    return MetricTrend(
      metric: id, unit: metric.unit, current: baseline + change, baseline: baseline, change: change,
      changePercent: change / baseline * 100, slopePerDay: nil,
      direction: size == .negligible ? .flat : (up ? .up : .down), assessment: assessment, currentDays: 7,
      baselineDays: 28, recent: [], evidence: evidence, size: size, threshold: threshold)
  }

  func request(_ category: HealthCategory, _ trends: [MetricTrend]) -> InsightRequest {
    var request = InsightRequest.request(
      from: HealthSnapshot(
        asOf: CalendarDay(ordinal: 20_000),
        window: DayRange(CalendarDay(ordinal: 19_600)...CalendarDay(ordinal: 20_000)),
        series: []),
      category: category, period: .monthly)
    request.trends = trends
    return request
  }

  @Test(arguments: metrics)
  func theHeadlineSaysWhatTheMetricSentenceSays(_ id: String) {
    let assessments: [Assessment] = [.improving, .declining, .stable]
    let sizes: [ChangeSize?] = [.negligible, .withinNoise, .clear, nil]
    let evidences: [TrendEvidence] = [.enough, .fewReadings, .partialDay]
    for assessment in assessments {
      for size in sizes {
        for evidence in evidences {
          for up in [true, false] {
            let metric = MetricCatalogue.metric(id)!
            let insight = HeuristicProvider().write(
              request(metric.category, [trend(id, up: up, assessment: assessment, size: size, evidence: evidence)]))
            let headline = insight.summary
            let sentence = insight.metrics[0].message
            let label = "\(assessment) \(String(describing: size)) \(evidence) up: \(up)\n\(headline)\n\(sentence)"
            let compares = !sentence.contains("partly recorded") && !sentence.contains("Too few")
            let noisy = sentence.contains("not a clear change yet")
            let same = ["in line with", "close to", "much like", "the same"].contains { sentence.contains($0) }
            let differs = compares && !noisy && !same
            // A claim or a named difference in the headline only where the sentence gives one.
            if headline.contains("improving") || headline.contains("going the wrong way")
              || headline.contains("than your usual")
            {
              #expect(differs, "\(label)")
            }
            // "Small" or "steady" only where the sentence finds no difference worth mentioning.
            if headline.contains("are small") || headline.contains("held steady") {
              #expect(compares && !noisy, "\(label)")
              #expect(size != .clear, "\(label)")
            }
            if headline.contains("held steady") { #expect(same, "\(label)") }
            if headline.contains("day-to-day ups and downs") { #expect(noisy, "\(label)") }
            // A sentence with a clear difference is never passed over as no change.
            if differs && size == .clear {
              #expect(!headline.contains("No clear change") && !headline.contains("held steady"), "\(label)")
            }
            // Encouragement and suggestions only beside a difference the sentence states.
            if !insight.encouragement.isEmpty && !insight.encouragement.allSatisfy({ $0.hasPrefix("Steady is good") }) {
              #expect(differs || !compares || same, "\(label)")
            }
          }
        }
      }
    }
  }

  @Test func aClearWeightLossIsNotCalledSmallNorStable() throws {
    let weight = trend("body.bodyMass", up: false, assessment: .stable, size: .clear, evidence: .enough)
    let insight = HeuristicProvider().write(request(.body, [weight]))
    #expect(!insight.summary.contains("small"), "\(insight.summary)")
    #expect(!insight.summary.contains("No improving or declining trend"), "\(insight.summary)")
    #expect(insight.summary == "In your body measurements this month, weight is clearly lower than your usual.")
    #expect(insight.metrics[0].message.contains("lower than your average"), "\(insight.metrics[0].message)")
    // The card's word beside the figures is the direction of the change, not "stable".
    #expect(insight.metrics[0].chip == "lower")
    let steady = trend("body.bodyMass", up: false, assessment: .stable, size: .negligible, evidence: .enough)
    #expect(MetricAssessment(trend: steady, message: "").chip == "stable")
    var report = InsightsReport(
      asOf: CalendarDay(ordinal: 20_000), provider: "heuristic",
      outcomes: [
        InsightOutcome(
          job: InsightJob(category: .body, period: .monthly), insight: insight, source: .fresh, generatedAt: 0,
          generatedDay: CalendarDay(ordinal: 20_000))
      ])
    report.isAsOfToday = false
    let card = report.text(colour: false)
    let line = try #require(card.split(separator: "\n").first { $0.contains("Weight") && $0.contains(" vs ") })
    #expect(line.hasSuffix("lower"), "\(line)")
    // The report's visible mark says the same word as the text, not only its aria-label.
    let page = HTMLReport(
      asOf: report.asOf, provider: "heuristic", outcomes: report.outcomes,
      snapshot: HealthSnapshot(asOf: report.asOf, window: DayRange(last: report.asOf, count: 90), series: []),
      recency: DataRecency(lastDay: nil, byCategory: [:]), units: .metric
    ).html()
    #expect(page.contains("aria-label=\"lower\">↓ lower</span> <strong>Weight</strong>"), "\(page)")
  }

  func sentence(_ trend: MetricTrend, period: InsightPeriod = .weekly) -> String {
    HeuristicPhrases.sentence(trend, metric: trend.catalogueMetric!, period: period)
  }

  func simple(_ id: String, current: Double, baseline: Double, size: ChangeSize = .negligible) -> MetricTrend {
    let metric = MetricCatalogue.metric(id)!
    return MetricTrend(
      metric: id, unit: metric.unit, current: current, baseline: baseline, change: current - baseline,
      changePercent: (current - baseline) / baseline * 100, slopePerDay: nil, direction: .flat, assessment: .stable,
      currentDays: 7, baselineDays: 28, recent: [], evidence: .enough, size: size,
      threshold: metric.meaningfulChange.threshold(baseline: baseline))
  }

  @Test func aDayTotalsReadingsAreDays() {
    var energy = simple("nutrition.dietaryEnergy", current: 2_100, baseline: 2_300)
    energy.evidence = .fewReadings
    energy.currentDays = 1
    let text = sentence(energy, period: .daily)
    #expect(!text.contains("reading"), "\(text)")
    #expect(text.hasSuffix("Too few days with data to call a trend."), "\(text)")
  }

  @Test func aFifthLessIsNotMuchLikeTheUsual() {
    var deep = simple("sleep.deep", current: 0.96, baseline: 1.2)
    deep.threshold = 0.5
    let text = sentence(deep)
    #expect(!["much like", "in line with", "close to"].contains { text.contains($0) }, "\(text)")
    #expect(text.contains("less than your usual 1 h 12 min"), "\(text)")
  }

  @Test func sevenHoursShownIsNotLessThanSeven() {
    #expect(
      HeuristicPhrases.levelNote(metric: MetricCatalogue.metric("sleep.asleep")!, value: 6.998, period: .weekly) == nil)
    #expect(
      HeuristicPhrases.levelNote(metric: MetricCatalogue.metric("sleep.asleep")!, value: 6.9, period: .weekly) != nil)
  }

  @Test func equalWholeHoursAreTheSame() {
    let stand = simple("activity.standHours", current: 12, baseline: 12)
    let text = sentence(stand, period: .daily)
    #expect(text == "You stood during 12 hours yesterday, the same as your usual 12 hours.", "\(text)")
    #expect(MetricFormatter.precision(12.03, unit: "hours") == "to the nearest tenth of an hour")
  }

  @Test func steadinessIsNotSaidOfNumbersOfACategory() {
    let steady = simple("body.bmi", current: 22, baseline: 22)
    let insight = HeuristicProvider().write(request(.body, [steady]))
    #expect(insight.encouragement.allSatisfy { !$0.contains("numbers") }, "\(insight.encouragement)")
  }

  @Test func exerciseMetInAWeekIsNotStillBuildingTowardIt() {
    var exercise = simple("activity.exerciseMinutes", current: 53.4, baseline: 30, size: .clear)
    exercise.assessment = .improving
    exercise.direction = .up
    let workouts = simple("activity.workoutMinutes", current: 40, baseline: 40)
    let insight = HeuristicProvider().write(request(.activity, [exercise, workouts]))
    let words = (insight.encouragement + insight.suggestions).joined(separator: " ")
    #expect(words.contains("meets the 150 minutes a week"), "\(words)")
    #expect(!words.contains("building toward"), "\(words)")
  }

  @Test func aChangeOfDecibelsHasNoPercent() {
    var audio = simple("hearing.headphoneAudio", current: 72, baseline: 68, size: .clear)
    audio.direction = .up
    let change = MetricFigures.figures(MetricAssessment(trend: audio, message: ""), period: .weekly, units: .metric)
      .change
    #expect(change == "+4 dB", "\(change)")
  }

  @Test func aMetricMeasuredNowAndThenSaysTheReadingsATrendNeeds() {
    let shortfall = MetricShortfall(
      metric: "heart.vo2Max", shortfall: .tooFewDays(current: 1, baseline: 0), currentNeeded: 1, baselineNeeded: 1,
      currentValue: 41)
    let text = DataGuidance.shortfallSentence(shortfall, period: .weekly)
    #expect(text.contains("(1 needed to compare, 3 to call a trend)"), "\(text)")
    #expect(!text.contains("(1 needed to compare)"), "\(text)")
  }
}

/// A difference is said in figures that add up: two figures that read alike are never set
/// against each other as more or fewer.
@Suite struct FiguresThatAddUpTests {
  func trend(_ id: String, current: Double, baseline: Double, size: ChangeSize = .clear) -> MetricTrend {
    let metric = MetricCatalogue.metric(id)!
    return MetricTrend(
      metric: id, unit: metric.unit, current: current, baseline: baseline, change: current - baseline,
      changePercent: (current - baseline) / baseline * 100, slopePerDay: nil,
      direction: current > baseline ? .up : .down,
      assessment: current > baseline ? .improving : .declining, currentDays: 7, baselineDays: 28, recent: [],
      evidence: .enough, size: size, threshold: metric.meaningfulChange.threshold(baseline: baseline))
  }

  /// The figures of "N flights": the numbers before each "flight".
  func flights(_ text: String) -> [Double] {
    let words = text.split(separator: " ").map(String.init)
    return words.indices.dropFirst().filter { words[$0].hasPrefix("flight") }.compactMap {
      Double(words[$0 - 1].replacingOccurrences(of: ",", with: ""))
    }
  }

  @Test func aCountsDifferenceIsTheDifferenceOfItsFigures() {
    for current in stride(from: 7.5, through: 16.0, by: 0.37) {
      for period in [InsightPeriod.weekly, .monthly] {
        let text = HeuristicPhrases.sentence(
          trend("activity.flightsClimbed", current: current, baseline: 8.07),
          metric: MetricCatalogue.metric(
            "activity.flightsClimbed")!, period: period)
        let figures = flights(text)
        guard text.contains(" more than ") || text.contains(" fewer than ") else { continue }
        #expect(figures.count == 3, "\(text)")
        guard figures.count == 3 else { continue }
        #expect(figures[0] != figures[2], "\(text)")
        #expect(abs(abs(figures[0] - figures[2]) - figures[1]) < 1e-9, "\(text)")
      }
    }
  }

  @Test func theTablesChangeIsTheDifferenceOfItsFigures() {
    for current in stride(from: 7.5, through: 16.0, by: 0.37) {
      let assessment = MetricAssessment(
        trend: trend("activity.flightsClimbed", current: current, baseline: 8.07), message: "")
      let (now, usual, change) = MetricFigures.figures(assessment, period: .weekly, units: .metric)
      let figures = [now, usual, change].map {
        flights(($0 + " flights").replacingOccurrences(of: "−", with: "-")).first
      }
      guard let shown = figures[0], let was = figures[1], let difference = figures[2] else { continue }
      #expect(abs(abs(shown - was) - abs(difference)) < 1e-9, "\(now) | \(usual) | \(change)")
    }
  }

  @Test func aHabitsSessionsAndDaysAreToldApart() {
    var flights = trend("activity.flightsClimbed", current: 9.4, baseline: 8.6)
    flights.habit = HabitChange(
      basis: .sessions, currentDaysWithAny: 20, currentDays: 30, baselineDaysWithAny: 59, baselineDays: 90,
      currentSession: 9.4, baselineSession: 8.6)
    let metric = MetricCatalogue.metric("activity.flightsClimbed")!
    let sessions = HeuristicPhrases.sentence(flights, metric: metric, period: .monthly)
    #expect(sessions.contains("averaged 9.4 flights over the last 30 days, more than the 8.6 flights"), "\(sessions)")
    #expect(sessions.contains("9.4 flights a day against 8.6 flights"), "\(sessions)")
    flights.habit?.basis = .frequency
    let often = HeuristicPhrases.sentence(flights, metric: metric, period: .monthly)
    // 59 of 90 days is 19.7 in 30: not "about 20", the 20 of now.
    #expect(often.hasPrefix("Flights climbed on 20 of the last 30 days, more often than about 19.7 in 30"), "\(often)")
    // 499 of 750 days is 19.96 in 30: one place would round it back to "20".
    flights.habit?.baselineDaysWithAny = 499
    flights.habit?.baselineDays = 750
    let close = HeuristicPhrases.sentence(flights, metric: metric, period: .monthly)
    #expect(close.contains("more often than about 19.96 in 30"), "\(close)")
  }

  @Test func workoutsMoreThanTheUsualAddUpAsShown() {
    var week = trend("activity.workouts", current: 6.0 / 7, baseline: 5.75 / 7)
    week.threshold = 0.01
    let text = WorkoutPhrases.countSentence(week, period: .weekly)
    #expect(text == "You did 6 workouts this week, 0.2 more than your usual 5.8 a week.", "\(text)")
    var alike = trend("activity.workouts", current: 6.0 / 7, baseline: 5.97 / 7)
    alike.threshold = 0.001
    let same = WorkoutPhrases.countSentence(alike, period: .weekly)
    #expect(!same.contains("0 more"), "\(same)")
  }
}
