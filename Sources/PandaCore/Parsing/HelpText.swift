/// The help panda prints, written from the command-line table: the list of commands, a
/// command's usage (shown with a usage error) and its full help (`panda help CMD`).
package enum HelpText {
  static let width = 100

  /// `usage: panda cache list [--format text|json] …`, one line (wrapped) per form.
  package static func usage(_ command: CommandSpec) -> String {
    command.forms.enumerated().map { index, form in
      let head = (index == 0 ? "usage: " : "       ") + "panda " + words(command, form).joined(separator: " ")
      return wrap(head, form.options.map(\.synopsis), indent: head.count + 1)
    }.joined(separator: "\n")
  }

  /// The command's help: usage, summary, details and every option with its help line.
  package static func help(_ command: CommandSpec) -> String {
    var text = usage(command) + "\n\n" + sentence(command.summary) + "\n"
    if !command.details.isEmpty { text += "\n" + fill(command.details) + "\n" }
    text += "\noptions:\n" + optionLines(optionsByForm(command)) + "\n"
    return text
  }

  /// The list of commands and the global options.
  package static func general(_ commands: [CommandSpec], version: String) -> String {
    var text = "usage: panda <command> [options]\n\ncommands:\n"
    text += columns(commands.map { ($0.synopsis, $0.summary) }, indent: 2)
    text += "\n\nglobal options (before or after the command, for the commands that take them):\n"
    var versionOption = OptionSpec.version
    versionOption.help = "panda's version (\(version)) and the commit it was built from"
    text += optionLines((OptionSpec.global + [.help, versionOption]).map { ($0, "") })
    text += "\n\na DAY is YYYY-MM-DD, today, yesterday or latest (the last day with data; --as-of latest looks"
    text += "\nat it as the last complete day). The setting as-of = latest makes that the default of --as-of."
    text += "\n\nrun 'panda help <command>' (or 'panda <command> --help') for a command's options."
    return text
  }

  /// The words of a form before its options: `cache clear`, `import PATH...`.
  static func words(_ command: CommandSpec, _ form: CommandSpec.Form) -> [String] {
    [
      command.name, form.subcommand.map { form.isDefault ? "[\($0)]" : $0 },
      form.operands.isEmpty ? nil : form.operands,
    ]
    .compactMap { $0 }
  }

  /// Each distinct option once, with the subcommands that take it when not all forms do.
  static func optionsByForm(_ command: CommandSpec) -> [(OptionSpec, String)] {
    var entries: [(OptionSpec, [String])] = []
    for form in command.forms {
      for option in form.options {
        // A form without a subcommand or operands is named by the command itself.
        let label = form.subcommand ?? (form.operands.isEmpty ? "panda \(command.name)" : form.operands)
        if let index = entries.firstIndex(where: { $0.0 == option }) {
          entries[index].1.append(label)
        } else {
          entries.append((option, [label]))
        }
      }
    }
    let named = entries.map { option, labels in
      (option, labels.count == command.forms.count ? "" : "(\(labels.joined(separator: ", "))) ")
    }
    return named + [(.help, "")]
  }

  private static func optionLines(_ options: [(OptionSpec, String)]) -> String {
    columns(options.map { ($0.0.spelling, $0.1 + $0.0.fullHelp) }, indent: 2)
  }

  /// Two columns, the second wrapped; a first column too wide for the gutter puts the text on
  /// the next line.
  static func columns(_ rows: [(String, String)], indent: Int) -> String {
    let gutter = min(30, (rows.map(\.0.count).max() ?? 0) + indent + 2)
    return rows.map { left, right in
      let lead = String(repeating: " ", count: indent) + left
      let words = right.split(separator: " ").map(String.init)
      guard lead.count + 2 <= gutter else {
        return lead + "\n" + wrap(String(repeating: " ", count: gutter), words, indent: gutter)
      }
      return wrap(lead.padding(toLength: gutter, withPad: " ", startingAt: 0), words, indent: gutter)
    }.joined(separator: "\n")
  }

  /// `head` followed by `words`, wrapped at `width`, continuation lines indented by `indent`.
  static func wrap(_ head: String, _ words: [String], indent: Int) -> String {
    var lines: [String] = []
    var line = head
    for word in words {
      let joined = line.hasSuffix(" ") ? line + word : line + " " + word
      if joined.count > width && line.count > indent {
        lines.append(line)
        line = String(repeating: " ", count: indent) + word
      } else {
        line = joined
      }
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// `text` with its paragraphs filled to `width` at whole words: a line that continues the one
  /// before is joined to it, so a figure interpolated into a line does not leave it short. A line
  /// that is blank, indented, a list item or headed `word:` starts anew, and keeps its own line.
  static func fill(_ text: String) -> String {
    var paragraphs: [[String]] = []
    var continues = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      let opens = line.isEmpty || line.first?.isWhitespace == true || startsItem(line)
      if continues && !opens {
        paragraphs[paragraphs.count - 1].append(line)
      } else {
        paragraphs.append([line])
      }
      continues = !line.isEmpty && line.first?.isWhitespace != true
    }
    return paragraphs.map { lines in
      let words = lines.joined(separator: " ").split(separator: " ").map(String.init)
      guard lines.joined(separator: " ").count > width || lines.count > 1, lines[0].first?.isWhitespace != true,
        let first = words.first
      else { return lines.joined(separator: "\n") }
      return wrap(first, Array(words.dropFirst()), indent: 0)
    }.joined(separator: "\n")
  }

  /// Whether `line` starts an item of its own: `- …`, `• …`, or `word: …` (`daily: one row …`).
  private static func startsItem(_ line: String) -> Bool {
    if line.hasPrefix("- ") || line.hasPrefix("• ") || line.hasPrefix("* ") { return true }
    guard let head = line.split(separator: " ", maxSplits: 1).first, head.hasSuffix(":"), head.count > 1 else {
      return false
    }
    return head.dropLast().allSatisfy { $0.isLetter || $0 == "-" || $0 == "_" }
  }

  /// The summary as a sentence: capitalised, ending in a full stop.
  static func sentence(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
  }
}
