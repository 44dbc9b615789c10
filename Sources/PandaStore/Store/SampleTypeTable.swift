/// The owner of `sample_types`: each Health type identifier and unit, interned to one id.
package struct SampleTypeTable {
  /// The database holding the table.
  let database: Database

  /// The table of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// The id of `identifier` in `unit`, stored if it is new.
  package func intern(_ identifier: String, unit: String) throws -> Int64 {
    try database.internedID(
      insert: "INSERT INTO sample_types (identifier, unit) VALUES (?, ?) ON CONFLICT DO NOTHING",
      select: "SELECT id FROM sample_types WHERE identifier = ? AND unit = ?",
      [.text(identifier), .text(unit)])
  }

  /// Every type's id.
  package func ids() throws -> [Int64] {
    try database.rows("SELECT id FROM sample_types").compactMap { $0.integer("id") }
  }

  /// The identifier of type `id`.
  package func identifier(of id: Int64) throws -> String? {
    try database.firstRow("SELECT identifier FROM sample_types WHERE id = ?", [.integer(id)])?.text("identifier")
  }

  /// Every identifier, once each, whatever its units.
  package func identifiers() throws -> [String] {
    try database.rows("SELECT DISTINCT identifier FROM sample_types").compactMap { $0.text("identifier") }
  }

  /// Every type's identifier and unit, by id.
  package func all() throws -> [Int64: (identifier: String, unit: String)] {
    var types: [Int64: (identifier: String, unit: String)] = [:]
    for row in try database.rows("SELECT id, identifier, unit FROM sample_types") {
      if let id = row.integer("id") { types[id] = (row.text("identifier") ?? "", row.text("unit") ?? "") }
    }
    return types
  }
}
