import PandaCore

/// The answer to one tool call: the structured answer, or a sentence saying what to fix.
struct ToolResult: Sendable, Equatable {
  /// The answer as JSON; `nil` for an error.
  var structured: JSONValue?
  /// The answer as text: the JSON itself, or the error's sentence.
  package var text: String
  /// Whether the call failed because of its arguments (or the data could not be read).
  var isError: Bool

  /// Creates a value from its stored properties.
  init(structured: JSONValue? = nil, text: String, isError: Bool) {
    self.structured = structured
    self.text = text
    self.isError = isError
  }
}
