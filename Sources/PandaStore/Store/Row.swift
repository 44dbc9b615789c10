import CSQLite

/// One result row, copied out of the statement.
package struct Row: Sendable {
  /// The row's columns in select order.
  let values: [SQLValue]
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
  package func integer(_ name: String) -> Int64? {
    switch value(name) {
    case .integer(let value): value
    case .real(let value): Int64(exactly: value.rounded()) ?? nil
    default: nil
    }
  }

  /// The column called `name` as a double, or `nil` when it is NULL or not a number.
  package func real(_ name: String) -> Double? {
    switch value(name) {
    case .integer(let value): Double(value)
    case .real(let value): value
    default: nil
    }
  }

  /// The column called `name` as text, or `nil` when it is NULL.
  package func text(_ name: String) -> String? {
    switch value(name) {
    case .null: nil
    case .text(let value): value
    case .integer(let value): String(value)
    case .real(let value): String(value)
    }
  }
}
