import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

@Suite struct GoalProgressTests {
  let last = CalendarDay(iso: "2025-06-07")!
  var first: CalendarDay { last.adding(days: -6) }

  var steps: [DailyPoint] {
    [6_000, 9_000, 8_000, 12_000, 3_000, 8_500, 7_000].enumerated().map {
      DailyPoint(day: first.adding(days: $0.offset), value: $0.element)
    }
  }

  @Test func theGoalsSetAreReadFromTheSettings() {
    let settings = Settings(values: ["goal.steps": "8000", "goal.sleep": "8", "goal.weight": "70", "units": "metric"])
    #expect(
      GoalTarget.all(in: settings) == [
        GoalTarget(goal: "goal.steps", metric: "activity.steps", target: 8_000),
        GoalTarget(goal: "goal.sleep", metric: "sleep.asleep", target: 8),
      ])
    #expect(GoalTarget.all(in: Settings(values: [:])).isEmpty)
    #expect(GoalTarget.fingerprint(GoalTarget.all(in: settings)) == "goal.steps=8000,goal.sleep=8")
  }

  @Test func countsTheDaysAGoalWasReached() throws {
    let goal = GoalTarget(goal: "goal.steps", metric: "activity.steps", target: 8_000)
    let progress = GoalProgress.progress(toward: goal, points: steps, from: first, to: last)
    #expect(progress.met == 4)
    #expect(progress.days == 7)
    #expect(progress.mean == 7_642.857142857143)
    #expect(progress.sentence() == "Steps: goal 8,000 steps a day, reached on 4 of the last 7 days (mean 7,643 steps).")
    let water = GoalProgress.progress(
      toward: GoalTarget(goal: "goal.water", metric: "nutrition.water", target: 2_000),
      points: [DailyPoint(day: last, value: 2_500), DailyPoint(day: last.adding(days: -1), value: 1_000)],
      from: first, to: last)
    #expect(
      water.sentence()
        == "Water intake: goal 2,000 mL a day, reached on 1 of the 2 days with data in the last 7 (mean 1,750 mL).")
    let sleep = GoalProgress.progress(
      toward: GoalTarget(goal: "goal.sleep", metric: "sleep.asleep", target: 8), points: [], from: first, to: last)
    #expect(sleep.sentence() == "Time asleep: goal 8 h a night, nothing recorded in the last 7 nights.")
  }

  @Test func oneDaySaysWhetherItWasReachedAndByHowMuch() {
    let goal = GoalTarget(goal: "goal.steps", metric: "activity.steps", target: 8_000)
    #expect(
      GoalProgress.progress(toward: goal, points: steps, from: last, to: last).phrase()
        == "goal 8,000 steps a day, not reached (7,000 steps, 1,000 steps short).")
    #expect(
      GoalProgress.progress(toward: goal, points: steps, from: first.adding(days: 1), to: first.adding(days: 1))
        .phrase()
        == "goal 8,000 steps a day, reached (9,000 steps).")
  }
}
