import CSQLite

/// A prepared statement, reused across executions and finalized when released.
public final class Statement {
  let handle: OpaquePointer
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
    self.columns = ResultColumns(handle: handle, sql: sql)
    self.database = database
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds `values` to the statement's parameters, in order, after clearing earlier bindings.
  public func bind(_ values: [SQLValue]) throws(DatabaseError) {
    sqlite3_reset(handle)
    for (offset, value) in values.enumerated() {
      try bind(value, at: Int32(offset + 1))
    }
  }

  /// Binds one value to the 1-based parameter `index`.
  public func bind(_ value: SQLValue, at index: Int32) throws(DatabaseError) {
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
  public func execute() throws(DatabaseError) {
    defer { sqlite3_reset(handle) }
    while try step() {}
  }

  /// Runs the statement and returns every row.
  public func rows() throws(DatabaseError) -> [Row] {
    defer { sqlite3_reset(handle) }
    var rows: [Row] = []
    while try step() {
      rows.append(Row(statement: self))
    }
    return rows
  }

  /// The result column called `name`, for reading it on each row of `forEachRow`. A name the
  /// statement does not select, or selects twice, is a mistake in the code, not in the data.
  func column(_ name: String) -> Column { Column(index: columns.index(of: name)) }

  /// Runs the statement and calls `body` for each row, reading columns in place: for scans of
  /// many rows, where copying every row into `Row` values would dominate. The columns are found
  /// by name before the scan (`column(_:)`), not on every row.
  func forEachRow(_ body: (ColumnReader) throws -> Void) throws {
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

/// The names of a statement's result columns, from its `AS` aliases or the columns it selects.
struct ResultColumns: Sendable {
  /// The names in select order.
  let names: [String]
  /// The statement's SQL, for the message when a name is not among them.
  let sql: String
  /// Names more than one column carries: reading one of them is ambiguous.
  private let repeated: [String]

  init(handle: OpaquePointer, sql: String) {
    let names = (0..<sqlite3_column_count(handle)).map { column in
      sqlite3_column_name(handle, column).map { String(cString: $0) } ?? ""
    }
    self.names = names
    self.sql = sql
    repeated = names.enumerated().filter { names[..<$0.offset].contains($0.element) }.map(\.element)
  }

  /// The index of the column called `name`. A name the statement does not select, or selects
  /// twice, is a mistake in the code that reads it, not in the data.
  func index(of name: String) -> Int32 {
    guard let index = names.firstIndex(of: name) else {
      preconditionFailure("no column \"\(name)\" in the result of \(sql)")
    }
    if !repeated.isEmpty && repeated.contains(name) {
      preconditionFailure("more than one column is called \"\(name)\" in the result of \(sql): give each its own AS")
    }
    return Int32(index)
  }
}

/// One result column of a statement, found by its name once (`Statement.column(_:)`) and then
/// read on every row of a scan without looking the name up again.
struct Column {
  /// The column's place in the select list.
  let index: Int32
}

/// Reads the current row's columns without copying the row.
struct ColumnReader {
  let handle: OpaquePointer

  /// Whether `column` is NULL.
  func isNull(_ column: Column) -> Bool { sqlite3_column_type(handle, column.index) == SQLITE_NULL }
  /// `column` as an integer (0 when NULL).
  func integer(_ column: Column) -> Int64 { sqlite3_column_int64(handle, column.index) }
  /// `column` as a double (0 when NULL).
  func real(_ column: Column) -> Double { sqlite3_column_double(handle, column.index) }

  /// `column` as text, or `nil` when it is NULL.
  func text(_ column: Column) -> String? {
    guard let text = sqlite3_column_text(handle, column.index) else { return nil }
    return String(cString: text)
  }
}

/// A value SQLite stores.
public enum SQLValue: Equatable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
}

extension SQLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
  public init(stringLiteral value: String) { self = .text(value) }
  public init(integerLiteral value: Int64) { self = .integer(value) }
}

/// One result row, copied out of the statement.
public struct Row: Sendable {
  /// The row's columns in select order.
  public let values: [SQLValue]
  /// The names of `values`, in the same order.
  let columns: ResultColumns

  init(statement: Statement) {
    let count = sqlite3_column_count(statement.handle)
    values = (0..<count).map { column in
      switch sqlite3_column_type(statement.handle, column) {
      case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement.handle, column))
      case SQLITE_FLOAT: .real(sqlite3_column_double(statement.handle, column))
      case SQLITE_NULL: .null
      default: .text(String(cString: sqlite3_column_text(statement.handle, column)))
      }
    }
    columns = statement.columns
  }

  private func value(_ name: String) -> SQLValue { values[Int(columns.index(of: name))] }

  /// The column called `name` as an integer, or `nil` when it is NULL or not a number.
  public func integer(_ name: String) -> Int64? {
    switch value(name) {
    case .integer(let value): value
    case .real(let value): Int64(exactly: value.rounded()) ?? nil
    default: nil
    }
  }

  /// The column called `name` as a double, or `nil` when it is NULL or not a number.
  public func real(_ name: String) -> Double? {
    switch value(name) {
    case .integer(let value): Double(value)
    case .real(let value): value
    default: nil
    }
  }

  /// The column called `name` as text, or `nil` when it is NULL.
  public func text(_ name: String) -> String? {
    switch value(name) {
    case .null: nil
    case .text(let value): value
    case .integer(let value): String(value)
    case .real(let value): String(value)
    }
  }
}
