/// A command line split into options, flags and positional arguments, as the command's entry
/// in the command-line table allows.
package struct Arguments {
  package private(set) var positionals: [String] = []
  /// The values given for each option that takes one, by its name.
  private var values: [String: [String]] = [:]
  /// How many times each flag was given.
  private var flags: [String: Int] = [:]
  /// The form of the command the words call, whose options they were checked against.
  var form: CommandSpec.Form?

  /// No words: every option at its default.
  init() {}

  /// The last value given for `option`.
  package func value(_ option: OptionSpec) -> String? { values[option.name]?.last }

  /// Every value given for `option`, in the order given; empty when it was not given.
  package func all(_ option: OptionSpec) -> [String] { values[option.name] ?? [] }

  /// Whether the flag `option` was given.
  package func has(_ option: OptionSpec) -> Bool { flags[option.name, default: 0] > 0 }

  /// How many times the flag `option` was given (`--verbose --verbose`).
  package func count(_ option: OptionSpec) -> Int { flags[option.name, default: 0] }

  /// The `--format` given, else the form's default format (the parser took only the formats the
  /// form allows).
  package var format: OutputFormat {
    (values["format"]?.last ?? form?.option("format")?.defaultValue).flatMap(OutputFormat.init(rawValue:)) ?? .text
  }

  /// Splits `words` as `command` allows: an option the command does not take (but `-q`, which
  /// every command takes), a value it does not accept, a flag given a value or a required option
  /// left out is a usage error. With `--help`, only the spelling is checked.
  package init(_ words: [String], command: CommandSpec) throws(UsageError) {
    // `-q` is taken everywhere: where a command has no progress or summary to hide, it hides
    // nothing, so that a cron line can pass it to every command.
    let options = command.allOptions + (command.allOptions.contains { $0.name == "quiet" } ? [] : [OptionSpec.quiet])
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
        guard word.count == 2, let short = options.first(where: { $0.short == word.last }) else {
          throw Self.unknown(word, command: command)
        }
        name = short.name
      }
      guard let option = options.first(where: { $0.name == name }) else {
        throw Self.unknown("--" + name, command: command)
      }
      if option.takesValue {
        if let inlineValue {
          values[name, default: []].append(inlineValue)
        } else {
          guard index < words.count else { throw .missingValue(option: name) }
          values[name, default: []].append(words[index])
          index += 1
        }
      } else {
        guard inlineValue == nil else { throw .unexpectedValue(option: name) }
        flags[name, default: 0] += 1
      }
    }
    if has(.help) { return }
    let form = try command.form(for: positionals)
    self.form = form
    let given = Set(values.keys).union(flags.keys)
    for name in command.allOptions.map(\.name) where given.contains(name) && name != OptionSpec.quiet.name {
      guard let option = form.option(name) else {
        throw .optionNotTaken(
          option: "--" + name, by: ([command.name] + [form.subcommand].compactMap { $0 }).joined(separator: " "))
      }
      for value in values[name] ?? [] where !option.allowed.isEmpty && !option.allowed.contains(value) {
        throw .invalidValue(
          option: name, value: value,
          expected: CommandSpec.list(option.allowed)
            + (Suggestion.nearest(to: value, among: option.allowed).map { "; did you mean \($0)?" } ?? ""))
      }
    }
    if let missing = form.options.first(where: { $0.isRequired && !given.contains($0.name) }) {
      throw .missingArgument(missing.long)
    }
  }

  /// The options that name a day under another meaning, for the suggestion when one is given to a
  /// command that takes the other.
  private static let sameMeaning = [
    "--as-of": ["--date", "--at"], "--date": ["--as-of", "--at"], "--at": ["--date", "--as-of"],
  ]

  /// The error for an option `command` does not know: one it does not take if another command
  /// takes it (a global option), else an unknown one with the nearest it does know.
  private static func unknown(_ word: String, command: CommandSpec) -> UsageError {
    let name = word.hasPrefix("--") ? String(word.dropFirst(2)) : word
    if OptionSpec.global.contains(where: { $0.long == word || $0.short.map { "-\($0)" } == word }) {
      return .optionNotTaken(option: word, by: command.name)
    }
    let spellings = command.allOptions.map(\.long)
    // One name per meaning: a day (--date), judged as of (--as-of), when logged (--at).
    if let other = Self.sameMeaning[word]?.first(where: spellings.contains) {
      return .unknownOption(word, suggestion: other)
    }
    return .unknownOption(word, suggestion: Suggestion.nearest(to: "--" + name, among: spellings))
  }
}
