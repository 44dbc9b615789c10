import PandaCore
import PandaStore

extension DemoData {
  /// The database a command that only reads looks at: the demo's, built for the days up to
  /// `asOf`, with `--demo`, else the person's own; `nil` when they have none (and it was said).
  /// Keep `demo` alive while the database is used: its folder goes with it.
  static func openForReading(
    _ arguments: Arguments, context: DailyContext, asOf: CalendarDay, console: Console, quiet: Bool
  ) throws -> (database: Database, demo: DemoData?)? {
    if arguments.has(.demo) {
      let demo = try DemoData(context: context, lastDay: asOf.adding(days: -1), console: console, quiet: quiet)
      return (demo.database, demo)
    }
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return nil }
    return (try DatabaseLocation.openForReading(path, context: context), nil)
  }
}
