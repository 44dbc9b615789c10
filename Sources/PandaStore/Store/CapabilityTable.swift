/// The owner of `llm_capabilities`: the structured-output mode each endpoint and model accepted.
package struct CapabilityTable {
  /// The database holding the table.
  let database: Database

  /// The table of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// The mode stored for `endpoint` and `model`, as its raw value.
  package func structuredOutput(endpoint: String, model: String) throws -> String? {
    try database.firstRow(
      "SELECT structured_output FROM llm_capabilities WHERE endpoint = ? AND model = ?",
      [.text(endpoint), .text(model)]
    )?.text("structured_output")
  }

  /// Stores `mode` for `endpoint` and `model`, replacing what was stored.
  package func store(_ mode: String, endpoint: String, model: String) throws {
    try database.execute(
      """
      INSERT INTO llm_capabilities (endpoint, model, structured_output) VALUES (?, ?, ?)
      ON CONFLICT (endpoint, model) DO UPDATE SET structured_output = excluded.structured_output
      """, [.text(endpoint), .text(model), .text(mode)])
  }
}
