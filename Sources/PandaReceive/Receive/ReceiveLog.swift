/// Where `panda receive` writes its lines: routine ones (a line per push, the database busy or
/// free again), which `-q` silences, and problems (an import that failed and will be retried, a
/// push refused by the importer, a push that could not be kept on disk), which it never does.
package struct ReceiveLog: Sendable {
  /// A line per push and other news; silenced by `-q`.
  var routine: @Sendable (String) -> Void
  /// Something a person should look at.
  var problem: @Sendable (String) -> Void

  /// Both kinds to `write`.
  init(_ write: @escaping @Sendable (String) -> Void) {
    routine = write
    problem = write
  }

  /// Routine lines to `routine`, problems to `problem`.
  package init(routine: @escaping @Sendable (String) -> Void, problem: @escaping @Sendable (String) -> Void) {
    self.routine = routine
    self.problem = problem
  }
}
