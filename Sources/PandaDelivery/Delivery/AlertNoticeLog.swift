import PandaStore

/// Which early-warning notices were queued for which destination (`alert_notices`): what lets
/// the nightly run tell each alert's start and end once, and tell an alert that began and ended
/// between two runs at all. It outlives the outbox messages, which `outbox purge` deletes.
struct AlertNoticeLog {
  let database: Database

  /// Whether a notice under `key` was queued for `destination`.
  func wasQueued(_ key: String, for destination: Destination) throws -> Bool {
    try AlertNoticeTable(database: database).contains(key, destinationID: destination.id)
  }

  /// Whether a notice under any of `keys` was queued for any destination, whether or not it is
  /// still set up.
  func wasQueued(anyOf keys: [String]) throws -> Bool {
    let table = AlertNoticeTable(database: database)
    return try keys.contains { try table.contains($0) }
  }

  /// Records that a notice under `key` was queued for `destination` at `now`.
  func record(_ key: String, for destination: Destination, now: Int64) throws {
    try AlertNoticeTable(database: database).insert(key, destinationID: destination.id, now: now)
  }

  /// Creates a value from its stored properties.
  init(database: Database) {
    self.database = database
  }
}
