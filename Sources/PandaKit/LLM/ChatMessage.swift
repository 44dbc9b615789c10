/// One chat message.
public struct ChatMessage: Sendable, Equatable {
  public var role: String
  public var content: String

  var json: JSONValue { .object(["role": .string(role), "content": .string(content)]) }
}
