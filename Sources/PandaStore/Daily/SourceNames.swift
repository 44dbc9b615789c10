import PandaCore

/// Source and device names by id, for people.
package struct SourceNames: Sendable {
  /// Source names by id.
  var sources: [Int64: String] = [:]
  /// Device names (else models) by id.
  var devices: [Int64: String] = [:]

  /// Every source and device name `database` holds, control characters escaped (a name came
  /// from a file or a push, and is printed).
  package static func load(from database: Database) throws -> SourceNames {
    var names = SourceNames()
    for row in try database.rows("SELECT id, name FROM sources") {
      if let id = row.integer("id") { names.sources[id] = EchoedText.escaped(row.text("name") ?? "") }
    }
    for row in try database.rows("SELECT id, name, model FROM devices") {
      if let id = row.integer("id"), let name = row.text("name") ?? row.text("model") {
        names.devices[id] = EchoedText.escaped(name)
      }
    }
    return names
  }

  /// The source's name.
  package func source(_ id: Int64) -> String {
    id == DailyValueStore.pushedSource ? DailyValueStore.pushedSourceName : sources[id] ?? "source \(id)"
  }

  /// The device's name, `nil` for none.
  package func device(_ id: Int64) -> String? { id < 0 ? nil : devices[id] }

  /// `Sam's Apple Watch (Apple Watch)`, or the source alone.
  package func both(_ source: Int64, _ device: Int64) -> String {
    self.device(device).map { "\(self.source(source)) (\($0))" } ?? self.source(source)
  }

  /// Creates a value from its stored properties.
  init(sources: [Int64: String] = [:], devices: [Int64: String] = [:]) {
    self.sources = sources
    self.devices = devices
  }
}
