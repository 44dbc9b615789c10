import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// `panda budget`: the day's (or week's) calorie budget, eaten and remaining.
enum BudgetCommand: PandaCommand {
  static let spec = CommandSpec(
    "budget", summary: "the calorie budget: eaten and remaining, for a day or a week",
    forms: [
      .init(
        options: [
          .date, week, .format([.text, .json]), .database, .timeZone, .sourcePriority,
        ])
    ],
    details: """
      The food energy budget (budget.calories), what was eaten (imported and logged food energy) and
      what remains: remaining = budget − eaten, or with budget.exercise = add, budget − eaten + active
      energy (as MyFitnessPal and Lose It count it; right only for a budget set for a sedentary day).
      Set the budget first: panda config set budget.calories 2000
      """)

  /// `--week`: the 7 days ending on the date.
  static let week = OptionSpec(
    "week", kind: .flag, help: "the 7 days ending on the date, totals over the days with food, days over and under")

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let format = arguments.format
    if let extra = arguments.positionals.first { throw UsageError.unexpectedArgument(extra) }
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let today = DailyContextOptions.today(in: context)
    let date = try DailyContextOptions.day(arguments, .date, default: today, notAfter: today, console: console)
    let settings = Settings.load(environment: console.environment)
    guard let budget = settings.number("budget.calories") else {
      console.error("panda: no calorie budget is set: panda config set budget.calories 2000\n")
      return .configuration
    }
    let exercise = CalorieBudget.ExerciseMode(rawValue: settings.value("budget.exercise") ?? "none") ?? .none
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    let database = try DatabaseLocation.openForReading(path, context: context)
    let reader = DailyValueReader(database: database)
    let first = arguments.has(week) ? date.adding(days: -6) : date
    let eaten = try values(reader, "nutrition.dietaryEnergy", first, date)
    let active = try values(reader, "activity.activeEnergy", first, date)
    let days = (0...first.days(to: date)).map { offset in
      let day = first.adding(days: offset)
      return CalorieBudget.day(day, budget: budget, exercise: exercise, eaten: eaten[day], active: active[day])
    }
    if arguments.has(week) {
      guard let period = CalorieBudget.period(days) else { return .success }
      console.output(format == .json ? try JSONOutput.string(period) + "\n" : text(period, exercise: exercise))
    } else if let day = days.first {
      console.output(format == .json ? try JSONOutput.string(day) + "\n" : text(day, exercise: exercise))
    }
    return .success
  }

  private static func values(_ reader: DailyValueReader, _ metric: String, _ from: CalendarDay, _ to: CalendarDay)
    throws -> [CalendarDay: Double]
  {
    Dictionary(try reader.points(metric: metric, from: from, through: to).map { ($0.day, $0.value) }) { $1 }
  }

  private static func kcal(_ value: Double) -> String { MetricFormatter.string(value, unit: "kcal") }

  private static func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// A day's budget as text.
  package static func text(_ day: CalorieBudget.Day, exercise: CalorieBudget.ExerciseMode) -> String {
    var text = "Calorie budget for \(day.date.iso)\n"
    text += "  Budget     \(pad(kcal(day.budget), 12))\n"
    text += "  Eaten      \(pad(kcal(day.eaten), 12))\(day.hasFood ? "" : "  (no food recorded)")\n"
    if exercise == .add {
      text += "  Active     \(pad("+" + kcal(day.activeAdded), 12))  (added back: budget.exercise = add)\n"
    }
    let remaining = day.remaining >= 0 ? kcal(day.remaining) : kcal(-day.remaining) + " over"
    text += "  Remaining  \(pad(remaining, 12))\n"
    return text
  }

  /// A week's budget as a table with totals over the days with food recorded.
  package static func text(_ period: CalorieBudget.Period, exercise: CalorieBudget.ExerciseMode) -> String {
    let total = "total (days with food)"
    func first(_ text: String) -> String { "  " + text.padding(toLength: total.count, withPad: " ", startingAt: 0) }
    var text = "Calorie budget, \(period.from.iso) to \(period.to.iso)\n"
    text += first("day") + pad("budget", 12) + pad("eaten", 12) + (exercise == .add ? pad("active", 12) : "")
    text += pad("remaining", 12) + "\n"
    for day in period.days {
      text += first(day.date.iso) + pad(kcal(day.budget), 12) + pad(day.hasFood ? kcal(day.eaten) : "—", 12)
      if exercise == .add { text += pad("+" + kcal(day.activeAdded), 12) }
      text += pad(day.hasFood ? kcal(day.remaining) : "—", 12) + "\n"
    }
    if period.daysWithFood > 0 {
      text += first(total) + pad(kcal(period.budget), 12) + pad(kcal(period.eaten), 12)
      if exercise == .add { text += pad("+" + kcal(period.activeAdded), 12) }
      text += pad(kcal(period.remaining), 12) + "\n"
    }
    text += "  \(period.daysOver) day\(period.daysOver == 1 ? "" : "s") over the budget, \(period.daysUnder) within it"
    text += period.daysWithoutFood > 0 ? ", \(period.daysWithoutFood) without food recorded.\n" : ".\n"
    return text
  }
}
