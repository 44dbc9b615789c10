import PandaCore

/// `panda help [COMMAND]`: the list of commands, or one command's help.
enum HelpCommand: PandaCommand {
  static let spec = CommandSpec(
    "help", summary: "the list of commands, or a command's options",
    forms: [.init(operands: "[COMMAND [SUBCOMMAND]]")],
    details: "`panda help COMMAND` prints the same as `panda COMMAND --help`.")

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    guard let name = arguments.positionals.first else {
      console.output(PandaCommandLine.usage + "\n")
      return .success
    }
    guard let command = PandaCommandLine.command(named: name) else {
      throw UsageError.unknownCommand(
        name, suggestion: Suggestion.nearest(to: name, among: PandaCommandLine.commands.map { $0.spec.name }))
    }
    // `panda help cache clear`: the subcommand must exist; the help covers every form.
    if arguments.positionals.count > 1 {
      let word = arguments.positionals[1]
      let subcommands = command.spec.subcommands
      guard subcommands.contains(word) else {
        if subcommands.isEmpty { throw UsageError.unexpectedArgument(word) }
        throw UsageError.unknownSubcommand(
          command: name, word: word, suggestion: Suggestion.nearest(to: word, among: subcommands))
      }
    }
    if arguments.positionals.count > 2 { throw UsageError.unexpectedArgument(arguments.positionals[2]) }
    console.output(HelpText.help(command.spec))
    return .success
  }
}
