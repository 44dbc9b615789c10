import Foundation
import PandaCore

extension ChatCompletionsProvider {
  /// The model's next turn in `messages`, offered `tools` (OpenAI-style function definitions;
  /// none to ask for a final answer). Streamed when the configuration says so and `stream` allows,
  /// with the same retries, idle timeout and `max_tokens` step-down as insights, and within
  /// `deadline`.
  package func turn(
    _ messages: [JSONValue], tools: [JSONValue], stream: Bool = true,
    deadline: (at: ContinuousClock.Instant, limitSeconds: Int)? = nil
  ) async throws -> ToolTurn {
    while true {
      let tokenParameter = self.tokenParameter.withLock { $0 }
      var body: [String: JSONValue] = [
        "model": .string(configuration.model), "messages": .array(messages), "temperature": .number(0.2),
        tokenParameter: .number(Double(configuration.maxTokens)), "stream": .bool(configuration.stream && stream),
      ]
      if !tools.isEmpty {
        body["tools"] = .array(tools)
        body["tool_choice"] = .string("auto")
      }
      let response = try await send(.object(body), label: "ask", deadline: deadline)
      if (200..<300).contains(response.status) { return try Self.turn(of: response) }
      let message = Self.errorMessage(response)
      if response.status == 400, tokenParameter == "max_tokens", message.contains("max_tokens") {
        self.tokenParameter.withLock { $0 = "max_completion_tokens" }
        continue
      }
      throw ProviderError.http(status: response.status, message: message)
    }
  }

  /// The content of the model's reply to `messages`, asked for as JSON against `schema` (a JSON
  /// Schema in the strict form) without tools, for servers that cannot call tools. Steps down
  /// `json_schema` → `json_object` with the schema → `json_object` → plain as the server
  /// refuses, like insights; not streamed.
  package func structuredTurn(
    _ messages: [JSONValue], schema: JSONValue, name: String,
    deadline: (at: ContinuousClock.Instant, limitSeconds: Int)? = nil
  ) async throws -> String {
    while true {
      let mode = currentStructuredOutput
      let tokenParameter = self.tokenParameter.withLock { $0 }
      var body: [String: JSONValue] = [
        "model": .string(configuration.model), "messages": .array(messages), "temperature": .number(0.2),
        tokenParameter: .number(Double(configuration.maxTokens)), "stream": .bool(false),
      ]
      switch mode {
      case .jsonSchema:
        body["response_format"] = .object([
          "type": .string("json_schema"),
          "json_schema": .object(["name": .string(name), "strict": .bool(true), "schema": schema]),
        ])
      case .jsonObjectWithSchema: body["response_format"] = .object(["type": .string("json_object"), "schema": schema])
      case .jsonObject: body["response_format"] = .object(["type": .string("json_object")])
      case .plain: break
      }
      let response = try await send(.object(body), label: "ask", deadline: deadline)
      if (200..<300).contains(response.status) { return try Self.content(of: response) }
      let message = Self.errorMessage(response)
      if response.status == 400, tokenParameter == "max_tokens", message.contains("max_tokens") {
        self.tokenParameter.withLock { $0 = "max_completion_tokens" }
        continue
      }
      if Self.refusesResponseFormat(response, message: message), stepDown(from: mode) { continue }
      throw ProviderError.http(status: response.status, message: message)
    }
  }

  /// Whether the server's error `message` says it cannot take tools (Ollama: "does not support
  /// tools"; others name `tools` or `tool_choice`).
  package static func refusesTools(_ message: String) -> Bool {
    let lowered = message.lowercased()
    return ["tool_choice", "tools", "tool calling", "function calling", "tool use"].contains { lowered.contains($0) }
  }

  /// Whether replies are streamed (the configuration's choice).
  package var streams: Bool { configuration.stream }

