/// Shell completion scripts written from the command-line table: commands, subcommands, each
/// form's options and the values an option or operand may take.
package enum CompletionScript {
  /// The shells panda writes a script for.
  package static let shells = ["bash", "zsh", "fish"]

  /// The script for `shell` (one of `shells`).
  package static func script(for shell: String, commands: [CommandSpec]) -> String {
    switch shell {
    case "zsh": zsh(commands)
    case "fish": fish(commands)
    default: bash(commands)
    }
  }

  /// What a completion offers for a value or an operand.
  enum Values: Equatable {
    case none
    case files
    case words([String])
  }

  /// The values `option` takes: its allowed values, files for a path, else nothing to offer.
  static func values(of option: OptionSpec) -> Values {
    if !option.allowed.isEmpty { return .words(option.allowed) }
    if !option.completions.isEmpty { return .words(option.completions) }
    return option.valueName == "PATH" ? .files : .none
  }

  /// The operands `form` of `command` takes: listed values, files for a path, else nothing.
  static func operands(of form: CommandSpec.Form, in command: CommandSpec, commands: [CommandSpec]) -> Values {
    if command.name == "help" { return .words(commands.map(\.name)) }  // `panda help COMMAND`
    if !form.operandValues.isEmpty { return .words(form.operandValues) }
    return form.operands.contains("PATH") || form.operands.contains("OUTPUT") ? .files : .none
  }

  /// Every option spelling of `options`, long and short, with `--help`.
  static func spellings(_ options: [OptionSpec]) -> [String] {
    (options + [.help]).flatMap { option in [option.long] + (option.short.map { ["-\($0)"] } ?? []) }
  }

  /// The forms' options for the `cmd/sub` patterns: one per subcommand, then one for the
  /// command with no (or an unknown) subcommand, holding every option of the command.
  static func patterns(_ command: CommandSpec) -> [(pattern: String, options: [OptionSpec])] {
    command.forms.compactMap { form in form.subcommand.map { ("\(command.name)/\($0)", form.options) } }
      + [("\(command.name)/*", command.allOptions.filter { $0.name != "help" })]
  }

  /// The long spellings of every option that takes a value, so a script can skip their values
  /// when it looks for the command and subcommand.
  static func valued(_ commands: [CommandSpec]) -> [String] {
    Set(commands.flatMap(\.allOptions).filter(\.takesValue).map(\.long)).sorted()
  }

  static func bash(_ commands: [CommandSpec]) -> String {
    let valued = valued(commands)
    var text = """
      # bash completion for panda (panda completions bash > /etc/bash_completion.d/panda)
      _panda() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
        local cmd="" sub="" arg="" i w
        for ((i = 1; i < COMP_CWORD; i++)); do
          w="${COMP_WORDS[i]}"
          case "$w" in -*) continue ;; esac
          case " \(valued.joined(separator: " ")) " in *" ${COMP_WORDS[i-1]} "*) continue ;; esac
          if [[ -z "$cmd" ]]; then cmd="$w"; elif [[ -z "$sub" ]]; then sub="$w"; elif [[ -z "$arg" ]]; then arg="$w"; fi
        done
        local words=""

      """
    text += "  case \"$cmd/$sub/$prev\" in\n"
    for command in commands {
      for (pattern, options) in patterns(command) {
        for option in options where option.takesValue {
          switch values(of: option) {
          case .words(let words):
            text += "    \(pattern)/\(option.long)) words=\"\(words.joined(separator: " "))\" ;;\n"
          case .files: text += "    \(pattern)/\(option.long)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
          case .none: text += "    \(pattern)/\(option.long)) return ;;\n"
          }
        }
      }
    }
    text += "    */--*) case \" \(valued.joined(separator: " ")) \" in *\" $prev \"*) return ;; esac ;;\n"
    text += "  esac\n"
    text += """
        if [[ -n "$words" ]]; then
          COMPREPLY=($(compgen -W "$words" -- "$cur"))
          return
        fi
        if [[ "$cur" == -* ]]; then
          case "$cmd/$sub" in

      """
    for command in commands {
      for (pattern, options) in patterns(command) {
        text += "      \(pattern)) words=\"\(spellings(options).joined(separator: " "))\" ;;\n"
      }
    }
    let globals = spellings(OptionSpec.global + [.version])
    text += "      *) words=\"\(globals.joined(separator: " "))\" ;;\n"
    text += """
          esac
          COMPREPLY=($(compgen -W "$words" -- "$cur"))
          return
        fi
        if [[ -z "$cmd" ]]; then
          COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$cur"))
          return
        fi
        case "$cmd/$sub" in

      """
    for command in commands {
      for form in command.forms {
        let values = operands(of: form, in: command, commands: commands)
        if let subcommand = form.subcommand {
          // Only the first operand is offered its values: `config set units <TAB>` is not a key.
          text += bashOperands(values, "\(command.name)/\(subcommand)", firstOnly: true)
        } else if command.subcommands.isEmpty {
          text += bashOperands(values, "\(command.name)/" + (values == .files ? "*" : ""))
        }
      }
      if !command.subcommands.isEmpty {
        // The subcommands, and the first operand of a form without one (`panda log water`).
        let bare = command.forms.first { $0.subcommand == nil }
        var offered = command.subcommands
        if let bare, case .words(let words) = operands(of: bare, in: command, commands: commands) { offered += words }
        text += bashOperands(.words(offered), "\(command.name)/")
      }
    }
    text += """
        esac
      }
      complete -F _panda panda

      """
    return text
  }

  private static func bashOperands(_ values: Values, _ pattern: String, firstOnly: Bool = false) -> String {
    switch values {
    case .words(let words):
      "    \(pattern)) \(firstOnly ? "[[ -n \"$arg\" ]] || " : "")"
        + "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")) ;;\n"
    case .files: "    \(pattern)) COMPREPLY=($(compgen -f -- \"$cur\")) ;;\n"
    case .none: ""
    }
  }
}
