/// The answer to one tool call: the structured answer, or a sentence saying what to fix.
public struct ToolResult: Sendable, Equatable {
  /// The answer as JSON; `nil` for an error.
  public var structured: JSONValue?
  /// The answer as text: the JSON itself, or the error's sentence.
  public var text: String
  /// Whether the call failed because of its arguments (or the data could not be read).
  public var isError: Bool
}
