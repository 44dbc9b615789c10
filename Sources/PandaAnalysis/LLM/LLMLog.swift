/// Where the provider's request log goes, and how much of it.
package struct LLMLog: Sendable {
  /// 0 logs nothing; 1 a line per request; 2 also the bodies, which hold health data.
  var verbosity: Int
  var write: @Sendable (String) -> Void

  package init(verbosity: Int, write: @escaping @Sendable (String) -> Void) {
    self.verbosity = verbosity
    self.write = write
  }

  /// Writes `line` if the verbosity reaches `level`; the line is only built then.
  func callAsFunction(_ level: Int, _ line: @autoclosure () -> String) {
    if level <= verbosity { write(line()) }
  }
}
