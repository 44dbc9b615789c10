import PandaCore

/// `panda completions bash|zsh|fish`: a completion script for the shell, on standard output.
enum CompletionsCommand: PandaCommand {
  static let spec = CommandSpec(
    "completions", summary: "a shell completion script (bash, zsh or fish) on standard output",
    forms: [.init(operands: "SHELL", operandValues: CompletionScript.shells)],
    details: """
      Completes commands, subcommands, each command's options and the values they take. Install it:
        bash: panda completions bash > ~/.local/share/bash-completion/completions/panda
        zsh:  panda completions zsh > "${fpath[1]}/_panda"   (then restart zsh)
        fish: panda completions fish > ~/.config/fish/completions/panda.fish
      """)

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    guard let shell = arguments.positionals.first else {
      throw UsageError.missingArgument("the SHELL: bash, zsh or fish")
    }
    if arguments.positionals.count > 1 { throw UsageError.unexpectedArgument(arguments.positionals[1]) }
    guard CompletionScript.shells.contains(shell) else {
      throw UsageError.operand("SHELL", shell, among: CompletionScript.shells)
    }
    console.output(CompletionScript.script(for: shell, commands: PandaCommandLine.commands.map { $0.spec }))
    return .success
  }
}
