import Foundation
import PandaAnalysis
import PandaCore
import PandaPrompts

/// A question turned by a chat model into claims: the model may call panda's read tools to see
/// what there is, then calls `answer` with the claims panda should compute and state. It stops
/// after `maxRounds` rounds of calls, asking then for the claims alone. A server that cannot call
/// tools is asked for the claims through structured output. Nothing the model writes is kept.
///
/// panda computes the claims as they arrive. When some are refused (an unknown metric, a wrong
/// unit, a bad date, a malformed claim), the reasons go back to the model as the call's result and
/// it may send those claims once more, corrected: one repair, within the same time limit. The
/// claims computed the first time are kept.
package struct ToolConversation {
  let chat: ChatCompletionsProvider
  package let context: ToolContext
  let maxRounds: Int
  /// The total time the conversation may take, all requests and retries together.
  let timeLimit: Duration

  /// How the conversation ended.
  package enum Reply: Sendable, Equatable {
    /// panda's answer to each claim the model sent (none when it sent none): those computed from
    /// its first claims, then those of its one repair, or its first refusals when it sent none.
    case answers([ClaimAnswer])
    /// The model wrote words rather than claims; why nothing is shown.
    case words(reason: String)
  }

  /// - Parameters:
  ///   - maxRounds: the most replies with tool calls before the model is asked for its claims.
  ///   - timeLimit: the total time allowed: a server that sends a token every few seconds never
  ///     trips the idle timeout.
  init(
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
  func ask(_ question: String) async throws -> (reply: Reply, calls: [RecordedCall], roundsUsedUp: Bool) {
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
        // Words instead of claims: asked once more, for the claims alone.
        messages.append(.object(["role": .string("assistant"), "content": .string(turn.content)]))
        if let claims = Self.claims(inText: turn.content) {
          return (.answers(await answers(claims, after: messages, deadline: deadline)), calls, false)
        }
        return (try await structuredClaims(messages, calls: calls, deadline: deadline), calls, false)
      }
      messages.append(turn.message)
      for (index, call) in turn.calls.enumerated() {
        let arguments = JSONValue.parse(call.arguments)
        let result: ToolResult
        if arguments == nil && !call.arguments.trimmingCharacters(in: .whitespaces).isEmpty {
          result = ToolResult(
            structured: nil, text: "The arguments of \(call.name) are not valid JSON: send a JSON object.",
            isError: true)
        } else if call.name == Self.answerTool {
          do {
            let claims = try Claim.claims(in: arguments)
            let first = await evaluator.evaluate(claims)
            let refused = first.filter { $0.sentence == nil }
            let received = refused.isEmpty ? "The claims were received." : Self.repairRequest(first, viaTool: true)
            calls.append(
              RecordedCall(
                name: call.name, arguments: arguments ?? .null,
                result: ToolResult(structured: nil, text: received, isError: false)))
            guard !refused.isEmpty else { return (.answers(first), calls, false) }
            messages.append(
              .object(["role": .string("tool"), "tool_call_id": .string(call.id), "content": .string(received)]))
            // Every call of the turn gets a result, as the protocol wants; those after answer are not run.
            for later in turn.calls.dropFirst(index + 1) {
              messages.append(
                .object([
                  "role": .string("tool"), "tool_call_id": .string(later.id),
                  "content": .string("Not run: answer ends the exchange."),
                ]))
            }
            return (
              .answers(await repairedByTool(first, messages: messages, calls: &calls, deadline: deadline)), calls, false
            )
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
    if let claims = Self.claims(inText: content) {
      let replied = asked + [.object(["role": .string("assistant"), "content": .string(content)])]
      return .answers(await answers(claims, after: replied, deadline: deadline))
    }
    var reason = "the model wrote words instead of claims, and panda shows nothing a model writes itself"
    if let failed = calls.last(where: \.result.isError) {
      reason +=
        " (its call of \(EchoedText.quoted(failed.name, limit: 40)) could not be answered: \(failed.result.text))"
    }
    return .words(reason: reason)
  }

  /// Computes the claims the model sent: a repair round through structured output when some are
  /// refused, the model's reply with `claims` being the last of `messages`.
  private func answers(
    _ claims: [JSONValue], after messages: [JSONValue], deadline: (at: ContinuousClock.Instant, limitSeconds: Int)
  ) async -> [ClaimAnswer] {
    let first = await evaluator.evaluate(claims)
    guard first.contains(where: { $0.sentence == nil }) else { return first }
    let asked =
      messages + [.object(["role": .string("user"), "content": .string(Self.repairRequest(first, viaTool: false))])]
    // The repair is a second chance, never a reason to fail: whatever goes wrong keeps the first answers.
    guard
      let content = try? await chat.structuredTurn(
        asked, schema: Claim.answerSchema(strict: true), name: "claims", deadline: deadline),
      let repaired = Self.claims(inText: content)
    else { return first }
    return await merged(first, repair: repaired)
  }

  /// The model's one repair through `answer`, after `messages` that end with the reasons its
  /// claims were refused: the answers kept, or `first` when it sends no claims or the time runs out.
  private func repairedByTool(
    _ first: [ClaimAnswer], messages: [JSONValue], calls: inout [RecordedCall],
    deadline: (at: ContinuousClock.Instant, limitSeconds: Int)
  ) async -> [ClaimAnswer] {
    // Not streamed: one whole reply, as some servers send tool calls only that way.
    guard let turn = try? await chat.turn(messages, tools: Self.functions, stream: false, deadline: deadline) else {
      return first
    }
    guard let call = turn.calls.first(where: { $0.name == Self.answerTool }) else {
      guard let claims = Self.claims(inText: turn.content) else { return first }
      return await merged(first, repair: claims)
    }
    let arguments = JSONValue.parse(call.arguments)
    do {
      let claims = try Claim.claims(in: arguments)
      calls.append(
        RecordedCall(
          name: call.name, arguments: arguments ?? .null,
          result: ToolResult(structured: nil, text: "The claims were received.", isError: false)))
      return await merged(first, repair: claims)
    } catch {
      calls.append(
        RecordedCall(
          name: call.name, arguments: arguments ?? .string(call.arguments),
          result: ToolResult(structured: nil, text: error.message, isError: true)))
      return first
    }
  }

  /// The answers after a repair: the first answer's computed claims, then the answers to the
  /// repaired claims (a repeat of a kept claim left out); `first`, refusals included, when the
  /// repair brings no new claim.
  private func merged(_ first: [ClaimAnswer], repair claims: [JSONValue]) async -> [ClaimAnswer] {
    let kept = first.filter { $0.sentence != nil }
    let fresh = claims.filter { claim in !kept.contains { $0.claim == claim } }
    guard !fresh.isEmpty else { return first }
    return kept + (await evaluator.evaluate(fresh))
  }

  /// What the model is told when some of its claims were refused: each refused claim with its
  /// reason, and that it may send those claims once more, corrected.
  static func repairRequest(_ answers: [ClaimAnswer], viaTool: Bool) -> String {
    let refused = answers.enumerated().filter { $0.element.sentence == nil }
    var lines = [
      "panda computed \(answers.count - refused.count) of your \(answers.count) claims. It could not compute these:"
    ]
    for (index, answer) in refused {
      lines.append("- claim \(index + 1), \(answer.claim.text): \(answer.reason ?? "")")
    }
    let how =
      viaTool
      ? "Call answer once more with only those claims, corrected"
      : "Reply with the JSON object of only those claims, corrected"
    lines.append(
      "\(how); the computed ones are kept. This is the last chance: send an empty list to drop them.")
    return lines.joined(separator: "\n")
  }

  /// Checks, computes and words the claims.
  private var evaluator: ClaimEvaluator { ClaimEvaluator(context: context) }

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
