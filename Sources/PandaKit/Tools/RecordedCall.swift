/// One tool call a model made during a conversation, and what panda answered.
public struct RecordedCall: Sendable, Equatable {
  /// The tool's name, as the model wrote it.
  public var name: String
  /// The arguments as the model wrote them (parsed when they are JSON).
  public var arguments: JSONValue
  /// What panda answered.
  public var result: ToolResult
}
