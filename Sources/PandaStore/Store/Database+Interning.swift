import CSQLite

extension Database {
  /// The id of the row `insert` stores unless it is there, read back with `select` (bound to
  /// `selecting`, or to `values`): how the small name tables give each name one id.
  func internedID(insert: String, select: String, _ values: [SQLValue], selecting: [SQLValue]? = nil)
    throws(DatabaseError) -> Int64
  {
    try execute(insert, values)
    guard let id = try firstRow(select, selecting ?? values)?.integer("id") else {
      throw DatabaseError(code: SQLITE_INTERNAL, message: "interned row vanished", sql: select)
    }
    return id
  }
}
