/// The owner of `delivery_destinations`: every statement that reads or writes it.
/// `DestinationStore` (Delivery) gives its rows their kinds and options.
package struct DestinationTable {
  /// One row, as stored.
  package struct Record: Sendable, Equatable {
    /// `id`.
    package var id: Int64
    /// `kind`.
    package var kind: String
    /// `url`.
    package var url: String
    /// `options`: a JSON object of strings.
    package var options: String
    /// `disabled_at`.
    package var disabledAt: Int64?
    /// `disabled_reason`.
    package var disabledReason: String?
  }

  /// The database holding the table.
  let database: Database

  /// The table of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// Inserts a destination; returns its id.
  package func insert(kind: String, url: String, options: String, now: Int64) throws -> Int64 {
    try database.execute(
      "INSERT INTO delivery_destinations (kind, url, options, created_at) VALUES (?, ?, ?, ?)",
      [.text(kind), .text(url), .text(options), .integer(now)])
    return database.lastInsertedRowID
  }

  /// Every row, by id.
  package func all() throws -> [Record] {
    try database.rows(
      "SELECT id, kind, url, options, disabled_at, disabled_reason FROM delivery_destinations ORDER BY id"
    ).compactMap { row in
      guard let id = row.integer("id"), let kind = row.text("kind"), let url = row.text("url") else { return nil }
      return Record(
        id: id, kind: kind, url: url, options: row.text("options") ?? "{}", disabledAt: row.integer("disabled_at"),
        disabledReason: row.text("disabled_reason"))
    }
  }

  /// Turns destination `id` off at `now`, unless it is off already.
  package func disable(_ id: Int64, reason: String, now: Int64) throws {
    try database.execute(
      "UPDATE delivery_destinations SET disabled_at = ?, disabled_reason = ? WHERE id = ? AND disabled_at IS NULL",
      [.integer(now), .text(reason), .integer(id)])
  }

  /// Turns destination `id` back on.
  package func enable(_ id: Int64) throws {
    try database.execute(
      "UPDATE delivery_destinations SET disabled_at = NULL, disabled_reason = NULL WHERE id = ?", [.integer(id)])
  }

  /// Deletes destination `id`; returns whether there was one.
  package func delete(_ id: Int64) throws -> Bool {
    try database.execute("DELETE FROM delivery_destinations WHERE id = ?", [.integer(id)])
    return database.changes > 0
  }
}
