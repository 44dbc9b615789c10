import PandaCore

/// One tool call a model made during a conversation, and what panda answered.
struct RecordedCall: Sendable, Equatable {
  /// The tool's name, as the model wrote it.
  package var name: String
  /// The arguments as the model wrote them (parsed when they are JSON).
  var arguments: JSONValue
  /// What panda answered.
  var result: ToolResult

  /// Creates a value from its stored properties.
  init(name: String, arguments: JSONValue, result: ToolResult) {
    self.name = name
    self.arguments = arguments
    self.result = result
  }
}
