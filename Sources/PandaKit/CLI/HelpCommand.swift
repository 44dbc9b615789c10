/// `panda help [COMMAND]`: the list of commands, or one command's help.
enum HelpCommand: PandaCommand {
  static let spec = CommandSpec(
    "help", summary: "the list of commands, or a command's options",
    forms: [.init(operands: "[COMMAND]")],
    details: "`panda help COMMAND` prints the same as `panda COMMAND --help`.")

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    guard let name = arguments.positionals.first else {
      console.output(PandaCommandLine.usage + "\n")
      return .success
    }
    if arguments.positionals.count > 1 { throw UsageError.unexpectedArgument(arguments.positionals[1]) }
    guard let command = PandaCommandLine.command(named: name) else {
      throw UsageError.unknownCommand(
        name, suggestion: Suggestion.nearest(to: name, among: PandaCommandLine.commands.map { $0.spec.name }))
    }
    console.output(HelpText.help(command.spec))
    return .success
  }
}
