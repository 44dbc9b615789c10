import Testing

@testable import PandaAnalysis
@testable import PandaTestSupport

/// "Put two or three workouts in your calendar" only where there are fewer workouts than usual.
@Suite struct HeuristicProviderWorkoutSuggestionTests {
  let calendar = "Put two or three workouts in your calendar"

  func suggestions(workouts: Assessment?, minutesPerDay: Double) -> [String] {
    let count = workouts.map {
      TrendFixtures.trend(
        "activity.workouts", current: $0 == .declining ? 0.2 : 6.0 / 7, baseline: 0.6,
        direction: $0 == .declining ? .down : .up, assessment: $0)
    }
    return HeuristicProvider().write(
      TrendFixtures.request(
        .activity,
        [
          TrendFixtures.trend(
            "activity.workoutMinutes", current: minutesPerDay, baseline: minutesPerDay, direction: .flat,
            assessment: .stable),
          TrendFixtures.trend(
            "activity.workoutDistance", current: 2, baseline: 4, direction: .down, assessment: .declining),
          TrendFixtures.trend(
            "activity.workoutEnergy", current: 150, baseline: 300, direction: .down, assessment: .declining),
        ] + (count.map { [$0] } ?? []))
    ).suggestions
  }

  @Test func shorterWorkoutsInAWeekOfMoreWorkoutsGetNoCalendarStep() {
    #expect(!suggestions(workouts: .improving, minutesPerDay: 10).contains { $0.hasPrefix(calendar) })
  }

  @Test func lighterWorkoutsWithTheWHOMinutesMetGetNoCalendarStep() {
    #expect(!suggestions(workouts: nil, minutesPerDay: 40).contains { $0.hasPrefix(calendar) })
  }

  @Test func fewerAndShorterWorkoutsUnderTheWHOMinutesGetTheCalendarStep() {
    #expect(suggestions(workouts: .declining, minutesPerDay: 10).contains { $0.hasPrefix(calendar) })
  }
}
