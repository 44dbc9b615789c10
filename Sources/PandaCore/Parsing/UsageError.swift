/// A command line panda cannot act on; reported with the command's usage and status 64.
package enum UsageError: Error, Equatable, CustomStringConvertible {
  case unknownCommand(String, suggestion: String?)
  case unknownSubcommand(command: String, word: String, suggestion: String?)
  case unknownOption(String, suggestion: String?)
  /// An option panda knows that this command (or form of it) does not take.
  case optionNotTaken(option: String, by: String)
  case missingValue(option: String)
  case unexpectedValue(option: String)
  case invalidValue(option: String, value: String, expected: String)
  /// An operand (`SHELL`, `KIND`) that is not one of those accepted.
  case invalidOperand(name: String, value: String, accepted: [String], suggestion: String?)
  /// A METRIC operand that is not a catalogue id.
  case unknownMetric(String, suggestions: [String])
  /// A short name that fits more than one metric (`bp`).
  case ambiguousMetric(String, candidates: [String])
  /// An operand that does not have the shape asked for (`ID` that is not a number).
  case malformedOperand(name: String, value: String, expected: String)
  case missingArgument(String)
  case unexpectedArgument(String)
  /// Two options that exclude each other were both given.
  case conflictingOptions(String, String)

  package var description: String {
    switch self {
    case .unknownCommand(let name, let suggestion): "unknown command '\(name)'" + Self.didYouMean(suggestion)
    case .unknownSubcommand(let command, let word, let suggestion):
      "unknown \(command) subcommand '\(word)'" + Self.didYouMean(suggestion)
    case .unknownOption(let option, let suggestion): "unknown option '\(option)'" + Self.didYouMean(suggestion)
    case .optionNotTaken(let option, let command):
      "\(command) does not take \(option)" + (option == "--format" ? ": it writes one format only" : "")
    case .missingValue(let option): "--\(option) needs a value"
    case .unexpectedValue(let option): "--\(option) takes no value"
    case .invalidValue(let option, let value, let expected): "--\(option) '\(value)': expected \(expected)"
    case .invalidOperand(let name, let value, let accepted, let suggestion):
      "\(name) '\(value)' is not one of \(CommandSpec.list(accepted))" + Self.didYouMean(suggestion)
    case .unknownMetric(let id, let suggestions):
      "unknown metric '\(id)'" + Self.didYouMean(Self.either(suggestions))
        + " ('panda help series' lists the metric ids)"
    case .ambiguousMetric(let name, let candidates):
      "'\(name)' could mean \(Self.either(candidates) ?? "several metrics"): which one? Name it by its id"
    case .malformedOperand(let name, let value, let expected): "\(name) '\(value)' is not \(expected)"
    case .missingArgument(let what): "missing \(what)"
    case .unexpectedArgument(let word): "unexpected argument '\(word)'"
    case .conflictingOptions(let first, let second): "\(first) and \(second) cannot be given together"
    }
  }

  /// The error for operand `name` given as `value`, which is not one of `accepted`, with the nearest that is.
  package static func operand(_ name: String, _ value: String, among accepted: [String]) -> UsageError {
    .invalidOperand(
      name: name, value: value, accepted: accepted, suggestion: Suggestion.nearest(to: value, among: accepted))
  }

  private static func didYouMean(_ suggestion: String?) -> String { suggestion.map { "; did you mean \($0)?" } ?? "" }

  /// `a`, `a or b`, `a, b or c`; `nil` for none.
  private static func either(_ words: [String]) -> String? {
    guard let last = words.last else { return nil }
    return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
  }
}