  /// The turn in a reply, whole or streamed as server-sent events (whose `tool_calls` pieces
  /// are put together by `index`).
  static func turn(of response: HTTPResponse) throws -> ToolTurn {
    if response.headers["content-type"]?.contains("text/event-stream") == true || response.text.hasPrefix("data:") {
      return try streamedTurn(response.text)
    }
    guard let json = JSONValue.parse(response.text), let choice = json["choices"]?.arrayValue?.first else {
      throw ProviderError.invalidReply(["the answer is not a chat completion"])
    }
    if let refusal = choice["message"]?["refusal"]?.stringValue, !refusal.isEmpty {
      throw ProviderError.refused(refusal)
    }
    let calls = (choice["message"]?["tool_calls"]?.arrayValue ?? []).enumerated().compactMap { index, call in
      call["function"]?["name"]?.stringValue.map { name in
        ToolCall(
          id: call["id"]?.stringValue ?? "call_\(index)", name: name,
          arguments: argumentsText(call["function"]?["arguments"]))
      }
    }
    let content = choice["message"]?["content"]?.stringValue ?? ""
    if choice["finish_reason"]?.stringValue == "length" && calls.isEmpty {
      throw ProviderError.invalidReply(["the reply was cut off at the token limit"])
    }
    return ToolTurn(content: content, calls: calls)
  }

  /// Arguments as JSON text, whether the server sent a string (OpenAI) or an object (some local servers).
  private static func argumentsText(_ value: JSONValue?) -> String {
    switch value {
    case .string(let text)?: text
    case .none, .null?: "{}"
    case let other?: other.text
    }
  }

  /// The turn in a streamed reply: `delta.content` pieces, and `delta.tool_calls` pieces put
  /// together by `index` (the id and name come first, the arguments in parts).
  static func streamedTurn(_ text: String) throws -> ToolTurn {
    var content = ""
    var finishReason: String?
    var calls: [Int: ToolCall] = [:]
    for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("data:") {
      let payload = line.dropFirst(5).trimmingCharacters(in: .whitespaces)
      if payload == "[DONE]" { break }
      guard let chunk = JSONValue.parse(payload) else { continue }
      if let message = chunk["error"]?["message"]?.stringValue ?? chunk["error"]?.stringValue {
        throw ProviderError.invalidReply(["the stream ended with an error: \(message)"])
      }
      guard let choice = chunk["choices"]?.arrayValue?.first else { continue }
      if let refusal = choice["delta"]?["refusal"]?.stringValue, !refusal.isEmpty {
        throw ProviderError.refused(refusal)
      }
      content += choice["delta"]?["content"]?.stringValue ?? ""
      for (position, piece) in (choice["delta"]?["tool_calls"]?.arrayValue ?? []).enumerated() {
        let index = piece["index"]?.numberValue.map { Int($0) } ?? position
        var call = calls[index] ?? ToolCall(id: "call_\(index)", name: "", arguments: "")
        if let id = piece["id"]?.stringValue, !id.isEmpty { call.id = id }
        if let name = piece["function"]?["name"]?.stringValue { call.name += name }
        switch piece["function"]?["arguments"] {
        case .string(let part)?: call.arguments += part
        case .object?: call.arguments = argumentsText(piece["function"]?["arguments"])
        default: break
        }
        calls[index] = call
      }
      if let reason = choice["finish_reason"]?.stringValue { finishReason = reason }
    }
    let ordered = calls.keys.sorted().compactMap { calls[$0] }.filter { !$0.name.isEmpty }
    if finishReason == "length" && ordered.isEmpty {
      throw ProviderError.invalidReply(["the reply was cut off at the token limit"])
    }
    return ToolTurn(content: content, calls: ordered)
  }
}

extension ChatCompletionsProvider {
  /// A function the model asked to call, with its arguments as the model wrote them (JSON text).
  package struct ToolCall: Sendable, Equatable {
    /// The id the result is sent back with (`tool_call_id`).
    package var id: String
    /// The function's name.
    package var name: String
    /// The arguments, JSON text as the model wrote it.
    package var arguments: String
  }

  /// One reply of a model that was offered tools: words, calls, or both.
  package struct ToolTurn: Sendable, Equatable {
    /// The words, empty when there are none.
    package var content: String
    /// The calls, in the order the model made them.
    package var calls: [ToolCall]

    /// The reply as an `assistant` message to send back with the calls' results.
    package var message: JSONValue {
      var message: [String: JSONValue] = [
        // Some servers (llama-cpp-python) refuse `"content": null` beside tool calls; all take "".
        "role": .string("assistant"), "content": .string(content),
      ]
      if !calls.isEmpty {
        message["tool_calls"] = .array(
          calls.map { call in
            .object([
              "id": .string(call.id), "type": .string("function"),
              "function": .object(["name": .string(call.name), "arguments": .string(call.arguments)]),
            ])
          })
      }
      return .object(message)
    }

    /// Creates a value from its stored properties.
    init(content: String, calls: [ToolCall]) {
      self.content = content
      self.calls = calls
    }
  }
}
