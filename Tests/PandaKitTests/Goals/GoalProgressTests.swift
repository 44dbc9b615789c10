import Testing

@testable import PandaKit

@Suite struct GoalProgressTests {
  let last = CalendarDay(iso: "2025-06-07")!

  func points(_ metric: Metric, _ first: CalendarDay, _ last: CalendarDay) -> [DailyPoint] {
    switch metric.id {
    case "activity.steps":
      [6_000, 9_000, 8_000, 12_000, 3_000, 8_500, 7_000].enumerated().map {
        DailyPoint(day: first.adding(days: $0.offset), value: $0.element)
      }
    case "nutrition.water":
      [DailyPoint(day: last, value: 2_500), DailyPoint(day: last.adding(days: -1), value: 1_000)]
    default: []
    }
  }

  @Test func countsTheDaysAGoalWasReached() throws {
    let settings = Settings(values: ["goal.steps": "8000", "goal.water": "2000", "goal.sleep": "8"])
    let progress = GoalProgress.compute(settings: settings, through: last, points: points)
    #expect(progress.map(\.goal) == ["goal.steps", "goal.water", "goal.sleep"])
    let steps = try #require(progress.first)
    #expect(steps.met == 4)
    #expect(steps.days == 7)
    #expect(steps.mean == 7_642.857142857143)
    #expect(steps.sentence == "Steps: goal 8,000 steps a day, reached on 4 of the last 7 days (mean 7,643 steps).")
    #expect(
      progress[1].sentence
        == "Water intake: goal 2,000 mL a day, reached on 1 of the 2 days with data in the last 7 (mean 1,750 mL).")
    #expect(progress[2].sentence == "Time asleep: goal 8 h a day, nothing recorded in the last 7 days.")
  }

  @Test func goalsNotSetAreLeftOut() {
    #expect(GoalProgress.compute(settings: Settings(values: [:]), through: last, points: points).isEmpty)
  }
}
