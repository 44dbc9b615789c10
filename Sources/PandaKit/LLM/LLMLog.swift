/// Where the provider's request log goes, and how much of it.
public struct LLMLog: Sendable {
  /// 0 logs nothing; 1 a line per request; 2 also the bodies, which hold health data.
  public var verbosity: Int
  public var write: @Sendable (String) -> Void

  public init(verbosity: Int, write: @escaping @Sendable (String) -> Void) {
    self.verbosity = verbosity
    self.write = write
  }

  /// Writes `line` if the verbosity reaches `level`; the line is only built then.
  func callAsFunction(_ level: Int, _ line: @autoclosure () -> String) {
    if level <= verbosity { write(line()) }
  }
}
