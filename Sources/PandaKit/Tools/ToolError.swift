/// Why a tool call could not be answered, as a sentence telling the caller what to fix.
public struct ToolError: Error, Equatable, CustomStringConvertible {
  /// The sentence.
  public var message: String

  init(_ message: String) {
    self.message = message
  }

  public var description: String { message }

  /// An argument the tool needs was not given.
  static func missing(_ name: String, tool: String, example: String) -> ToolError {
    ToolError("\(tool) needs \(name), for example \(example).")
  }
}
