/// Why a database file cannot be used as panda's. Nothing in the file is changed when one of
/// these is thrown.
public enum SchemaError: Error, Equatable, CustomStringConvertible {
  /// The tables were laid out by a later panda: this one might misread or damage them.
  case newer(path: String, version: Int, known: Int)
  /// An SQLite database of another application.
  case notPanda(path: String, tables: [String])

  public var description: String {
    switch self {
    case .newer(let path, let version, let known):
      "\(path) was written by a newer panda (schema \(version)); this one knows \(known). Install the newer panda, or pass another database with --db; the file was left unchanged."
    case .notPanda(let path, let tables):
      "\(path) is an SQLite database but not panda's (its tables: \(tables.prefix(5).joined(separator: ", "))\(tables.count > 5 ? ", …" : "")). Pass another path with --db; the file was left unchanged."
    }
  }
}
