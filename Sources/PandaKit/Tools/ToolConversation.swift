import Foundation
import PandaPrompts

/// A question answered by a chat model that calls panda's tools: panda runs the tools, sends
/// their answers back, and stops after `maxRounds` rounds of calls, asking then for the answer.
public struct ToolConversation {
  let chat: ChatCompletionsProvider
  let context: ToolContext
  let maxRounds: Int
  /// The total time the conversation may take, all requests and retries together.
  let timeLimit: Duration

  /// - Parameters:
  ///   - maxRounds: the most replies with tool calls before the model is asked for its answer.
  ///   - timeLimit: the total time allowed: a server that sends a token every few seconds never
  ///     trips the idle timeout.
  public init(
    chat: ChatCompletionsProvider, context: ToolContext, maxRounds: Int = 6, timeLimit: Duration = .seconds(120)
  ) {
    self.chat = chat
    self.context = context
    self.maxRounds = max(1, maxRounds)
    self.timeLimit = timeLimit
  }

  /// The tools as OpenAI-style function definitions.
  static var functions: [JSONValue] {
    HealthTools.all.map { tool in
      .object([
        "type": .string("function"),
        "function": .object([
          "name": .string(tool.name), "description": .string(tool.description), "parameters": tool.inputSchema,
        ]),
      ])
    }
  }

  /// The system message.
  var systemPrompt: String {
    BuiltInPrompts.ask.replacingOccurrences(of: "{{today}}", with: context.today.iso)
      .replacingOccurrences(of: "{{timezone}}", with: context.daily.zone.identifier)
  }

  /// The model's answer to `question`, every call it made on the way, and whether it used all
  /// `maxRounds` rounds of calls (its answer was then asked for without tools).
  public func ask(_ question: String) async throws -> (answer: String, calls: [RecordedCall], roundsUsedUp: Bool) {
    var messages: [JSONValue] = [
      .object(["role": .string("system"), "content": .string(systemPrompt)]),
      .object(["role": .string("user"), "content": .string(question)]),
    ]
    var calls: [RecordedCall] = []
    let deadline = (at: ContinuousClock.now + timeLimit, limitSeconds: Int(timeLimit.components.seconds))
    // Some servers answer a streamed request that offers tools with an empty stream
    // (llama-cpp-python), or ignore the tools when streaming: such a turn is asked again whole,
    // and the rest of the conversation is not streamed.
    var stream = true
    for _ in 0..<maxRounds {
      var turn = try await chat.turn(messages, tools: Self.functions, stream: stream, deadline: deadline)
      if stream, chat.streams, turn.calls.isEmpty, turn.content.allSatisfy(\.isWhitespace) || calls.isEmpty {
        stream = false
        turn = try await chat.turn(messages, tools: Self.functions, stream: false, deadline: deadline)
      }
      guard !turn.calls.isEmpty else { return (turn.content, calls, false) }
      messages.append(turn.message)
      for call in turn.calls {
        let arguments = JSONValue.parse(call.arguments)
        let result: ToolResult
        if arguments == nil && !call.arguments.trimmingCharacters(in: .whitespaces).isEmpty {
          result = ToolResult(
            structured: nil, text: "The arguments of \(call.name) are not valid JSON: send a JSON object.",
            isError: true)
        } else {
          result = await HealthTools.call(call.name, arguments: arguments, context: context)
        }
        calls.append(RecordedCall(name: call.name, arguments: arguments ?? .string(call.arguments), result: result))
        messages.append(
          .object(["role": .string("tool"), "tool_call_id": .string(call.id), "content": .string(result.text)]))
      }
    }
    messages.append(
      .object([
        "role": .string("user"),
        "content": .string("That was the last tool call allowed. Answer the question now from the results above."),
      ]))
    return (try await chat.turn(messages, tools: [], stream: stream, deadline: deadline).content, calls, true)
  }
}
