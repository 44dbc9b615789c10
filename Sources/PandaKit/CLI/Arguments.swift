/// A command line split into options, flags and positional arguments.
struct Arguments {
  /// What a command accepts.
  struct Spec {
    /// Options that take a value (`--db PATH` or `--db=PATH`), named without dashes.
    var options: Set<String>
    /// Options that take none (`--quiet`).
    var flags: Set<String>
    /// Single-letter aliases (`q` for `quiet`).
    var shortNames: [Character: String] = ["q": "quiet", "h": "help", "v": "verbose"]
  }

  var positionals: [String] = []
  var values: [String: [String]] = [:]
  /// How many times each flag was given.
  var flags: [String: Int] = [:]

  /// The last value given for `option`.
  func value(_ option: String) -> String? { values[option]?.last }

  /// Whether `flag` was given.
  func has(_ flag: String) -> Bool { flags[flag, default: 0] > 0 }

  /// How many times `flag` was given (`--verbose --verbose`).
  func count(_ flag: String) -> Int { flags[flag, default: 0] }

  /// Splits `words` according to `spec`; anything unknown is a usage error.
  init(_ words: [String], spec: Spec) throws(UsageError) {
    var index = 0
    var onlyPositionals = false
    while index < words.count {
      let word = words[index]
      index += 1
      if onlyPositionals || word == "-" || !word.hasPrefix("-") {
        positionals.append(word)
        continue
      }
      if word == "--" {
        onlyPositionals = true
        continue
      }
      var name: String
      var inlineValue: String?
      if word.hasPrefix("--") {
        name = String(word.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
      } else {
        guard word.count == 2, let long = spec.shortNames[word.last ?? " "] else {
          throw .unknownOption(word)
        }
        name = long
      }
      if spec.flags.contains(name) {
        guard inlineValue == nil else { throw .unexpectedValue(option: name) }
        flags[name, default: 0] += 1
      } else if spec.options.contains(name) {
        if let inlineValue {
          values[name, default: []].append(inlineValue)
        } else {
          guard index < words.count else { throw .missingValue(option: name) }
          values[name, default: []].append(words[index])
          index += 1
        }
      } else {
        throw .unknownOption(word)
      }
    }
  }
}

/// A command line panda cannot act on; reported with usage and status 64.
public enum UsageError: Error, Equatable, CustomStringConvertible {
  case unknownCommand(String)
  case unknownOption(String)
  case missingValue(option: String)
  case unexpectedValue(option: String)
  case invalidValue(option: String, value: String, expected: String)
  case missingArgument(String)
  case unexpectedArgument(String)

  public var description: String {
    switch self {
    case .unknownCommand(let name): "unknown command '\(name)'"
    case .unknownOption(let option): "unknown option '\(option)'"
    case .missingValue(let option): "--\(option) needs a value"
    case .unexpectedValue(let option): "--\(option) takes no value"
    case .invalidValue(let option, let value, let expected): "--\(option) '\(value)': expected \(expected)"
    case .missingArgument(let what): "missing \(what)"
    case .unexpectedArgument(let word): "unexpected argument '\(word)'"
    }
  }
}
