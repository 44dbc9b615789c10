import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// The time zone and source priority from `--timezone` / `PANDA_TIMEZONE` and
/// `--source-priority` / `PANDA_SOURCE_PRIORITY`.
enum DailyContextOptions {
  /// Flags first, then the environment, then the settings file (`timezone`, `source.priority`);
  /// without a zone named, the zone stored with the database, else this machine's (`ZoneSetting`).
  static func context(_ arguments: Arguments, environment: [String: String]) throws(UsageError) -> DailyContext {
    let zone = try zoneSetting(arguments, environment: environment)
    let priority =
      arguments.value(.sourcePriority) ?? environment["PANDA_SOURCE_PRIORITY"]
      ?? Settings.load(environment: environment).value("source.priority") ?? ""
    return DailyContext(zone: zone.zone, priority: SourcePriority(list: priority))
  }

  /// The zone days are counted in for this run, and where it came from.
  static func zoneSetting(_ arguments: Arguments, environment: [String: String]) throws(UsageError) -> ZoneSetting {
    try ZoneSetting.resolve(
      arguments, environment: environment, databasePath: DatabaseLocation.path(arguments, environment: environment))
  }

  /// Today in the context's time zone.
  static func today(in context: DailyContext) -> CalendarDay {
    LocalDay.day(of: Int64(Date().timeIntervalSince1970), in: context.zone)
  }

  /// The day `option` names, else `fallback` (for `--as-of`, the `as-of` setting first). A day
  /// after `today` has no data yet: it becomes today, with a note on standard error, so that a
  /// range typed the usual way ("to the end of the year") works.
  static func day(
    _ arguments: Arguments, _ option: OptionSpec, default fallback: CalendarDay, notAfter today: CalendarDay,
    console: Console
  ) throws -> CalendarDay {
    var given = try day(arguments, option, console: console)
    if given == nil, option.name == OptionSpec.asOf.name,
      let setting = Settings.load(environment: console.environment).value("as-of")
    {
      given = try resolve(setting, option: option, arguments: arguments, console: console)
    }
    guard let day = given else { return fallback }
    guard day > today else { return day }
    console.error("panda: \(option.long) \(day.iso) is after today; using today, \(today.iso)\n")
    return today
  }

  /// `--from` and `--to`: `--to` defaults to `end`, and a day after `today` becomes today with a
  /// note; `--from` defaults to the `length` days that end on `--to`, and may not come after it.
  static func days(
    _ arguments: Arguments, ending end: CalendarDay, length: Int, today: CalendarDay, console: Console
  ) throws -> DayRange {
    let to = try day(arguments, .to, default: end, notAfter: today, console: console)
    let from = try day(arguments, .from, console: console) ?? to.adding(days: 1 - length)
    return try range(from: from, through: to)
  }

  /// `--from` and `--to` as given, either of them left out, neither moved to today: the days of
  /// a command whose days are open at an end. A `--from` after `--to` is refused as in `days`.
  static func bounds(_ arguments: Arguments, console: Console) throws -> DayBounds {
    let bounds = DayBounds(
      from: try day(arguments, .from, console: console), to: try day(arguments, .to, console: console))
    if let from = bounds.from, let to = bounds.to { _ = try range(from: from, through: to) }
    return bounds
  }

  /// The days from `from` through `to`, or the one error for a `--from` after `--to`.
  static func range(from: CalendarDay, through to: CalendarDay) throws(UsageError) -> DayRange {
    guard let range = DayRange(from: from, through: to) else {
      throw .invalidValue(
        option: OptionSpec.from.name, value: from.iso, expected: "a day on or before --to (\(to.iso))")
    }
    return range
  }

  /// The options `window` reads, with a command's words for the defaults of `--from` and `--to`,
  /// and `--format`, `--db`, `--timezone` and `--source-priority`.
  static func windowOptions(from fromHelp: String, to toHelp: String) -> [OptionSpec] {
    [
      OptionSpec.asOf.explained("look as of that day (the latest complete day is the day before)"),
      OptionSpec.from.explained(fromHelp), OptionSpec.to.explained(toHelp + "; a day after today counts as today"),
      .format([.text, .json]), .database, .timeZone, .sourcePriority,
    ]
  }

  /// `--as-of`, `--from` and `--to`: the day looked from and the days looked at, `defaultLength`
  /// days up to the day before `--as-of` unless given. An `--as-of` or `--to` after `today`
  /// becomes today, with a note on standard error, as in `day(_:_:default:notAfter:console:)`.
  static func window(
    _ arguments: Arguments, today: CalendarDay, defaultLength: Int, console: Console
  ) throws -> (asOf: CalendarDay, days: DayRange) {
    let asOf = try day(arguments, .asOf, default: today, notAfter: today, console: console)
    let days = try days(
      arguments, ending: asOf.adding(days: -1), length: defaultLength, today: today, console: console)
    return (asOf, days)
  }

  /// Parses a day option's value: `YYYY-MM-DD`, `today`, `yesterday` or `latest`.
  static func day(_ arguments: Arguments, _ option: OptionSpec, console: Console) throws -> CalendarDay? {
    guard let text = arguments.value(option) else { return nil }
    return try resolve(text, option: option, arguments: arguments, console: console)
  }

  /// `text` as a day in the command's time zone: `YYYY-MM-DD`, `today`, `yesterday`, or `latest`,
  /// the last day with recorded data (entries logged by hand do not count). For `--as-of`,
  /// `latest` is the day after it, so that the last day with data is the last complete day
  /// looked at; it is never after today.
  static func resolve(
    _ text: String, option: OptionSpec, arguments: Arguments, console: Console
  ) throws -> CalendarDay {
    if let day = CalendarDay(iso: text) { return day }
    let word = text.lowercased()
    guard ["today", "yesterday", "latest"].contains(word) else {
      throw UsageError.invalidValue(option: option.name, value: text, expected: dayWords)
    }
    let context = try context(arguments, environment: console.environment)
    let today = today(in: context)
    switch word {
    case "today": return today
    case "yesterday": return today.adding(days: -1)
    default: break
    }
    let last: CalendarDay
    if arguments.has(.demo) {
      last = today.adding(days: -1)
    } else {
      let path = DatabaseLocation.path(arguments, environment: console.environment)
      guard FileManager.default.fileExists(atPath: path) else {
        throw UsageError.invalidValue(
          option: option.name, value: text,
          expected:
            "a database with data; there is none at \(path) yet (import an export first: panda import export.zip)")
      }
      let database = try DatabaseLocation.openForReading(path)
      guard let found = try DataRecency.latestDay(database: database, today: today, zone: context.zone) else {
        throw UsageError.invalidValue(
          option: option.name, value: text,
          expected: "a database with data; \(path) has none yet (import an export first: panda import export.zip)")
      }
      last = found
    }
    return option.name == OptionSpec.asOf.name ? min(last.adding(days: 1), today) : last
  }

  /// What a day option accepts, as its error says.
  static let dayWords = "a day: YYYY-MM-DD, today, yesterday or latest (the last day with data)"
}
