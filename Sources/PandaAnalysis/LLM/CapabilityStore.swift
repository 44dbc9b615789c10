import PandaStore

/// Remembers, per endpoint and model, which structured-output mode the server accepted, so the
/// next run does not ask for what it refuses.
package struct CapabilityStore {
  package let database: Database

  package func structuredOutput(endpoint: String, model: String) throws -> StructuredOutput? {
    try database.firstRow(
      "SELECT structured_output FROM llm_capabilities WHERE endpoint = ? AND model = ?",
      [.text(endpoint), .text(model)]
    )?.text("structured_output").flatMap(StructuredOutput.init(rawValue:))
  }

  package func remember(_ mode: StructuredOutput, endpoint: String, model: String) throws {
    try database.execute(
      """
      INSERT INTO llm_capabilities (endpoint, model, structured_output) VALUES (?, ?, ?)
      ON CONFLICT (endpoint, model) DO UPDATE SET structured_output = excluded.structured_output
      """, [.text(endpoint), .text(model), .text(mode.rawValue)])
  }

  /// Creates a value from its stored properties.
  package init(database: Database) {
    self.database = database
  }
}
