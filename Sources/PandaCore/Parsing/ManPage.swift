/// The manual page panda(1) in roff, written from the command-line table.
package enum ManPage {
  /// The whole page: name, synopsis, every command with its forms and options, environment,
  /// files and exit statuses.
  package static func roff(_ commands: [CommandSpec], version: String) -> String {
    var text = """
      .TH PANDA 1 "" "panda \(version)" "User Commands"
      .SH NAME
      panda \\- Apple Health exports into a local SQLite database, and honest insights from it
      .SH SYNOPSIS
      .B panda
      .I command
      .RI [ options ]
      .br
      .B panda help
      .RI [ command ]
      .SH DESCRIPTION
      panda imports the Health app's export into a local SQLite database and tells you, per category,
      how today, this week and this month compare with before. Nothing leaves your computer unless a
      chat-completions provider or a delivery destination is configured.
      Global options may be given before or after the command; each command takes only the options
      listed for it.
      .SH COMMANDS

      """
    for command in commands {
      text += ".SS \(escaped(command.synopsis))\n"
      for form in command.forms {
        text += ".B panda \(escaped(HelpText.words(command, form).joined(separator: " ")))\n"
        if !form.options.isEmpty { text += escaped(form.options.map(\.synopsis).joined(separator: " ")) + "\n" }
        text += ".br\n"
      }
      text += ".PP\n" + escaped(HelpText.sentence(command.summary)) + "\n"
      if !command.details.isEmpty { text += ".PP\n" + paragraph(command.details) }
      for (option, forms) in HelpText.optionsByForm(command) where option.name != OptionSpec.help.name {
        text += ".TP\n.B \(escaped(option.spelling))\n" + escaped(forms + option.fullHelp) + "\n"
      }
    }
    text += ".SH GLOBAL OPTIONS\n"
    for option in OptionSpec.global + [.help, .version] {
      text += ".TP\n.B \(escaped(option.spelling))\n" + escaped(option.fullHelp) + "\n"
    }
    text += ".SH ENVIRONMENT\n"
    var seen: Set<String> = []
    for option in commands.flatMap(\.allOptions) {
      guard let variable = option.environment, seen.insert(variable).inserted else { continue }
      text += ".TP\n.B \(variable)\nas \(escaped(option.long)): \(escaped(option.help))\n"
    }
    for (variable, meaning) in otherVariables {
      text += ".TP\n.B \(variable)\n\(escaped(meaning))\n"
    }
    text += """
      .SH FILES
      .TP
      .I $XDG_CONFIG_HOME/panda/config
      settings, one 'key = value' a line (see
      .BR "panda config list" );
      ~/.config/panda/config when XDG_CONFIG_HOME is not set
      .TP
      .I $XDG_CONFIG_HOME/panda/prompts/
      prompt files (system.md, daily.md, weekly.md, monthly.md) that replace the built-in ones
      .TP
      .I $XDG_DATA_HOME/panda/panda.sqlite
      the database; ~/.local/share/panda/panda.sqlite when XDG_DATA_HOME is not set
      .SH EXIT STATUS
      .TP
      .B 0
      success
      .TP
      .B 64
      a usage error: the command's usage is printed
      .TP
      .B 65
      bad data in an input file
      .TP
      .B 66
      no input: the export or the database is missing
      .TP
      .B 69
      a service (the provider, a destination) is unavailable
      .TP
      .B 70
      an internal error
      .TP
      .B 73
      an output file or the database cannot be created
      .TP
      .B 74
      an input or output error
      .TP
      .B 75
      a temporary failure (another run holds the database, a delivery will be retried): try again later
      .TP
      .B 78
      a configuration panda cannot use
      .TP
      .B 130, 143
      interrupted (Ctrl-C) or terminated (SIGTERM); an import leaves the database as it was
      .SH SEE ALSO
      .BR sqlite3 (1)

      """
    return text
  }

  /// Variables panda reads that no option stands for.
  static let otherVariables: [(String, String)] = [
    ("PANDA_API_KEY", "the chat-completions provider's API key (never taken from a flag)"),
    ("PANDA_LOCK_WAIT", "seconds a run waits for another on the same database (default 10), then exits 75"),
    ("XDG_CONFIG_HOME", "where the config folder is (default ~/.config)"),
    ("XDG_DATA_HOME", "where the database is by default (default ~/.local/share)"),
    ("NO_COLOR", "when set and not empty, no colour in the output"),
  ]

  /// `text` with roff's special characters escaped: backslashes, hyphens, a dot or quote at the
  /// start of a line, and characters beyond ASCII (as `\[u2212]`, so no input encoding matters).
  static func escaped(_ text: String) -> String {
    var ascii = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": ascii += "\\e"
      case "-": ascii += "\\-"
      case _ where scalar.isASCII: ascii.unicodeScalars.append(scalar)
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        ascii += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return
      ascii
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }
      .joined(separator: "\n")
  }

  /// A help paragraph: lines that start with spaces (tables) kept as they are, the rest filled.
  private static func paragraph(_ text: String) -> String {
    var out = ""
    var verbatim = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let indented = line.hasPrefix(" ")
      if indented != verbatim {
        out += indented ? ".nf\n" : ".fi\n"
        verbatim = indented
      }
      out += (line.isEmpty ? ".PP" : escaped(String(line))) + "\n"
    }
    return out + (verbatim ? ".fi\n" : "")
  }
}
