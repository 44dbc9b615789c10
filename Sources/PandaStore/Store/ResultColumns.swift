import CSQLite

/// The names of a statement's result columns, from its `AS` aliases or the columns it selects.
struct ResultColumns: Sendable {
  /// The names in select order.
  let names: [String]
  /// The statement's SQL, for the message when a name is not among them.
  let sql: String
  /// Names more than one column carries: reading one of them is ambiguous.
  private let repeated: [String]

  /// The result columns of the prepared statement `handle`.
  static func of(_ handle: OpaquePointer, sql: String) -> ResultColumns {
    let names = (0..<sqlite3_column_count(handle)).map { column in
      sqlite3_column_name(handle, column).map { String(cString: $0) } ?? ""
    }
    let repeated = names.enumerated().filter { names[..<$0.offset].contains($0.element) }.map(\.element)
    return ResultColumns(names: names, sql: sql, repeated: repeated)
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
