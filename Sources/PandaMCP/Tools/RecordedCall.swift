import PandaCore

/// One tool call a model made during a conversation, and what panda answered.
package struct RecordedCall: Sendable, Equatable {
  /// The tool's name, as the model wrote it.
  package var name: String
  /// The arguments as the model wrote them (parsed when they are JSON).
  package var arguments: JSONValue
  /// What panda answered.
  package var result: ToolResult

  /// Creates a value from its stored properties.
  package init(name: String, arguments: JSONValue, result: ToolResult) {
    self.name = name
    self.arguments = arguments
    self.result = result
  }
}
