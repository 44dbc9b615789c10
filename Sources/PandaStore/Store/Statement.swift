import CSQLite

/// A prepared statement, reused across executions and finalized when released.
package final class Statement {
  package let handle: OpaquePointer
  let sql: String
  /// The names of the columns each row has, in select order.
  let columns: ResultColumns
  private unowned let database: Database

  init(database: Database, sql: String, persistent: Bool) throws(DatabaseError) {
    var handle: OpaquePointer?
    let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
    let code = sqlite3_prepare_v3(database.handle, sql, -1, flags, &handle, nil)
    guard code == SQLITE_OK, let handle else {
      throw database.error(code: code, sql: sql)
    }
    self.handle = handle
    self.sql = sql
    self.columns = ResultColumns.of(handle, sql: sql)
    self.database = database
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds `values` to the statement's parameters, in order, after clearing earlier bindings.
  package func bind(_ values: [SQLValue]) throws(DatabaseError) {
    sqlite3_reset(handle)
    for (offset, value) in values.enumerated() {
      try bind(value, at: Int32(offset + 1))
    }
  }

  /// Binds one value to the 1-based parameter `index`.
  func bind(_ value: SQLValue, at index: Int32) throws(DatabaseError) {
    let code: Int32
    switch value {
    case .null: code = sqlite3_bind_null(handle, index)
    case .integer(let integer): code = sqlite3_bind_int64(handle, index, integer)
    case .real(let real): code = sqlite3_bind_double(handle, index, real)
    case .text(let text): code = sqlite3_bind_text(handle, index, text, -1, csqlite_transient())
    }
    guard code == SQLITE_OK else { throw database.error(code: code, sql: sql) }
  }

  /// Runs the statement to completion, discarding any rows.
  package func execute() throws(DatabaseError) {
    defer { sqlite3_reset(handle) }
    while try step() {}
  }

  /// Runs the statement and returns every row.
  package func rows() throws(DatabaseError) -> [Row] {
    defer { sqlite3_reset(handle) }
    var rows: [Row] = []
    while try step() {
      rows.append(Row(statement: self))
    }
    return rows
  }

  /// The result column called `name`, for reading it on each row of `forEachRow`. A name the
  /// statement does not select, or selects twice, is a mistake in the code, not in the data.
  package func column(_ name: String) -> Column { Column(index: columns.index(of: name)) }

  /// Runs the statement and calls `body` for each row, reading columns in place: for scans of
  /// many rows, where copying every row into `Row` values would dominate. The columns are found
  /// by name before the scan (`column(_:)`), not on every row.
  package func forEachRow(_ body: (ColumnReader) throws -> Void) throws {
    defer { sqlite3_reset(handle) }
    let reader = ColumnReader(handle: handle)
    while try step() {
      try body(reader)
    }
  }

  /// Advances to the next row; `false` once the statement is done.
  func step() throws(DatabaseError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code: throw database.error(code: code, sql: sql)
    }
  }
}
