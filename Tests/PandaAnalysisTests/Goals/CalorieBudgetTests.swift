import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaTestSupport

@Suite struct CalorieBudgetTests {
  let day = CalendarDay(iso: "2025-06-01")!

  @Test func remainingIsBudgetMinusEaten() {
    let result = CalorieBudget.day(day, budget: 2_000, exercise: .none, eaten: 1_450, active: 600)
    #expect(result.remaining == 550)
    #expect(result.activeAdded == 0)
  }

  @Test func addingExerciseBackCountsActiveEnergy() {
    let result = CalorieBudget.day(day, budget: 2_000, exercise: .add, eaten: 2_300, active: 600)
    #expect(result.activeAdded == 600)
    #expect(result.remaining == 300)
  }

  @Test func aWeekCountsDaysOverAndUnder() throws {
    let days = [
      CalorieBudget.day(day, budget: 2_000, exercise: .none, eaten: 2_500, active: nil),
      CalorieBudget.day(day.adding(days: 1), budget: 2_000, exercise: .none, eaten: 1_800, active: nil),
      CalorieBudget.day(day.adding(days: 2), budget: 2_000, exercise: .none, eaten: nil, active: nil),
    ]
    let week = try #require(CalorieBudget.period(days))
    // The day without food is left out of the totals, not counted as 2,000 kcal unspent.
    #expect(week.budget == 4_000)
    #expect(week.eaten == 4_300)
    #expect(week.remaining == -300)
    #expect(week.daysWithFood == 2)
    #expect(week.daysOver == 1)
    #expect(week.daysUnder == 1)
    #expect(week.daysWithoutFood == 1)
  }
}
