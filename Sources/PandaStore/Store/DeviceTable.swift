/// The owner of `devices`: each device an export names, by its identity, interned to one id.
package struct DeviceTable {
  /// The database holding the table.
  let database: Database

  /// The table of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// The id of the device known by `identity`, stored with its description if it is new.
  package func intern(
    identity: String, name: String?, manufacturer: String?, model: String?, hardware: String?, software: String?
  ) throws -> Int64 {
    try database.internedID(
      insert:
        """
        INSERT INTO devices (identity, name, manufacturer, model, hardware, software) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT DO NOTHING
        """,
      select: "SELECT id FROM devices WHERE identity = ?",
      [
        .text(identity), SQLValue(name), SQLValue(manufacturer), SQLValue(model), SQLValue(hardware),
        SQLValue(software),
      ], selecting: [.text(identity)])
  }

  /// Every device's name, by id.
  package func names() throws -> [Int64: String] {
    SourceTable.names(try database.rows("SELECT id, name FROM devices"))
  }
}
