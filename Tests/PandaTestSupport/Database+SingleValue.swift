@testable import PandaStore

/// Queries that select one value (`SELECT count(*) FROM samples`, `PRAGMA journal_mode`), read
/// by the name of their one column.
extension Database {
  /// The value of the first row as an integer; `nil` without a row or when it is NULL.
  func integer(_ sql: String, _ values: [SQLValue] = []) throws -> Int64? {
    try onlyColumn(sql, values) { row, name in row.integer(name) }
  }

  /// The value of the first row as a double; `nil` without a row or when it is NULL.
  func real(_ sql: String, _ values: [SQLValue] = []) throws -> Double? {
    try onlyColumn(sql, values) { row, name in row.real(name) }
  }

  /// The value of the first row as text; `nil` without a row or when it is NULL.
  func text(_ sql: String, _ values: [SQLValue] = []) throws -> String? {
    try onlyColumn(sql, values) { row, name in row.text(name) }
  }

  private func onlyColumn<Value>(_ sql: String, _ values: [SQLValue], _ read: (Row, String) -> Value?) throws
    -> Value?
  {
    let names = try cachedStatement(sql).columns.names
    precondition(names.count == 1, "\(sql) selects \(names.count) columns, not one")
    return try firstRow(sql, values).flatMap { read($0, names[0]) }
  }
}
