import Foundation
import PandaCore
import Synchronization

/// An `LLMProvider` for any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama,
/// llama.cpp's server, vLLM, LM Studio, OpenRouter, Groq).
///
/// panda computes every figure; the model only writes the words around them. A reply is
/// accepted only if it is valid against the schema, states no number panda did not give, and
/// agrees with panda's assessments; otherwise one repair request is made, then it fails.
package final class ChatCompletionsProvider: LLMProvider {
  package var name: String { configuration.provider }
  package var model: String { configuration.model }
  package var promptVersion: String { prompt.templates.version }
  /// The prompt carries the early warning a request is written within.
  package var hearsWarnings: Bool { true }

  let configuration: LLMConfiguration
  private let prompt: InsightPrompt
  private let transport: HTTPTransport
  private let log: LLMLog
  private let progress: (@Sendable (String) -> Void)?
  private let structuredOutput: Mutex<StructuredOutput>
  /// `max_tokens`, or `max_completion_tokens` once the server has refused the older name.
  let tokenParameter = Mutex("max_tokens")

  /// - Parameters:
  ///   - remembered: the structured-output mode that last worked with this endpoint and model.
  ///   - log: one line per request at verbosity 1; request and reply bodies (health data) at 2.
  ///     The API key is never logged.
  package init(
    configuration: LLMConfiguration, templates: PromptTemplates, transport: HTTPTransport = .curl,
    remembered: StructuredOutput? = nil, log: LLMLog = LLMLog(verbosity: 0) { _ in },
    progress: (@Sendable (String) -> Void)? = nil
  ) {
    self.progress = progress
    self.configuration = configuration
    self.prompt = InsightPrompt(templates: templates)
    self.transport = transport
    self.log = log
    self.structuredOutput = Mutex(remembered ?? .jsonSchema)
  }

  /// The structured-output mode that works with this endpoint, as far as is known now.
  package var currentStructuredOutput: StructuredOutput { structuredOutput.withLock { $0 } }

  /// The endpoint's base URL.
  package var baseURL: String { configuration.baseURL }

  /// Whether the endpoint is on this machine or the local network.
  package var isLocal: Bool { configuration.isLocal }

  /// The chat-completions URL.
  var endpoint: String { configuration.baseURL + "/chat/completions" }

  /// The messages for `request`, exactly as they would be sent.
  func messages(for request: InsightRequest) -> [ChatMessage] {
    prompt.messages(for: request)
  }

  package func insight(for request: InsightRequest) async throws -> Insight {
    var messages = prompt.messages(for: request)
    var best: (insight: Insight, problems: [InsightReply.Problem])?
    var repaired = false
    while true {
      let content = try await complete(
        messages, schema: InsightPrompt.schema(for: request), schemaName: "insight", maxTokens: configuration.maxTokens,
        label: "\(request.category.rawValue) \(request.period.rawValue)")
      let problems: [String]
      switch InsightReply.read(content, for: request, prompt: prompt) {
      case .insight(let insight, let partProblems):
        if partProblems.isEmpty { return insight }
        if best == nil || partProblems.count < best?.problems.count ?? 0 { best = (insight, partProblems) }
        problems = partProblems.map(\.text)
      case .unusable(let replyProblems):
        problems = replyProblems
      }
      log(1, "reply rejected: \(problems.joined(separator: "; "))")
      guard !repaired else {
        guard let best else { throw ProviderError.invalidReply(problems) }
        log(1, "using the reply with the offline analyzer's words for \(Set(best.problems.map(\.part.path)).sorted())")
        return InsightReply.merge(best.insight, problems: best.problems, offline: HeuristicProvider().write(request))
      }
      repaired = true
      messages.append(ChatMessage(role: "assistant", content: content))
      messages.append(
        ChatMessage(
          role: "user",
          content: "Your reply had these problems:\n- " + problems.joined(separator: "\n- ") + "\n"
            + InsightPrompt.repairInstruction))
    }
  }

  /// The model ids the server lists at `/models` (empty when it lists none).
  package func listModels() async throws -> [String] {
    var headers: [(name: String, value: String)] = []
    if let key = configuration.apiKey { headers.append(("Authorization", "Bearer \(key)")) }
    let response: HTTPResponse
    do {
      response = try await transport.send(
        HTTPRequest(
          url: configuration.baseURL + "/models", headers: headers,
          connectTimeoutMilliseconds: configuration.connectTimeoutMilliseconds, timeoutMilliseconds: 10_000))
    } catch let error as HTTPError {
      throw ProviderError.unreachable(error.description)
    }
    guard (200..<300).contains(response.status) else {
      throw ProviderError.http(status: response.status, message: Self.errorMessage(response))
    }
    return JSONValue.parse(response.text)?["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
  }

  /// Asks for `{"ok": true}`; returns the structured-output mode that worked.
  package func checkJSONReply() async throws -> StructuredOutput {
    let messages = [ChatMessage(role: "user", content: #"Reply with the JSON object {"ok": true} and nothing else."#)]
    let content = try await complete(
      messages, schema: .object(properties: [("ok", .bool)]), schemaName: "check", maxTokens: 20)
    guard InsightReply.extractJSON(content) != nil else {
      throw ProviderError.invalidReply(["the reply held no JSON object"])
    }
    return currentStructuredOutput
  }

  /// The content of the model's reply to `messages`, asking for JSON against `schema`. Stepping
  /// down when the server refuses: `json_schema` → `json_object` → plain instructions, and
  /// `max_tokens` → `max_completion_tokens` for models that want the newer name.
  func complete(
    _ messages: [ChatMessage], schema: JSONSchema, schemaName: String, maxTokens: Int, label: String = ""
  ) async throws -> String {
    while true {
      let mode = currentStructuredOutput
      let tokenParameter = self.tokenParameter.withLock { $0 }
      let response = try await send(
        body(
          messages: messages, schema: schema, schemaName: schemaName, mode: mode,
          tokenLimit: (tokenParameter, maxTokens)), label: label)
      if (200..<300).contains(response.status) { return try Self.content(of: response) }
      let message = Self.errorMessage(response)
      if response.status == 400, tokenParameter == "max_tokens", message.contains("max_tokens") {
        self.tokenParameter.withLock { $0 = "max_completion_tokens" }
        log(1, "\(endpoint) refused max_tokens; trying max_completion_tokens")
        continue
      }
      if Self.refusesResponseFormat(response, message: message), let next = mode.next {
        structuredOutput.withLock { if $0 == mode { $0 = next } }
        log(1, "\(endpoint) refused response_format \(mode.rawValue); trying \(next.rawValue)")
        continue
      }
      throw ProviderError.http(status: response.status, message: message)
    }
  }

  /// Steps structured output down from `mode` after the server refused it; false when nothing
  /// is left to step down to.
  func stepDown(from mode: StructuredOutput) -> Bool {
    guard let next = mode.next else { return false }
    structuredOutput.withLock { if $0 == mode { $0 = next } }
    log(1, "\(endpoint) refused response_format \(mode.rawValue); trying \(next.rawValue)")
    return true
  }

  func body(
    messages: [ChatMessage], schema: JSONSchema, schemaName: String, mode: StructuredOutput,
    tokenLimit: (parameter: String, value: Int)
  ) -> JSONValue {
    var body: [String: JSONValue] = [
      "model": .string(configuration.model),
      "messages": .array(messages.map(\.json)),
      "temperature": .number(0.2),
      tokenLimit.parameter: .number(Double(tokenLimit.value)),
      "stream": .bool(configuration.stream),
    ]
    switch mode {
    case .jsonSchema:
      body["response_format"] = .object([
        "type": .string("json_schema"),
        "json_schema": .object(["name": .string(schemaName), "strict": .bool(true), "schema": schema.json]),
      ])
    case .jsonObjectWithSchema:
      body["response_format"] = .object(["type": .string("json_object"), "schema": schema.json])
    case .jsonObject:
      body["response_format"] = .object(["type": .string("json_object")])
    case .plain:
      break
    }
    return .object(body)
  }

  /// Sends `body`, retrying what is worth retrying. A streamed reply is abandoned when nothing
  /// arrives within the idle timeout; a timed-out request to a local endpoint is not retried.
  ///
  /// - Parameter deadline: when the whole exchange must be over (each request's time limit is
  ///   cut to what is left, and no retry starts after it); `limitSeconds` is that limit, for the message.
  func send(
    _ body: JSONValue, label: String = "", deadline: (at: ContinuousClock.Instant, limitSeconds: Int)? = nil
  ) async throws -> HTTPResponse {
    var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
    if let key = configuration.apiKey { headers.append(("Authorization", "Bearer \(key)")) }
    let streaming = body["stream"] == .bool(true)
    var onReceive: (@Sendable (Data) -> Void)?
    if streaming, let progress {
      let events = Atomic<Int>(0)
      onReceive = { piece in
        let count = piece.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } / 2
        let total = events.add(count, ordering: .relaxed).newValue
        if count > 0 { progress("\(label)\(label.isEmpty ? "" : ": ")\(total) tokens so far") }
      }
    }
    let request = HTTPRequest(
      method: "POST", url: endpoint, headers: headers, body: Data(body.text.utf8),
      connectTimeoutMilliseconds: configuration.connectTimeoutMilliseconds,
      timeoutMilliseconds: configuration.timeoutMilliseconds,
      idleTimeoutMilliseconds: streaming ? configuration.idleTimeoutMilliseconds : nil, onReceive: onReceive)
    log(2, "request body: \(body.text)")
    var attempt = 1
    while true {
      let clock = ContinuousClock()
      let started = clock.now
      let wait: Double
      var request = request
      if let deadline {
        let left = Int(((deadline.at - clock.now) / .milliseconds(1)).rounded(.down))
        guard left > 0 else { throw ProviderError.outOfTime(seconds: deadline.limitSeconds) }
        request.timeoutMilliseconds = request.timeoutMilliseconds == 0 ? left : min(request.timeoutMilliseconds, left)
        request.streamLimitMilliseconds = left
      }
      do {
        let response = try await transport.send(request)
        let milliseconds = Int(((clock.now - started) / .milliseconds(1)).rounded())
        log(
          1, "POST \(endpoint) → \(response.status) in \(milliseconds) ms (attempt \(attempt))\(Self.usage(response))")
        log(2, "reply body: \(response.text)")
        guard attempt < configuration.maxAttempts, Self.isRetryable(response),
          !Self.refusesResponseFormat(response, message: Self.errorMessage(response))
        else { return response }
        switch retryAfter(response) {
        case .none: wait = backoff(attempt)
        case .seconds(let seconds): wait = seconds
        case .tooLong:
          log(1, "\(endpoint) asked to wait longer than \(Int(configuration.retryAfterCapSeconds)) s; not retrying")
          return response
        }
      } catch let error as HTTPError {
        log(1, "POST \(endpoint) failed: \(error) (attempt \(attempt))")
        if case .cancelled = error { throw error }
        if let deadline, error.isTimeout, clock.now >= deadline.at {
          throw ProviderError.outOfTime(seconds: deadline.limitSeconds)
        }
        if case .invalidRequest(let reason) = error { throw ProviderError.unreachable(reason) }
        guard attempt < configuration.maxAttempts, !(configuration.isLocal && error.isTimeout) else {
          throw ProviderError.unreachable(error.description)
        }
        wait = backoff(attempt)
      }
      try await Task.sleep(for: .milliseconds(Int(wait * 1_000)))
      attempt += 1
    }
  }

  /// 408, 409, 429 (unless the quota is spent) and 5xx; `x-should-retry` decides when present.
  static func isRetryable(_ response: HTTPResponse) -> Bool {
    if let header = response.headers["x-should-retry"] { return header == "true" }
    switch response.status {
    case 408, 409: return true
    case 429: return !response.text.contains("insufficient_quota")
    case 500...599: return true
    default: return false
    }
  }

  /// What a server asked for before a retry.
  enum RetryAfter: Equatable {
    case none
    case seconds(Double)
    /// Longer than the cap: not worth waiting for in a run.
    case tooLong
  }

  /// The server's requested wait (`retry-after-ms`, then `retry-after` as seconds or an HTTP
  /// date).
  func retryAfter(_ response: HTTPResponse) -> RetryAfter {
    var seconds: Double?
    if let milliseconds = response.headers["retry-after-ms"].flatMap(Double.init) {
      seconds = milliseconds / 1_000
    } else if let value = response.headers["retry-after"] {
      if let number = Double(value) {
        seconds = number
      } else {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        seconds = formatter.date(from: value).map { $0.timeIntervalSinceNow }
      }
    }
    guard let seconds, seconds > 0 else { return .none }
    return seconds <= configuration.retryAfterCapSeconds ? .seconds(seconds) : .tooLong
  }

  /// Exponential backoff with up to 25 % jitter: 0.5 s, 1 s, 2 s … at most 8 s (scaled by the
  /// configured first wait).
  func backoff(_ attempt: Int) -> Double {
    let base = min(configuration.backoffSeconds * Double(1 << min(attempt - 1, 16)), 8)
    return base * (1 + Double.random(in: 0...0.25))
  }

  /// Whether an error answer says the server does not support the requested `response_format`:
  /// any answer, whatever its status, whose message names response_format, json_schema,
  /// json_object or schema (llama-cpp-python answers 500), or a 400 or 422 about structured or
  /// guided output. It steps down at once, without spending retries. Other 400s (a prompt too
  /// long, a bad model name) must not downgrade structured output for good.
  static func refusesResponseFormat(_ response: HTTPResponse, message: String) -> Bool {
    guard !(200..<300).contains(response.status) else { return false }
    let lowered = message.lowercased()
    if ["response_format", "json_schema", "json_object", "schema"].contains(where: lowered.contains) { return true }
    guard response.status == 400 || response.status == 422 else { return false }
    return ["structured", "guided"].contains { lowered.contains($0) }
  }

  /// The error message from any of the shapes servers use: `{"error": {"message"}}`,
  /// `{"error": "text"}`, `{"message"}`, or plain text.
  static func errorMessage(_ response: HTTPResponse) -> String {
    let text = response.text
    if let json = JSONValue.parse(text) {
      if let message = json["error"]?["message"]?.stringValue { return message }
      if let message = json["error"]?.stringValue { return message }
      if let message = json["message"]?.stringValue { return message }
    }
    return String(text.prefix(300))
  }

  /// `choices[0].message.content`, or why there is none. A streamed reply (server-sent events)
  /// is put together from its `delta` pieces.
  static func content(of response: HTTPResponse) throws -> String {
    if response.headers["content-type"]?.contains("text/event-stream") == true
      || response.text.hasPrefix("data:")
    {
      return try streamedContent(response.text)
    }
    guard let json = JSONValue.parse(response.text), let choice = json["choices"]?.arrayValue?.first else {
      throw ProviderError.invalidReply(["the answer is not a chat completion"])
    }
    if let refusal = choice["message"]?["refusal"]?.stringValue, !refusal.isEmpty {
      throw ProviderError.refused(refusal)
    }
    guard let content = choice["message"]?["content"]?.stringValue else {
      throw ProviderError.invalidReply(["the answer has no message content"])
    }
    if choice["finish_reason"]?.stringValue == "length" {
      throw ProviderError.invalidReply(["the reply was cut off at the token limit"])
    }
    return content
  }

  /// The content of a reply streamed as server-sent events: `data: {chunk}` lines whose
  /// `choices[0].delta.content` pieces make the text, ending with `data: [DONE]` (or the end of the
  /// connection, which some servers send instead).
  static func streamedContent(_ text: String) throws -> String {
    try streamedTurn(text).content
  }

  private static func usage(_ response: HTTPResponse) -> String {
    guard let usage = JSONValue.parse(response.text)?["usage"], let prompt = usage["prompt_tokens"]?.numberValue,
      let completion = usage["completion_tokens"]?.numberValue
    else { return "" }
    return ", tokens \(JSONText.number(prompt)) in, \(JSONText.number(completion)) out"
  }
}
