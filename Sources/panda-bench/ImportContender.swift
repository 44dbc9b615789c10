import Foundation

/// A program that imports an export in the benchmark: a `panda` binary, or another tool's
/// command line with `{export}` and `{db}` placeholders, run through `/bin/sh`.
struct ImportContender {
  var name: String
  var binary: String?
  var command: String?

  init(name: String, binary: String) {
    self.name = name
    self.binary = binary
  }

  init(name: String, command: String) {
    self.name = name
    self.command = command
  }

  /// Another tool is timed once per round: it has no idea of a re-import.
  var canReimport: Bool { binary != nil }

  var description: String { binary ?? command ?? "" }

  /// Runs one import of `export` into `database` as a child process.
  func importExport(_ export: String, into database: String) throws -> ChildRun {
    if let binary {
      return try ChildRun.run(binary, ["import", export, "--db", database, "--timezone", "UTC", "-q"])
    }
    let line = (command ?? "").replacingOccurrences(of: "{export}", with: export)
      .replacingOccurrences(of: "{db}", with: database)
    return try ChildRun.run("/bin/sh", ["-c", "exec " + line])
  }
}
