import Foundation
import PandaStore

/// Reads and writes the `delivery_destinations` table.
package struct DestinationStore {
  let database: Database
  private var table: DestinationTable { DestinationTable(database: database) }

  /// A store over `database`.
  package init(database: Database) {
    self.database = database
  }

  /// Adds a destination and returns it with its new id.
  @discardableResult
  package func add(kind: DestinationKind, url: String, options: [String: String], now: Int64) throws -> Destination {
    let encoded = String(decoding: try JSONEncoder.sorted.encode(options), as: UTF8.self)
    let id = try table.insert(kind: kind.rawValue, url: url, options: encoded, now: now)
    return Destination(id: id, kind: kind, url: url, options: options)
  }

  /// Every destination, oldest first.
  package func all() throws -> [Destination] {
    try table.all().compactMap(destination)
  }

  /// The destinations that receive new deliveries.
  func enabled() throws -> [Destination] {
    try all().filter { $0.disabledAt == nil }
  }

  /// The destination with `id`, if any.
  func find(_ id: Int64) throws -> Destination? {
    try all().first { $0.id == id }
  }

  /// Turns a destination off; its queued deliveries wait until it is added again.
  func disable(_ id: Int64, reason: String, now: Int64) throws {
    try table.disable(id, reason: reason, now: now)
  }

  /// Turns a destination back on; returns how it was before, or `nil` if there is none.
  package func enable(_ id: Int64) throws -> Destination? {
    guard let destination = try find(id) else { return nil }
    try table.enable(id)
    return destination
  }

  /// Removes a destination with its queued deliveries (the audit records stay); `false` if
  /// there was none.
  package func remove(_ id: Int64) throws -> Bool {
    try database.transaction {
      try OutboxTable(database: database).delete(destinationID: id)
      return try table.delete(id)
    }
  }

  private func destination(_ record: DestinationTable.Record) -> Destination? {
    guard let kind = DestinationKind(rawValue: record.kind) else { return nil }
    let options = (try? JSONDecoder().decode([String: String].self, from: Data(record.options.utf8))) ?? [:]
    return Destination(
      id: record.id, kind: kind, url: record.url, options: options, disabledAt: record.disabledAt,
      disabledReason: record.disabledReason)
  }
}

extension JSONEncoder {
  /// An encoder with sorted keys, so equal values encode to equal text.
  static var sorted: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}
