/// Temporary tables laid out from the file's own schema, for a connection that must not write
/// to the file but needs its own contents for some tables.
extension Schema {
  /// Creates, for this connection only, an empty temporary table for each of `tables`, with its
  /// indexes, from the `CREATE` statements SQLite keeps for the file: whatever the migrations
  /// made of a table, its copy has the same columns, keys and options. Each copy hides the stored
  /// table of the same name from this connection.
  static func createTemporaryCopies(of tables: [String], in database: Database) throws(DatabaseError) {
    for table in tables {
      let statements = try database.rows(
        """
        SELECT sql FROM main.sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL
        ORDER BY type <> 'table', name
        """, [.text(table)]
      ).compactMap { $0.text("sql") }
      guard !statements.isEmpty else {
        throw DatabaseError(code: 1, message: "the database has no table \(table) to copy", sql: nil)
      }
      for statement in statements {
        guard let temporary = temporaryStatement(statement) else {
          throw DatabaseError(code: 1, message: "cannot make a temporary copy of \(table)", sql: statement)
        }
        try database.execute(temporary)
      }
    }
  }

  /// `statement`, as SQLite keeps it in `sqlite_master`, made to create its table or index in the
  /// connection's temporary schema; `nil` for anything else (a trigger, a view).
  static func temporaryStatement(_ statement: String) -> String? {
    // SQLite keeps these keywords upper case and single-spaced, with the schema name removed.
    if statement.hasPrefix("CREATE TABLE ") {
      return "CREATE TEMP TABLE " + statement.dropFirst("CREATE TABLE ".count)
    }
    for index in ["CREATE INDEX ", "CREATE UNIQUE INDEX "] where statement.hasPrefix(index) {
      return index + "temp." + statement.dropFirst(index.count)
    }
    return nil
  }
}
