/// Why a database file cannot be used as panda's. Nothing in the file is changed when one of
/// these is thrown.
package enum SchemaError: Error, Equatable, CustomStringConvertible {
  /// The tables were laid out by a later panda: this one might misread or damage them.
  case newer(path: String, version: Int, known: Int)
  /// An SQLite database of another application.
  case notPanda(path: String, tables: [String])
  /// A file that is not an SQLite database at all.
  case notSQLite(path: String)
  /// Laid out by an earlier panda: upgrading it writes, which a command that only reads never does.
  case older(path: String, version: Int, current: Int)
  /// An empty database: nothing was imported into it yet.
  case empty(path: String)

  package var description: String {
    switch self {
    case .newer(let path, let version, let known):
      "\(path) was written by a newer panda (schema \(version)); this one knows \(known). Install the newer panda, or pass another database with --db; the file was left unchanged."
    case .notPanda(let path, let tables):
      "\(path) is an SQLite database but not panda's (its tables: \(tables.prefix(5).joined(separator: ", "))\(tables.count > 5 ? ", …" : "")). Pass another path with --db; the file was left unchanged."
    case .notSQLite(let path):
      "\(path) is not a panda database: it is not an SQLite file at all. Pass another path with --db; the file was left unchanged."
    case .older(let path, let version, let current):
      "\(path) was laid out by an older panda (schema \(version)); this one uses \(current). Commands that only read never upgrade it: run panda import (or panda insights) once to bring it up to date. The file was left unchanged."
    case .empty(let path):
      "\(path) holds no panda data yet. Import an export first: panda import export.zip"
    }
  }
}
