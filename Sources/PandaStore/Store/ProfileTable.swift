/// The owner of `profile`: the person's characteristics an export states, by key.
package struct ProfileTable {
  /// The database holding the table.
  let database: Database

  /// The table of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// Stores `value` under `key`, replacing what was there.
  package func store(_ value: String, for key: String) throws {
    try database.execute(
      "INSERT INTO profile (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [.text(key), .text(value)])
  }
}
