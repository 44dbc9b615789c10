import Foundation

/// Where a command's output goes, and what it knows of its surroundings: injected so that tests
/// run commands in-process and read what they printed.
public struct Console: Sendable {
  /// Writes to standard output.
  public var output: @Sendable (String) -> Void
  /// Writes to standard error.
  public var error: @Sendable (String) -> Void
  /// Whether standard error is a terminal (progress is drawn only there).
  public var errorIsTerminal: Bool
  /// Whether standard output is a terminal (colour is used only there, and not with NO_COLOR).
  public var outputIsTerminal: Bool
  /// The process environment.
  public var environment: [String: String]
  /// Reads all of standard input (`panda import -`).
  public var readInput: @Sendable () -> [UInt8]

  public init(
    output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
    errorIsTerminal: Bool, outputIsTerminal: Bool = false, environment: [String: String],
    readInput: @escaping @Sendable () -> [UInt8] = { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
  ) {
    self.readInput = readInput
    self.outputIsTerminal = outputIsTerminal
    self.output = output
    self.error = error
    self.errorIsTerminal = errorIsTerminal
    self.environment = environment
  }
}
