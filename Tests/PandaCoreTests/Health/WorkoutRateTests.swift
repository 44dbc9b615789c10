import Testing

@testable import PandaCore
@testable import PandaTestSupport

/// Workout counts per week, per day beside a day's count, and as a count of workouts done.
@Suite struct WorkoutRateTests {
  @Test func aDailyMeanIsSaidPerWeekOrPerDay() {
    #expect(WorkoutRate.weekly(0.5) == 3.5)
    #expect(WorkoutRate.perWeek(0.5) == "3.5")
    #expect(WorkoutRate.perWeekPhrase(5.0 / 7) == "5 a week")
    #expect(WorkoutRate.perDayPhrase(0.79) == "0.8 a day")
    #expect(WorkoutRate.count(1) == "1 workout")
    #expect(WorkoutRate.count(4) == "4 workouts")
  }
}
