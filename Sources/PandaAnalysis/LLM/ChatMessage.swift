import PandaCore

/// One chat message.
package struct ChatMessage: Sendable, Equatable {
  package var role: String
  package var content: String

  var json: JSONValue { .object(["role": .string(role), "content": .string(content)]) }
}
