import PandaStore

/// Which early-warning notices were queued for which destination (`alert_notices`): what lets
/// the nightly run tell each alert's start and end once, and tell an alert that began and ended
/// between two runs at all. It outlives the outbox messages, which `outbox purge` deletes.
package struct AlertNoticeLog {
  package let database: Database

  /// Whether a notice under `key` was queued for `destination`.
  package func wasQueued(_ key: String, for destination: Destination) throws -> Bool {
    try database.firstRow(
      "SELECT 1 FROM alert_notices WHERE dedup_key = ? AND destination_id = ?",
      [.text(key), .integer(destination.id)]) != nil
  }

  /// Whether a notice under any of `keys` was queued for any destination, whether or not it is
  /// still set up.
  package func wasQueued(anyOf keys: [String]) throws -> Bool {
    try keys.contains { key in
      try database.firstRow("SELECT 1 FROM alert_notices WHERE dedup_key = ?", [.text(key)]) != nil
    }
  }

  /// Records that a notice under `key` was queued for `destination` at `now`.
  package func record(_ key: String, for destination: Destination, now: Int64) throws {
    try database.execute(
      "INSERT OR IGNORE INTO alert_notices (dedup_key, destination_id, queued_at) VALUES (?, ?, ?)",
      [.text(key), .integer(destination.id), .integer(now)])
  }

  /// Creates a value from its stored properties.
  package init(database: Database) {
    self.database = database
  }
}
