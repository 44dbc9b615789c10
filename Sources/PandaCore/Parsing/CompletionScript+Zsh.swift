extension CompletionScript {
  /// A zsh completion function with each command's and option's help line as its description.
  static func zsh(_ commands: [CommandSpec]) -> String {
    var text = """
      #compdef panda
      # zsh completion for panda (panda completions zsh > "${fpath[1]}/_panda")
      _panda() {
        local cmd="" sub="" i w
        local -a valued=(\(valued(commands).joined(separator: " ")))
        for (( i = 2; i < CURRENT; i++ )); do
          w="${words[i]}"
          [[ "$w" == -* ]] && continue
          (( ${valued[(Ie)${words[i-1]}]} )) && continue
          if [[ -z "$cmd" ]]; then cmd="$w"; elif [[ -z "$sub" ]]; then sub="$w"; fi
        done
        local cur="${words[CURRENT]}" prev="${words[CURRENT-1]}"
        local -a items
        case "$cmd/$sub/$prev" in

      """
    for command in commands {
      for (pattern, options) in patterns(command) {
        for option in options where option.takesValue {
          text += "    \(pattern)/\(option.long)) " + zshValues(values(of: option)) + " return ;;\n"
        }
      }
    }
    text += "    */--*) (( ${valued[(Ie)$prev]} )) && return ;;\n"
    text += """
        esac
        if [[ "$cur" == -* ]]; then
          case "$cmd/$sub" in

      """
    for command in commands {
      for (pattern, options) in patterns(command) {
        text += "      \(pattern)) items=(\(zshItems(options))) ;;\n"
      }
    }
    text += "      *) items=(\(zshItems(OptionSpec.global + [.version]))) ;;\n"
    text += """
          esac
          _describe -t options 'option' items
          return
        fi
        if [[ -z "$cmd" ]]; then
          items=(\(commands.map { quoted("\($0.name):\($0.summary)") }.joined(separator: " ")))
          _describe -t commands 'command' items
          return
        fi
        case "$cmd/$sub" in

      """
    for command in commands {
      for form in command.forms {
        let values = operands(of: form, in: command, commands: commands)
        guard values != .none else { continue }
        if let subcommand = form.subcommand {
          text += "    \(command.name)/\(subcommand)) \(zshValues(values)) ;;\n"
        } else if command.subcommands.isEmpty {
          text += "    \(command.name)/\(values == .files ? "*" : "")) \(zshValues(values)) ;;\n"
        }
      }
      if !command.subcommands.isEmpty {
        let bare = command.forms.first { $0.subcommand == nil }
        var offered = command.subcommands
        if let bare, case .words(let words) = operands(of: bare, in: command, commands: commands) { offered += words }
        text += "    \(command.name)/) \(zshValues(.words(offered))) ;;\n"
      }
    }
    text += """
        esac
      }
      if [[ "${zsh_eval_context[-1]}" == loadautofunc ]]; then
        _panda "$@"
      else
        compdef _panda panda
      fi

      """
    return text
  }

  private static func zshValues(_ values: Values) -> String {
    switch values {
    case .words(let words): "compadd -- \(words.map(quoted).joined(separator: " "));"
    case .files: "_files;"
    case .none: ":;"
    }
  }

  /// `'--db:the database'` items for `_describe`, short spellings included.
  private static func zshItems(_ options: [OptionSpec]) -> String {
    (options + [.help]).flatMap { option in
      ([option.long] + (option.short.map { ["-\($0)"] } ?? [])).map { quoted("\($0):\(option.help)") }
    }.joined(separator: " ")
  }

  /// `text` in single quotes for a POSIX-style shell.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
