import Foundation

/// Where a command's output goes, and what it knows of its surroundings: injected so that tests
/// run commands in-process and read what they printed.
package struct Console: Sendable {
  /// Writes to standard output.
  var output: @Sendable (String) -> Void
  /// Writes to standard error.
  var error: @Sendable (String) -> Void
  /// Whether standard error is a terminal (progress is drawn only there).
  var errorIsTerminal: Bool
  /// Whether standard output is a terminal (colour is used only there, and not with NO_COLOR).
  var outputIsTerminal: Bool
  /// The process environment.
  var environment: [String: String]
  /// Reads all of standard input (`panda import -`).
  var readInput: @Sendable () -> [UInt8]

  package init(
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
