import CSQLite

/// One SQLite connection. Not `Sendable`: a single owner uses it from one thread at a time.
public final class Database {
  let handle: OpaquePointer
  /// The path the connection was opened with.
  public let path: String
  private var cachedStatements: [String: Statement] = [:]

  /// Opens (creating if needed) the database at `path` with panda's connection settings.
  public init(path: String, readOnly: Bool = false) throws(DatabaseError) {
    var handle: OpaquePointer?
    let flags =
      readOnly
      ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
      : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      throw DatabaseError(code: code, message: message, sql: nil)
    }
    self.handle = handle
    self.path = path
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, 5_000)
    if !readOnly {
      try execute("PRAGMA journal_mode = WAL")
      try execute("PRAGMA synchronous = NORMAL")
      // A large import grows the write-ahead log to the size of what it wrote; give the space back.
      try execute("PRAGMA journal_size_limit = 67108864")
    }
  }

  deinit {
    cachedStatements.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Runs one or more statements that take no parameters.
  public func execute(_ sql: String) throws(DatabaseError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw error(code: code, sql: sql) }
  }

  /// Runs one statement with `values` bound to its parameters.
  public func execute(_ sql: String, _ values: [SQLValue]) throws(DatabaseError) {
    let statement = try cachedStatement(sql)
    try statement.bind(values)
    try statement.execute()
  }

  /// Returns every row of a query.
  public func rows(_ sql: String, _ values: [SQLValue] = []) throws(DatabaseError) -> [Row] {
    let statement = try cachedStatement(sql)
    try statement.bind(values)
    return try statement.rows()
  }

  /// Returns the first row of a query, if any.
  public func firstRow(_ sql: String, _ values: [SQLValue] = []) throws(DatabaseError) -> Row? {
    try rows(sql, values).first
  }

  /// A prepared statement for `sql`, prepared once per connection and reused.
  public func cachedStatement(_ sql: String) throws(DatabaseError) -> Statement {
    if let statement = cachedStatements[sql] { return statement }
    let statement = try Statement(database: self, sql: sql, persistent: true)
    cachedStatements[sql] = statement
    return statement
  }

  /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws.
  @discardableResult
  public func transaction<T>(_ body: () throws -> T) throws -> T {
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

  /// The rowid of the most recent successful insert.
  public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// How many rows the most recent statement inserted, updated or deleted.
  public var changes: Int { Int(sqlite3_changes(handle)) }

  func error(code: Int32, sql: String?) -> DatabaseError {
    DatabaseError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
  }
}
