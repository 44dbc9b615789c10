import PandaCore

/// A `panda` command: its entry in the command-line table, and what it does with the arguments
/// parsed by it.
protocol PandaCommand: Sendable {
  static var spec: CommandSpec { get }
  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode
}
