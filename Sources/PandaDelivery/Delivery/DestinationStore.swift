import Foundation
import PandaStore

/// Reads and writes the `delivery_destinations` table.
package struct DestinationStore {
  package let database: Database

  /// A store over `database`.
  package init(database: Database) {
    self.database = database
  }

  /// Adds a destination and returns it with its new id.
  @discardableResult
  package func add(kind: DestinationKind, url: String, options: [String: String], now: Int64) throws -> Destination {
    let encoded = String(decoding: try JSONEncoder.sorted.encode(options), as: UTF8.self)
    try database.execute(
      "INSERT INTO delivery_destinations (kind, url, options, created_at) VALUES (?, ?, ?, ?)",
      [.text(kind.rawValue), .text(url), .text(encoded), .integer(now)])
    return Destination(id: database.lastInsertedRowID, kind: kind, url: url, options: options)
  }

  /// Every destination, oldest first.
  package func all() throws -> [Destination] {
    try database.rows(
      "SELECT id, kind, url, options, disabled_at, disabled_reason FROM delivery_destinations ORDER BY id"
    ).compactMap(destination)
  }

  /// The destinations that receive new deliveries.
  package func enabled() throws -> [Destination] {
    try all().filter { $0.disabledAt == nil }
  }

  /// The destination with `id`, if any.
  package func find(_ id: Int64) throws -> Destination? {
    try all().first { $0.id == id }
  }

  /// Turns a destination off; its queued deliveries wait until it is added again.
  package func disable(_ id: Int64, reason: String, now: Int64) throws {
    try database.execute(
      "UPDATE delivery_destinations SET disabled_at = ?, disabled_reason = ? WHERE id = ? AND disabled_at IS NULL",
      [.integer(now), .text(reason), .integer(id)])
  }

  /// Turns a destination back on; returns how it was before, or `nil` if there is none.
  package func enable(_ id: Int64) throws -> Destination? {
    guard let destination = try find(id) else { return nil }
    try database.execute(
      "UPDATE delivery_destinations SET disabled_at = NULL, disabled_reason = NULL WHERE id = ?", [.integer(id)])
    return destination
  }

  /// Removes a destination with its queued deliveries (the audit records stay); `false` if
  /// there was none.
  package func remove(_ id: Int64) throws -> Bool {
    try database.transaction {
      try database.execute("DELETE FROM outbox WHERE destination_id = ?", [.integer(id)])
      try database.execute("DELETE FROM delivery_destinations WHERE id = ?", [.integer(id)])
      return database.changes > 0
    }
  }

  private func destination(_ row: Row) -> Destination? {
    guard let id = row.integer("id"), let kind = row.text("kind").flatMap(DestinationKind.init(rawValue:)),
      let url = row.text("url")
    else { return nil }
    let options =
      (try? JSONDecoder().decode([String: String].self, from: Data((row.text("options") ?? "{}").utf8))) ?? [:]
    return Destination(
      id: id, kind: kind, url: url, options: options, disabledAt: row.integer("disabled_at"),
      disabledReason: row.text("disabled_reason"))
  }
}

extension JSONEncoder {
  /// An encoder with sorted keys, so equal values encode to equal text.
  package static var sorted: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}
