import CSQLite

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
