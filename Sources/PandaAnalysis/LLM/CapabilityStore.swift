import PandaStore

/// Remembers, per endpoint and model, which structured-output mode the server accepted, so the
/// next run does not ask for what it refuses.
package struct CapabilityStore {
  let database: Database

  package func structuredOutput(endpoint: String, model: String) throws -> StructuredOutput? {
    try CapabilityTable(database: database).structuredOutput(endpoint: endpoint, model: model).flatMap(
      StructuredOutput.init(rawValue:))
  }

  package func remember(_ mode: StructuredOutput, endpoint: String, model: String) throws {
    try CapabilityTable(database: database).store(mode.rawValue, endpoint: endpoint, model: model)
  }

  /// Creates a value from its stored properties.
  package init(database: Database) {
    self.database = database
  }
}
