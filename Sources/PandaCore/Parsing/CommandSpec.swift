/// One command as the command-line table describes it: its name, the ways it is called, the
/// options each way takes, and the paragraph its help prints.
package struct CommandSpec: Sendable {
  /// One way to call a command: `cache clear [--category C]` is one form of `cache`.
  package struct Form: Sendable {
    /// The word that selects this form (`clear`), or `nil` for a form without one.
    var subcommand: String?
    /// The arguments after the subcommand as the help writes them: `PATH...`, `KEY VALUE`.
    var operands: String
    /// The values the first operand may take, offered by completions (metric ids, shells).
    var operandValues: [String]
    /// Every option the form takes, global ones included, in the order the help lists them.
    var options: [OptionSpec]
    /// Whether this form runs when no subcommand is given (`panda outbox` lists).
    var isDefault: Bool

    package init(
      _ subcommand: String? = nil, operands: String = "", operandValues: [String] = [], options: [OptionSpec] = [],
      isDefault: Bool = false
    ) {
      self.subcommand = subcommand
      self.operands = operands
      self.operandValues = operandValues
      self.options = options
      self.isDefault = isDefault
    }

    /// The option named `name` (without dashes), if the form takes it.
    func option(_ name: String) -> OptionSpec? { options.first { $0.name == name } }
  }

  package var name: String
  /// One line for the list of commands.
  var summary: String
  var forms: [Form]
  /// What the command does, in more detail, for its help and the man page.
  var details: String

  package init(_ name: String, summary: String, forms: [Form], details: String) {
    self.name = name
    self.summary = summary
    self.forms = forms
    self.details = details
  }

  /// Every option of every form, each once, in the order first met, with `--help` last.
  var allOptions: [OptionSpec] {
    var seen: Set<String> = []
    var options: [OptionSpec] = []
    for option in forms.flatMap(\.options) + [.help] where seen.insert(option.name).inserted {
      options.append(option)
    }
    return options
  }

  /// The subcommand words, in table order.
  package var subcommands: [String] { forms.compactMap(\.subcommand) }

  /// How the list of commands shows the command: `cache list|clear`, `outbox [list]|retry|purge`.
  var synopsis: String {
    let words = forms.map { form -> String in
      guard let subcommand = form.subcommand else { return form.operands }
      return form.isDefault ? "[\(subcommand)]" : subcommand
    }
    // A form with no word of its own (`receive --listen …` beside `receive retry`) makes the others optional.
    let named = words.filter { !$0.isEmpty }
    guard !named.isEmpty else { return name }
    let joined = named.joined(separator: "|")
    return named.count < words.count ? "\(name) [\(joined)]" : "\(name) \(joined)"
  }

  /// The form `positionals` select: the one the first names, else the one without a
  /// subcommand, else (when nothing is given) the default one.
  func form(for positionals: [String]) throws(UsageError) -> Form {
    if forms.count == 1 && forms[0].subcommand == nil { return forms[0] }
    if let word = positionals.first, let named = forms.first(where: { $0.subcommand == word }) { return named }
    if let bare = forms.first(where: { $0.subcommand == nil }) { return bare }
    guard let word = positionals.first else {
      if let fallback = forms.first(where: \.isDefault) { return fallback }
      throw .missingArgument(Self.list(subcommands))
    }
    throw .unknownSubcommand(command: name, word: word, suggestion: Suggestion.nearest(to: word, among: subcommands))
  }

  /// `a, b or c`.
  package static func list(_ words: [String]) -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
  }
}
