import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

/// Workouts in words: counts per week, the activity types, and WHO's 150 minutes without counting
/// a workout twice.
@Suite struct WorkoutPhrasesTests {
  @Test func workoutAndExerciseMinutesAreCountedOnceAgainstTheWHOFigure() {
    // 25 min of workouts and 10 of exercise a day: at least 175 min a week, whatever the overlap.
    let enough = HeuristicProvider().write(
      TrendFixtures.request(
        .activity,
        [
          TrendFixtures.trend(
            "activity.exerciseMinutes", current: 10, baseline: 10, direction: .flat, assessment: .stable),
          TrendFixtures.trend(
            "activity.workoutMinutes", current: 25, baseline: 25, direction: .flat, assessment: .stable),
        ]))
    #expect(
      enough.encouragement.contains(
        "Your workouts and exercise minutes, counted once, came to at least 175 min this week: that meets the 150 minutes a week WHO recommends. Keep it up."
      ))
    // Exercise alone (70 min a week) is under 150, but that is not the whole story: no note on it.
    #expect(!enough.suggestions.contains { $0.contains("under the 150 minutes") })

    // 10 + 5 min a day: at most 105 min a week.
    let short = HeuristicProvider().write(
      TrendFixtures.request(
        .activity,
        [
          TrendFixtures.trend(
            "activity.exerciseMinutes", current: 5, baseline: 5, direction: .flat, assessment: .stable),
          TrendFixtures.trend(
            "activity.workoutMinutes", current: 10, baseline: 10, direction: .flat, assessment: .stable),
        ], period: .monthly))
    #expect(
      short.suggestions.contains {
        $0.hasPrefix(
          "Your workouts and exercise minutes, counted once, came to at most 105 min a week over the last 30 days, under the 150 minutes"
        )
      })
    #expect(short.suggestions.count == 1)
    #expect(!short.encouragement.contains { $0.hasPrefix("Steady is good") })

    // 15 + 10 min a day: between 105 and 175 min, so nothing is claimed either way.
    let open = HeuristicProvider().write(
      TrendFixtures.request(
        .activity,
        [
          TrendFixtures.trend(
            "activity.exerciseMinutes", current: 10, baseline: 10, direction: .flat, assessment: .stable),
          TrendFixtures.trend(
            "activity.workoutMinutes", current: 15, baseline: 15, direction: .flat, assessment: .stable),
        ]))
    #expect(!(open.encouragement + open.suggestions).contains { $0.contains("150 minutes") })
  }

  @Test func workoutsAreCountedPerWeekAndNamedByType() {
    var request = TrendFixtures.request(
      .activity,
      [
        TrendFixtures.trend(
          "activity.workouts", current: 4.0 / 7, baseline: 3.0 / 7, direction: .up, assessment: .improving)
      ])
    let day = CalendarDay(iso: "2025-06-30")!
    request.workouts = [
      WorkoutDayTotal(
        day: day, activityType: "HKWorkoutActivityTypeRunning", workouts: 3, minutes: 160, distance: 26.7, energy: 1_500
      ),
      WorkoutDayTotal(
        day: day, activityType: "HKWorkoutActivityTypeTraditionalStrengthTraining", workouts: 1, minutes: 40,
        distance: 0,
        energy: 200),
    ]
    let insight = HeuristicProvider().write(request)
    #expect(
      insight.metrics[0].message
        == "You did 4 workouts this week, 1 more than your usual 3 a week. This week: running, 3 workouts, 2 h 40 min, 26.7 km; traditional strength training, 1 workout, 40 min."
    )
    #expect(insight.encouragement.contains { $0.contains("More time in workouts this week") })

    var daily = TrendFixtures.request(
      .activity,
      [TrendFixtures.trend("activity.workouts", current: 0, baseline: 0.4, direction: .down, assessment: .stable)],
      period: .daily)
    daily.workouts = []
    #expect(HeuristicProvider().write(daily).metrics[0].message == "No workout yesterday; you usually do 2.8 a week.")
  }

  @Test func aWeekOfFewerThanSevenRecordedDaysSaysTheCount() {
    // 2 workouts in 4 recorded days: not "3.5 workouts a week", and no comparison with a week.
    let short = TrendFixtures.trend(
      "activity.workouts", current: 0.5, baseline: 0.5, direction: .flat, assessment: .stable, currentDays: 4)
    #expect(
      WorkoutPhrases.countSentence(short, period: .weekly)
        == "You did 2 workouts this week, in 4 recorded days; you usually do 3.5 a week.")
    #expect(
      WorkoutPhrases.countSentence(short, period: .monthly)
        == "You did 2 workouts over the last 30 days, in 4 recorded days; your average in the three months before is 3.5 a week."
    )
    let month = TrendFixtures.trend(
      "activity.workouts", current: 0.5, baseline: 0.5, direction: .flat, assessment: .stable, currentDays: 30)
    #expect(
      WorkoutPhrases.countSentence(month, period: .monthly)
        == "You averaged 3.5 workouts a week over the last 30 days, in line with your average of 3.5 a week in the three months before."
    )
  }

  @Test func aShortfallSaysWorkoutsPerWeekOrAsACount() {
    func sentence(current: Int, value: Double, period: InsightPeriod) -> String {
      DataGuidance.shortfallSentence(
        MetricShortfall(
          metric: "activity.workouts", shortfall: .tooFewDays(current: current, baseline: 2), currentNeeded: 4,
          baselineNeeded: 14, currentValue: value), period: period)
    }
    #expect(
      sentence(current: 30, value: 0.5, period: .monthly)
        == "Workouts: 3.5 workouts a week in the last 30 days, but only 2 days with data in the 3 months before (14 needed to compare)."
    )
    #expect(
      sentence(current: 7, value: 4.0 / 7, period: .weekly).hasPrefix("Workouts: 4 workouts in the last 7 days, but"))
  }

  @Test func oneDaysWorkoutsOfOneTypeAreSaidInOneLine() {
    let total = WorkoutDayTotal(
      day: CalendarDay(iso: "2025-06-30")!, activityType: "HKWorkoutActivityTypeWalking", workouts: 1, minutes: 52,
      distance: 5.2, energy: 240)
    #expect(WorkoutPhrases.summary(total) == "walking, 1 workout, 52 min, 5.2 km")
    #expect(WorkoutPhrases.summary(total, withEnergy: true) == "walking, 1 workout, 52 min, 5.2 km, 240 kcal")
  }

  @Test func weeksAreSaidToVaryALotOnlyWhenTheirSpreadIsLargeNextToTheDifference() {
    // 0.3 workouts a day more than the usual 0.4: 2.1 a week more. Days spread by 0.49 (workout
    // or none) give weeks spread by about 1.3, more than half the difference; days spread by 0.2
    // give weeks spread by about 0.5, much less.
    let varied = TrendFixtures.trend(
      "activity.workouts", current: 0.7, baseline: 0.4, direction: .up, assessment: .stable, size: .withinNoise,
      spread: 0.49)
    let steady = TrendFixtures.trend(
      "activity.workouts", current: 0.7, baseline: 0.4, direction: .up, assessment: .stable, size: .withinNoise,
      spread: 0.2)
    #expect(
      WorkoutPhrases.countSentence(varied, period: .weekly)
        == "You did 5 workouts this week, 2.2 more than your usual 2.8 a week, but your weeks vary a lot, so this is not a clear change yet."
    )
    #expect(
      WorkoutPhrases.countSentence(steady, period: .weekly)
        == "You did 5 workouts this week, 2.2 more than your usual 2.8 a week, not a clear change yet.")
  }
}
