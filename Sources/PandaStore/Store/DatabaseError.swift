import CSQLite

/// A failure reported by SQLite, with the statement that caused it.
package struct DatabaseError: Error, CustomStringConvertible {
  /// SQLite's primary result code (`SQLITE_FULL`, `SQLITE_CANTOPEN`, …).
  package let code: Int32
  /// SQLite's message for the failure.
  package let message: String
  /// The SQL being run, if any; bound values are never included.
  package let sql: String?

  /// Whether the failure means the database file could not be created or opened for writing.
  package var isCannotWrite: Bool {
    [SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH].contains(code & 0xFF)
  }

  /// Whether a write was stopped part-way (a killed import): its journal is still beside the
  /// file, and only a connection that may write can put the file back as it was.
  package var isUnfinishedWrite: Bool { code == SQLITE_READONLY | (3 << 8) }

  /// Whether the file is not an SQLite database at all.
  package var isNotADatabase: Bool { code & 0xFF == SQLITE_NOTADB }

  /// Whether another connection holds the lock the statement needed.
  package var isBusy: Bool {
    [SQLITE_BUSY, SQLITE_LOCKED].contains(code & 0xFF)
  }

  package var description: String {
    if let advice {
      return "\(message) (SQLite error \(code)): \(advice)"
    }
    if let sql {
      return "SQLite error \(code): \(message) (while running \(sql.prefix(80)))"
    }
    return "SQLite error \(code): \(message)"
  }

  /// What the user can do about the common failures.
  private var advice: String? {
    if isUnfinishedWrite {
      return "a write to it was stopped part-way and its journal is still beside it; the next panda command "
        + "that writes (panda import, panda insights) puts it back as it was, then try again"
    }
    return switch code & 0xFF {
    case SQLITE_FULL: "free some disk space and try again"
    case SQLITE_BUSY, SQLITE_LOCKED: "another panda command is using the database; try again when it has finished"
    case SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM: "check that the folder exists and that you may write to it"
    case SQLITE_NOTADB: "this file is not a panda database; pass another with --db"
    case SQLITE_CORRUPT: "the database file is damaged; restore it from a backup or import into a new one with --db"
    default: nil
    }
  }

  /// Creates a value from its stored properties.
  package init(code: Int32, message: String, sql: String?) {
    self.code = code
    self.message = message
    self.sql = sql
  }
}
