import PandaAnalysis
import PandaCore
import PandaStore

extension ReportCommand {
  /// What `panda report` is asked for, read once from its arguments: the day resolved and the
  /// categories as their type, so that the run reads only this.
  struct Options {
    /// The zone and source priority days are counted with.
    var context: DailyContext
    /// Today in that zone.
    var today: CalendarDay
    /// The day reported from (`--as-of`, else the `as-of` setting, else today).
    var asOf: CalendarDay
    /// Only these categories; empty for all.
    var categories: [HealthCategory]
    /// The file the page is written to; `nil` for standard output.
    var output: String?
    /// Whether progress is left out.
    var quiet: Bool

    /// Reads `arguments`: an operand or a day that is none is a usage error.
    init(_ arguments: Arguments, console: Console) throws {
      if let extra = arguments.positionals.first { throw UsageError.unexpectedArgument(extra) }
      context = try DailyContextOptions.context(arguments, environment: console.environment)
      today = DailyContextOptions.today(in: context)
      asOf = try DailyContextOptions.day(arguments, .asOf, default: today, notAfter: today, console: console)
      categories = arguments.all(InsightsCommand.category).compactMap(HealthCategory.init(rawValue:))
      output = arguments.value(ReportCommand.output)
      quiet = arguments.has(.quiet)
    }
  }
}
