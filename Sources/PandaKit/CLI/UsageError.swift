/// A command line panda cannot act on; reported with the command's usage and status 64.
public enum UsageError: Error, Equatable, CustomStringConvertible {
  case unknownCommand(String, suggestion: String?)
  case unknownSubcommand(command: String, word: String, suggestion: String?)
  case unknownOption(String, suggestion: String?)
  /// An option panda knows that this command (or form of it) does not take.
  case optionNotTaken(option: String, by: String)
  case missingValue(option: String)
  case unexpectedValue(option: String)
  case invalidValue(option: String, value: String, expected: String)
  /// An operand (`SHELL`, `KIND`) that is not one of those accepted.
  case invalidArgument(name: String, value: String, expected: String)
  case missingArgument(String)
  case unexpectedArgument(String)

  public var description: String {
    switch self {
    case .unknownCommand(let name, let suggestion): "unknown command '\(name)'" + Self.didYouMean(suggestion)
    case .unknownSubcommand(let command, let word, let suggestion):
      "unknown \(command) subcommand '\(word)'" + Self.didYouMean(suggestion)
    case .unknownOption(let option, let suggestion): "unknown option '\(option)'" + Self.didYouMean(suggestion)
    case .optionNotTaken(let option, let command): "\(command) does not take \(option)"
    case .missingValue(let option): "--\(option) needs a value"
    case .unexpectedValue(let option): "--\(option) takes no value"
    case .invalidValue(let option, let value, let expected): "--\(option) '\(value)': expected \(expected)"
    case .invalidArgument(let name, let value, let expected): "\(name) '\(value)': expected \(expected)"
    case .missingArgument(let what): "missing \(what)"
    case .unexpectedArgument(let word): "unexpected argument '\(word)'"
    }
  }

  private static func didYouMean(_ suggestion: String?) -> String { suggestion.map { "; did you mean \($0)?" } ?? "" }
}
