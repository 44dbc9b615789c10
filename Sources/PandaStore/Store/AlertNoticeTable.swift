/// The owner of `alert_notices`: which early-warning notices were queued for which destination.
package struct AlertNoticeTable {
  /// The database holding the table.
  let database: Database

  /// The table of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// Whether a notice under `key` was queued for destination `destinationID`.
  package func contains(_ key: String, destinationID: Int64) throws -> Bool {
    try database.firstRow(
      "SELECT 1 FROM alert_notices WHERE dedup_key = ? AND destination_id = ?",
      [.text(key), .integer(destinationID)]) != nil
  }

  /// Whether a notice under `key` was queued for any destination.
  package func contains(_ key: String) throws -> Bool {
    try database.firstRow("SELECT 1 FROM alert_notices WHERE dedup_key = ?", [.text(key)]) != nil
  }

  /// Records that a notice under `key` was queued for `destinationID` at `now`, unless it was.
  package func insert(_ key: String, destinationID: Int64, now: Int64) throws {
    try database.execute(
      "INSERT OR IGNORE INTO alert_notices (dedup_key, destination_id, queued_at) VALUES (?, ?, ?)",
      [.text(key), .integer(destinationID), .integer(now)])
  }
}
