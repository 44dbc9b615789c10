import PandaAnalysis
import PandaCore
import PandaStore

extension InsightsCommand {
  /// What `panda insights` is asked for, read once from its arguments: the days resolved, the
  /// categories and periods as their types, `--jobs` checked, so that the run reads only this.
  struct Options {
    /// How the report is written.
    var format: OutputFormat
    /// The zone and source priority days are counted with.
    var context: DailyContext
    /// Today in that zone.
    var today: CalendarDay
    /// The day analysed from (`--as-of`, else the `as-of` setting, else today).
    var asOf: CalendarDay
    /// Only these categories; empty for all.
    var categories: [HealthCategory]
    /// Only these periods; empty for all three.
    var periods: [InsightPeriod]
    /// Whether the text prints every card (`--detail`, or a `--category` given).
    var detail: Bool
    /// Whether cached insights are computed afresh.
    var refresh: Bool
    /// How many insights are asked for at once, when `--jobs` says (1 to 64); `nil` leaves it to
    /// the provider.
    var jobs: Int?
    /// Whether the run is on built-in synthetic data.
    var demo: Bool
    /// Whether the insights are also delivered.
    var notify: Bool
    /// Whether progress is left out.
    var quiet: Bool

    /// Reads `arguments`: an operand, a day that is none or a `--jobs` outside 1 to 64 is a usage
    /// error. `latest` is looked up in the database, as `DailyContextOptions` reads it.
    init(_ arguments: Arguments, console: Console) throws {
      if let extra = arguments.positionals.first { throw UsageError.unexpectedArgument(extra) }
      format = arguments.format
      context = try DailyContextOptions.context(arguments, environment: console.environment)
      today = DailyContextOptions.today(in: context)
      asOf = try DailyContextOptions.day(arguments, .asOf, default: today, notAfter: today, console: console)
      categories = arguments.all(InsightsCommand.category).compactMap(HealthCategory.init(rawValue:))
      periods = arguments.all(InsightsCommand.period).compactMap(InsightPeriod.init(rawValue:))
      detail = arguments.has(InsightsCommand.detail) || !categories.isEmpty
      refresh = arguments.has(InsightsCommand.refresh)
      jobs =
        arguments.value(InsightsCommand.jobs) == nil
        ? nil : try GenerateCommand.number(arguments, InsightsCommand.jobs, default: 4, range: 1...64)
      demo = arguments.has(.demo)
      notify = arguments.has(InsightsCommand.notify)
      quiet = arguments.has(.quiet)
    }
  }
}
