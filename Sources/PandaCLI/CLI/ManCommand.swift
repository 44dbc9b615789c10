import PandaCore

/// `panda man`: the manual page panda(1) in roff, on standard output.
enum ManCommand: PandaCommand {
  static let spec = CommandSpec(
    "man", summary: "the manual page panda(1), in roff, on standard output",
    forms: [.init()],
    details: """
      Read it with: panda man | man -l -
      Install it with: panda man > ~/.local/share/man/man1/panda.1
      """)

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    if let word = arguments.positionals.first { throw UsageError.unexpectedArgument(word) }
    console.output(ManPage.roff(PandaCommandLine.commands.map { $0.spec }, version: PandaVersion.current.number))
    return .success
  }
}
