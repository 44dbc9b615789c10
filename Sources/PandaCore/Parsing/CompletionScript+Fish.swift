extension CompletionScript {
  /// fish `complete` lines, each command's and option's help line as its description.
  static func fish(_ commands: [CommandSpec]) -> String {
    var lines = [
      "# fish completion for panda (panda completions fish > ~/.config/fish/completions/panda.fish)",
      "complete -c panda -f",
    ]
    for command in commands {
      lines.append("complete -c panda -n __fish_use_subcommand -a \(command.name) -d \(fishQuoted(command.summary))")
    }
    for option in OptionSpec.global + [.help, .version] {
      lines.append("complete -c panda -n __fish_use_subcommand" + fishOption(option))
    }
    for command in commands {
      let seen = "__fish_seen_subcommand_from \(command.name)"
      if command.subcommands.isEmpty {
        for form in command.forms {
          for option in form.options + [.help] { lines.append("complete -c panda -n '\(seen)'" + fishOption(option)) }
          lines += fishOperands(operands(of: form, in: command, commands: commands), condition: seen)
        }
        continue
      }
      let subcommands = command.subcommands.joined(separator: " ")
      let noSubcommand = "\(seen); and not __fish_seen_subcommand_from \(subcommands)"
      lines.append("complete -c panda -n '\(noSubcommand)' -a '\(subcommands)'")
      lines.append("complete -c panda -n '\(noSubcommand)'" + fishOption(.help))
      for form in command.forms {
        let condition = form.subcommand.map { "\(seen); and __fish_seen_subcommand_from \($0)" } ?? noSubcommand
        let options = form.subcommand == nil ? form.options : form.options + [.help]
        for option in options { lines.append("complete -c panda -n '\(condition)'" + fishOption(option)) }
        lines += fishOperands(operands(of: form, in: command, commands: commands), condition: condition)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// ` -l db -r -F -d 'the database'`.
  private static func fishOption(_ option: OptionSpec) -> String {
    var text = " -l \(option.name)"
    if let short = option.short { text += " -s \(short)" }
    switch (option.takesValue, values(of: option)) {
    case (false, _): break
    case (true, .words(let words)): text += " -x -a \(fishQuoted(words.joined(separator: " ")))"
    case (true, .files): text += " -r -F"
    case (true, .none): text += " -x"
    }
    return text + " -d \(fishQuoted(option.help))"
  }

  private static func fishOperands(_ values: Values, condition: String) -> [String] {
    switch values {
    case .words(let words): ["complete -c panda -n '\(condition)' -a \(fishQuoted(words.joined(separator: " ")))"]
    case .files: ["complete -c panda -n '\(condition)' -F"]
    case .none: []
    }
  }

  /// `text` in single quotes for fish, where `\` and `'` are escaped with a backslash.
  private static func fishQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
  }
}
