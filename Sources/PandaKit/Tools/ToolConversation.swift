import Foundation
import PandaPrompts

/// A question turned by a chat model into claims: the model may call panda's read tools to see
/// what there is, then calls `answer` with the claims panda should compute and state. It stops
/// after `maxRounds` rounds of calls, asking then for the claims alone. A server that cannot call
/// tools is asked for the claims through structured output. Nothing the model writes is kept.
public struct ToolConversation {
  let chat: ChatCompletionsProvider
  let context: ToolContext
  let maxRounds: Int
  /// The total time the conversation may take, all requests and retries together.
  let timeLimit: Duration

  /// How the conversation ended.
  public enum Reply: Sendable, Equatable {
    /// The claims the model sent, as it sent them (possibly none).
    case claims([JSONValue])
    /// The model wrote words rather than claims; why nothing is shown.
    case words(reason: String)
  }

  /// - Parameters:
  ///   - maxRounds: the most replies with tool calls before the model is asked for its claims.
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

  /// The name of the tool that ends the conversation.
  static let answerTool = "answer"

  /// The read tools and `answer`, as OpenAI-style function definitions.
  static var functions: [JSONValue] {
    HealthTools.all.map { tool in function(tool.name, tool.description, tool.inputSchema) } + [answerFunction]
  }

  /// `answer` as a function definition.
  static var answerFunction: JSONValue {
    function(
      answerTool,
      "Call last, once: the claims panda should compute from the data and state, in its own words. "
        + "Give ISO dates (turn \"last week\" or \"in June\" into from and to). An empty list says that no claim "
        + "can answer the question (a diagnosis, medication, a prediction).",
      Claim.answerSchema(strict: false))
  }

  private static func function(_ name: String, _ description: String, _ parameters: JSONValue) -> JSONValue {
    .object([
      "type": .string("function"),
      "function": .object([
        "name": .string(name), "description": .string(description), "parameters": parameters,
      ]),
    ])
  }

  /// The system message.
  var systemPrompt: String {
    BuiltInPrompts.ask.replacingOccurrences(of: "{{today}}", with: context.today.iso)
      .replacingOccurrences(of: "{{timezone}}", with: context.daily.zone.identifier)
  }

  /// What the message asking for claims alone says, with an example reply.
  static let claimsOnly = """
    Reply now with the JSON object of the claims panda should compute, and nothing else, such as \
    {"claims": [{"kind": "stat", "metric": "steps", "stat": "mean", "from": "2026-11-13", "to": "2026-11-19"}]}.
    """

  /// The model's claims for `question` (or why there are none), every call it made on the way,
  /// and whether it used all `maxRounds` rounds of calls.
  public func ask(_ question: String) async throws -> (reply: Reply, calls: [RecordedCall], roundsUsedUp: Bool) {
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
      var turn: ChatCompletionsProvider.ToolTurn
      do {
        turn = try await chat.turn(messages, tools: Self.functions, stream: stream, deadline: deadline)
        if stream, chat.streams, turn.calls.isEmpty, turn.content.allSatisfy(\.isWhitespace) || calls.isEmpty {
          stream = false
          turn = try await chat.turn(messages, tools: Self.functions, stream: false, deadline: deadline)
        }
      } catch ProviderError.http(_, let message) where calls.isEmpty && ChatCompletionsProvider.refusesTools(message) {
        // A server without tool calling: the same claims, through structured output.
        return (try await structuredClaims(messages, calls: calls, deadline: deadline), calls, false)
      }
      guard !turn.calls.isEmpty else {
        if let claims = Self.claims(inText: turn.content) { return (.claims(claims), calls, false) }
        // Words instead of claims: asked once more, for the claims alone.
        messages.append(.object(["role": .string("assistant"), "content": .string(turn.content)]))
        return (try await structuredClaims(messages, calls: calls, deadline: deadline), calls, false)
      }
      messages.append(turn.message)
      for call in turn.calls {
        let arguments = JSONValue.parse(call.arguments)
        let result: ToolResult
        if arguments == nil && !call.arguments.trimmingCharacters(in: .whitespaces).isEmpty {
          result = ToolResult(
            structured: nil, text: "The arguments of \(call.name) are not valid JSON: send a JSON object.",
            isError: true)
        } else if call.name == Self.answerTool {
          do {
            let claims = try Claim.claims(in: arguments)
            calls.append(
              RecordedCall(
                name: call.name, arguments: arguments ?? .null,
                result: ToolResult(structured: nil, text: "The claims were received.", isError: false)))
            return (.claims(claims), calls, false)
          } catch {
            result = ToolResult(structured: nil, text: error.message, isError: true)
          }
        } else {
          result = await HealthTools.call(call.name, arguments: arguments, context: context)
        }
        calls.append(RecordedCall(name: call.name, arguments: arguments ?? .string(call.arguments), result: result))
        messages.append(
          .object(["role": .string("tool"), "tool_call_id": .string(call.id), "content": .string(result.text)]))
      }
    }
    return (try await structuredClaims(messages, calls: calls, deadline: deadline), calls, true)
  }

  /// Asks for the claims alone through structured output, after `messages`.
  private func structuredClaims(
    _ messages: [JSONValue], calls: [RecordedCall], deadline: (at: ContinuousClock.Instant, limitSeconds: Int)
  ) async throws -> Reply {
    let asked = messages + [.object(["role": .string("user"), "content": .string(Self.claimsOnly)])]
    let content = try await chat.structuredTurn(
      asked, schema: Claim.answerSchema(strict: true), name: "claims", deadline: deadline)
    if let claims = Self.claims(inText: content) { return .claims(claims) }
    var reason = "the model wrote words instead of claims, and panda shows nothing a model writes itself"
    if let failed = calls.last(where: \.result.isError) {
      reason +=
        " (its call of \(EchoedText.quoted(failed.name, limit: 40)) could not be answered: \(failed.result.text))"
    }
    return .words(reason: reason)
  }

  /// The claims in a reply's text: a JSON object `{"claims": [...]}`, alone or in a code fence,
  /// once any `<think>` block is taken out; `nil` for anything else.
  static func claims(inText text: String) -> [JSONValue]? {
    let visible = withoutThinking(text)
    guard let json = InsightReply.extractJSON(visible) else { return nil }
    return try? Claim.claims(in: json)
  }

  /// `text` without its `<think>…</think>` blocks (an unclosed one runs to the end).
  static func withoutThinking(_ text: String) -> String {
    var rest = Substring(text)
    var kept = ""
    while let open = rest.range(of: "<think>") {
      kept += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].range(of: "</think>") else { return kept }
      rest = rest[close.upperBound...]
    }
    return kept + rest
  }
}
