import PandaCore

/// One thing a model may ask panda: its name, what it answers, the shape of its arguments and
/// of its answer (JSON Schema), and the function that answers. The MCP server, `panda ask` and
/// the tests all read the same definitions (see `HealthTools.all`).
struct HealthTool: Sendable {
  /// The name a client calls it by: `daily_values`.
  package let name: String
  /// A short human title.
  let title: String
  /// What it answers and when to use it, for the model.
  let description: String
  /// The JSON Schema of the arguments.
  let inputSchema: JSONValue
  /// The JSON Schema of the answer.
  let outputSchema: JSONValue
  /// Answers a call with checked arguments; throws `ToolError` for arguments it cannot use.
  let handler: @Sendable (ToolArguments, ToolContext) async throws -> JSONValue

  init(
    name: String, title: String, description: String, inputSchema: JSONValue, outputSchema: JSONValue,
    handler: @escaping @Sendable (ToolArguments, ToolContext) async throws -> JSONValue
  ) {
    self.name = name
    self.title = title
    self.description = description
    self.inputSchema = inputSchema
    self.outputSchema = outputSchema
    self.handler = handler
  }

  /// The names of the arguments the tool takes.
  var argumentNames: [String] {
    guard case .object(let properties)? = inputSchema["properties"] else { return [] }
    return properties.keys.sorted()
  }

  /// The names of the arguments it cannot do without.
  var requiredArguments: [String] {
    inputSchema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
  }
}
