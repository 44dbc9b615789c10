/// The owner of `sources`: each source (app or device) name, interned to one id.
package struct SourceTable {
  /// The database holding the table.
  let database: Database

  /// The table of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// The id of source `name`, stored if it is new.
  package func intern(_ name: String) throws -> Int64 {
    try database.internedID(
      insert: "INSERT INTO sources (name) VALUES (?) ON CONFLICT DO NOTHING",
      select: "SELECT id FROM sources WHERE name = ?",
      [.text(name)])
  }

  /// Every source's name, by id.
  package func names() throws -> [Int64: String] {
    Self.names(try database.rows("SELECT id, name FROM sources"))
  }

  /// The names of `rows` of ids and names, by id.
  static func names(_ rows: [Row]) -> [Int64: String] {
    var names: [Int64: String] = [:]
    for row in rows {
      if let id = row.integer("id") { names[id] = row.text("name") ?? "" }
    }
    return names
  }
}
