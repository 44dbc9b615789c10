import CSQLite

/// Reads the current row's columns without copying the row.
package struct ColumnReader {
  let handle: OpaquePointer

  /// Whether `column` is NULL.
  package func isNull(_ column: Column) -> Bool { sqlite3_column_type(handle, column.index) == SQLITE_NULL }
  /// `column` as an integer (0 when NULL).
  package func integer(_ column: Column) -> Int64 { sqlite3_column_int64(handle, column.index) }
  /// `column` as a double (0 when NULL).
  package func real(_ column: Column) -> Double { sqlite3_column_double(handle, column.index) }

  /// `column` as text, or `nil` when it is NULL.
  package func text(_ column: Column) -> String? {
    guard let text = sqlite3_column_text(handle, column.index) else { return nil }
    return String(cString: text)
  }
}
