/// Why a tool call could not be answered, as a sentence telling the caller what to fix.
package struct ToolError: Error, Equatable, CustomStringConvertible {
  /// The sentence.
  var message: String

  init(_ message: String) {
    self.message = message
  }

  package var description: String { message }

  /// An argument the tool needs was not given.
  static func missing(_ name: String, tool: String, example: String) -> ToolError {
    ToolError("\(tool) needs \(name), for example \(example).")
  }
}
