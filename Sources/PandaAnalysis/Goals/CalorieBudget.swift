import PandaCore

/// The calorie budget: what is left of a day's food energy budget after what was eaten.
///
/// `remaining = budget − eaten`, or with `budget.exercise = add`, `remaining = budget − eaten +
/// active energy`, as MyFitnessPal ("Goal − Food + Exercise") and Lose It (a tracker's burn
/// added as a bonus) count it. Adding active energy back is right only for a budget set for a
/// sedentary day; a budget that already assumes an active life would count the activity twice.
package enum CalorieBudget {
  /// How active energy counts toward the budget.
  package enum ExerciseMode: String, Sendable, Codable {
    /// Not at all: the budget already allows for activity.
    case none
    /// Added back to the budget.
    case add
  }

  /// One day's budget.
  package struct Day: Sendable, Equatable, Encodable {
    /// The day.
    package var date: CalendarDay
    /// The budget in kcal.
    package var budget: Double
    /// Food energy eaten (imported and logged), kcal; 0 when nothing was recorded.
    package var eaten: Double
    /// Whether any food was recorded that day.
    package var hasFood: Bool
    /// Active energy burned, kcal, when recorded.
    var active: Double?
    /// The active energy added back to the budget (0 unless `budget.exercise` is `add`).
    package var activeAdded: Double
    /// `budget − eaten + activeAdded`.
    package var remaining: Double

    /// Creates a value from its stored properties.
    init(
      date: CalendarDay, budget: Double, eaten: Double, hasFood: Bool, active: Double? = nil, activeAdded: Double,
      remaining: Double
    ) {
      self.date = date
      self.budget = budget
      self.eaten = eaten
      self.hasFood = hasFood
      self.active = active
      self.activeAdded = activeAdded
      self.remaining = remaining
    }
  }

  /// Several days' budgets and their totals.
  package struct Period: Sendable, Equatable, Encodable {
    /// The first and last day.
    package var from: CalendarDay
    package var to: CalendarDay
    /// Each day, in order.
    package var days: [Day]
    /// Totals over the days with food recorded, kcal: a day without any would count its whole
    /// budget as unspent.
    package var budget: Double
    package var eaten: Double
    package var activeAdded: Double
    package var remaining: Double
    /// Days with food recorded that ended over the budget.
    package var daysOver: Int
    /// Days with food recorded that stayed within it.
    package var daysUnder: Int
    /// Days with food recorded: the days the totals cover.
    package var daysWithFood: Int
    /// Days without any food recorded.
    package var daysWithoutFood: Int

    /// Creates a value from its stored properties.
    init(
      from: CalendarDay, to: CalendarDay, days: [Day], budget: Double, eaten: Double, activeAdded: Double,
      remaining: Double, daysOver: Int, daysUnder: Int, daysWithFood: Int, daysWithoutFood: Int
    ) {
      self.from = from
      self.to = to
      self.days = days
      self.budget = budget
      self.eaten = eaten
      self.activeAdded = activeAdded
      self.remaining = remaining
      self.daysOver = daysOver
      self.daysUnder = daysUnder
      self.daysWithFood = daysWithFood
      self.daysWithoutFood = daysWithoutFood
    }
  }

  /// The budget of one day.
  package static func day(
    _ date: CalendarDay, budget: Double, exercise: ExerciseMode, eaten: Double?, active: Double?
  ) -> Day {
    let added = exercise == .add ? max(0, active ?? 0) : 0
    let food = eaten ?? 0
    return Day(
      date: date, budget: budget, eaten: food, hasFood: eaten != nil, active: active, activeAdded: added,
      remaining: budget - food + added)
  }

  /// The budgets of `days`, with totals over the days with food recorded.
  package static func period(_ days: [Day]) -> Period? {
    guard let first = days.first, let last = days.last else { return nil }
    let recorded = days.filter(\.hasFood)
    return Period(
      from: first.date, to: last.date, days: days, budget: recorded.map(\.budget).reduce(0, +),
      eaten: recorded.map(\.eaten).reduce(0, +), activeAdded: recorded.map(\.activeAdded).reduce(0, +),
      remaining: recorded.map(\.remaining).reduce(0, +), daysOver: recorded.filter { $0.remaining < 0 }.count,
      daysUnder: recorded.filter { $0.remaining >= 0 }.count, daysWithFood: recorded.count,
      daysWithoutFood: days.count - recorded.count)
  }
}
