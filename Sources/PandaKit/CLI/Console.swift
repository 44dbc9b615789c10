/// Where a command's output goes, and what it knows of its surroundings: injected so that tests
/// run commands in-process and read what they printed.
public struct Console: Sendable {
  /// Writes to standard output.
  public var output: @Sendable (String) -> Void
  /// Writes to standard error.
  public var error: @Sendable (String) -> Void
  /// Whether standard error is a terminal (progress is drawn only there).
  public var errorIsTerminal: Bool
  /// The process environment.
  public var environment: [String: String]

  public init(
    output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
    errorIsTerminal: Bool, environment: [String: String]
  ) {
    self.output = output
    self.error = error
    self.errorIsTerminal = errorIsTerminal
    self.environment = environment
  }
}
