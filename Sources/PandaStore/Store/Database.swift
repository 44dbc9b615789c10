import CSQLite
import Foundation

/// One SQLite connection. Not `Sendable`: a single owner uses it from one thread at a time.
package final class Database {
  let handle: OpaquePointer
  /// The path the connection was opened with.
  let path: String
  private var cachedStatements: [String: Statement] = [:]
  private var busyWait: BusyWait?

  /// Opens (creating if needed) the database at `path`. A read-only connection never writes to
  /// the file; on a folder it cannot write to (read-only media) it reads the file as immutable,
  /// since nothing else can be writing it either.
  package init(path: String, readOnly: Bool = false) throws(DatabaseError) {
    var handle: OpaquePointer?
    var flags =
      readOnly
      ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
      : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    var name = path
    if readOnly && Self.isOnReadOnlyMedia(path) {
      flags |= SQLITE_OPEN_URI
      name = URL(fileURLWithPath: path).absoluteString + "?immutable=1"
    }
    let code = sqlite3_open_v2(name, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      throw DatabaseError(code: code, message: message, sql: nil)
    }
    self.handle = handle
    self.path = path
    sqlite3_extended_result_codes(handle, 1)
    waitWhenBusy(upTo: 5)
  }

  /// Switches to write-ahead logging, so readers never wait for a writer. Persistent: the file
  /// remembers it.
  func useWriteAheadLog() throws(DatabaseError) {
    try execute("PRAGMA journal_mode = WAL")
    try execute("PRAGMA synchronous = NORMAL")
    // A large import grows the write-ahead log to the size of what it wrote; give the space back.
    try execute("PRAGMA journal_size_limit = 67108864")
  }

  /// Makes each commit wait until it is on the disk, not only in the write-ahead log's page cache
  /// (`NORMAL`'s trade-off): for a writer that deletes its input once the commit returns.
  package func syncEveryCommit() throws(DatabaseError) {
    try execute("PRAGMA synchronous = FULL")
  }

  /// Runs `body` with a rollback journal in place of the write-ahead log, then switches back.
  ///
  /// Writing pages that are new to the file, a rollback journal records nothing, where the
  /// log holds each page twice (once in the log, once when written back): for a transaction that
  /// fills an empty file, half the writing. It needs the file to itself: while another
  /// connection has it open, `body` runs with the log as usual. Other connections wait while
  /// `body` writes, so only use it where they have nothing to read yet.
  package func withRollbackJournal<Result>(_ body: () throws -> Result) throws -> Result {
    let switched = (try? firstRow("PRAGMA journal_mode = DELETE"))?.text("journal_mode") == "delete"
    // Should switching back fail, the next connection to open the file switches to the log.
    defer { if switched { try? useWriteAheadLog() } }
    return try body()
  }

  /// Whether the file's folder cannot be written and no write-ahead log exists: SQLite cannot
  /// create the shared-memory files a reader of a WAL database needs there.
  private static func isOnReadOnlyMedia(_ path: String) -> Bool {
    let folder = (path as NSString).deletingLastPathComponent
    return access(folder.isEmpty ? "." : folder, W_OK) != 0 && access(path + "-wal", F_OK) != 0
  }

  /// When another connection holds the lock a statement needs, retries for up to `seconds`,
  /// stopping early once `isCancelled` returns `true` (Ctrl-C): the statement then fails busy.
  func waitWhenBusy(upTo seconds: Double, unless isCancelled: @escaping @Sendable () -> Bool = { false }) {
    let wait = BusyWait(seconds: seconds, isCancelled: isCancelled)
    busyWait = wait
    sqlite3_busy_handler(
      handle,
      { context, attempt in
        guard let context else { return 0 }
        return Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue().shouldRetry(attempt: attempt) ? 1 : 0
      }, Unmanaged.passUnretained(wait).toOpaque())
  }

  deinit {
    cachedStatements.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Runs one or more statements that take no parameters.
  package func execute(_ sql: String) throws(DatabaseError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw error(code: code, sql: sql) }
  }

  /// Runs one statement with `values` bound to its parameters.
  package func execute(_ sql: String, _ values: [SQLValue]) throws(DatabaseError) {
    let statement = try cachedStatement(sql)
    try statement.bind(values)
    try statement.execute()
  }

  /// Returns every row of a query.
  func rows(_ sql: String, _ values: [SQLValue] = []) throws(DatabaseError) -> [Row] {
    let statement = try cachedStatement(sql)
    try statement.bind(values)
    return try statement.rows()
  }

  /// Returns the first row of a query, if any.
  func firstRow(_ sql: String, _ values: [SQLValue] = []) throws(DatabaseError) -> Row? {
    try rows(sql, values).first
  }

  /// A prepared statement for `sql`, prepared once per connection and reused.
  func cachedStatement(_ sql: String) throws(DatabaseError) -> Statement {
    if let statement = cachedStatements[sql] { return statement }
    let statement = try Statement(database: self, sql: sql, persistent: true)
    cachedStatements[sql] = statement
    return statement
  }

  /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws.
  @discardableResult
  package func transaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Writes the write-ahead log back into the database file and truncates it to nothing. Not a
  /// failure when readers still use the log: it is written back when they finish.
  package func checkpoint() throws(DatabaseError) {
    let sql = "PRAGMA wal_checkpoint(TRUNCATE)"
    let code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
    guard code == SQLITE_OK || code & 0xFF == SQLITE_BUSY else { throw error(code: code, sql: sql) }
  }

  /// The rowid of the most recent successful insert.
  package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// How many rows the most recent statement inserted, updated or deleted.
  package var changes: Int { Int(sqlite3_changes(handle)) }

  func error(code: Int32, sql: String?) -> DatabaseError {
    DatabaseError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
  }
}
