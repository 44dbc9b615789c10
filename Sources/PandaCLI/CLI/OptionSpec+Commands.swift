import PandaCore

/// The options several commands take, each declared once: a command lists it in its spec (with
/// `explained(_:)` when its help words it for that command) and reads it back by the same constant.
extension OptionSpec {
  /// `--as-of DAY`: the day a command looks from.
  static let asOf = OptionSpec("as-of", valueName: "DAY", default: "today", help: "as of that day")
  /// `--from DAY`: the first day of a period.
  static let from = OptionSpec("from", valueName: "DAY", help: "the first day")
  /// `--to DAY`: the last day of a period.
  static let to = OptionSpec("to", valueName: "DAY", help: "the last day")
  /// `--date DAY`: the one day a command shows.
  static let date = OptionSpec(
    "date", valueName: "DAY", default: "today", help: "the day (a later day counts as today)")
  /// `--demo`: built-in synthetic data in a temporary database instead of the person's own.
  static let demo = OptionSpec("demo", kind: .flag, help: "use built-in synthetic data in a temporary database")

  /// The same option with `help` as its line, for a command that words it its own way; it is
  /// still read back by the constant it was made from.
  func explained(_ help: String) -> OptionSpec {
    var option = self
    option.help = help
    return option
  }
}
