/// A Model Context Protocol server over one JSON-RPC 2.0 message per line: panda's tools and
/// prompts for LLM clients. Pure over its input: each line in, at most one line out; the
/// command reads standard input and writes standard output.
struct MCPServer {
  /// The protocol versions spoken, newest first; a client asking for another gets the newest.
  static let supportedVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

  /// The context each call is answered in, made afresh per call (today moves on at midnight).
  let context: () -> ToolContext
  /// panda's version, for `serverInfo`.
  let version: String
  /// The version agreed at `initialize`.
  private(set) var protocolVersion = MCPServer.supportedVersions[0]

  init(version: String, context: @escaping () -> ToolContext) {
    self.version = version
    self.context = context
  }

  /// JSON-RPC's error codes.
  enum ErrorCode: Int {
    /// The line is not JSON.
    case parse = -32700
    /// JSON, but not a request (an array, no method).
    case invalidRequest = -32600
    /// A method the server does not offer.
    case methodNotFound = -32601
    /// A known method with parameters it cannot use (an unknown tool or prompt).
    case invalidParams = -32602
  }

  /// Whether `initialize` has been answered: before it, only `ping` is.
  private(set) var isInitialized = false

  /// Whether the agreed version requires JSON-RPC batches (2025-03-26 only: 2025-06-18 dropped them).
  private var acceptsBatches: Bool { isInitialized && protocolVersion == "2025-03-26" }

  /// The reply to one line, or `nil` when there is none (a notification, an empty line).
  mutating func reply(to line: String) async -> String? {
    guard !line.allSatisfy(\.isWhitespace) else { return nil }
    guard let message = JSONValue.parse(line) else {
      return Self.error(id: .null, .parse, "Parse error: the line is not JSON").text
    }
    guard case .array(let batch) = message else { return await reply(toMessage: message)?.text }
    guard acceptsBatches else {
      return Self.error(
        id: .null, .invalidRequest,
        "Invalid request: batches are not part of protocol version \(isInitialized ? protocolVersion : "(none yet)"); "
          + "send one message a line"
      ).text
    }
    guard !batch.isEmpty else { return Self.error(id: .null, .invalidRequest, "Invalid request: an empty batch").text }
    var replies: [JSONValue] = []
    for item in batch {
      if item["method"]?.stringValue == "initialize" {
        replies.append(
          Self.error(id: item["id"] ?? .null, .invalidRequest, "Invalid request: initialize cannot be in a batch"))
      } else if let answer = await reply(toMessage: item) {
        replies.append(answer)
      }
    }
    return replies.isEmpty ? nil : JSONValue.array(replies).text
  }

  /// The reply to one message, or `nil` for a notification or a client's response.
  private mutating func reply(toMessage message: JSONValue) async -> JSONValue? {
    // A client's answer to a request (panda sends none) needs no reply.
    if message["method"] == nil, message["result"] != nil || message["error"] != nil { return nil }
    let rawID = message["id"]
    var id = JSONValue.null
    switch rawID {
    case .string?, .number?: id = rawID ?? .null
    case .none: break
    default:
      return Self.error(id: .null, .invalidRequest, "Invalid request: an id must be a string or a number")
    }
    guard case .object = message, let method = message["method"]?.stringValue else {
      return Self.error(id: id, .invalidRequest, "Invalid request: expected an object with a method")
    }
    guard message["jsonrpc"] == .string("2.0") else {
      return Self.error(id: id, .invalidRequest, "Invalid request: \"jsonrpc\" must be \"2.0\"")
    }
    // A notification (no id) is never answered.
    guard rawID != nil else { return nil }
    guard isInitialized || method == "initialize" || method == "ping" else {
      return Self.error(
        id: id, .invalidRequest, "Invalid request: the session is not initialized; send initialize first")
    }
    let params = message["params"]
    switch method {
    case "initialize":
      if let asked = params?["protocolVersion"]?.stringValue, Self.supportedVersions.contains(asked) {
        protocolVersion = asked
      } else {
        protocolVersion = Self.supportedVersions[0]
      }
      isInitialized = true
      return Self.result(id: id, initializeResult)
    case "ping":
      return Self.result(id: id, .object([:]))
    case "tools/list":
      return Self.result(id: id, .object(["tools": .array(HealthTools.all.map(describe))]))
    case "tools/call":
      guard let name = params?["name"]?.stringValue else {
        return Self.error(id: id, .invalidParams, "tools/call needs params.name")
      }
      guard HealthTools.tool(named: name) != nil else {
        return Self.error(
          id: id, .invalidParams,
          "Unknown tool: \(ToolArguments.quoted(name)). The tools are \(HealthTools.all.map(\.name).joined(separator: ", "))."
        )
      }
      let result = await HealthTools.call(name, arguments: params?["arguments"], context: context())
      return Self.result(id: id, callResult(result))
    case "prompts/list":
      return Self.result(id: id, .object(["prompts": .array(MCPPrompt.all.map(describe))]))
    case "prompts/get":
      return promptReply(id: id, params: params)
    default:
      return Self.error(id: id, .methodNotFound, "Method not found: \(ToolArguments.quoted(method))")
    }
  }

  /// Whether the agreed version knows titles, output schemas and structured content (2025-06-18).
  private var speaksStructuredContent: Bool { protocolVersion >= "2025-06-18" }

  private var initializeResult: JSONValue {
    .object([
      "protocolVersion": .string(protocolVersion),
      "capabilities": .object([
        "tools": .object(["listChanged": .bool(false)]), "prompts": .object(["listChanged": .bool(false)]),
      ]),
      "serverInfo": .object(["name": .string("panda"), "version": .string(version)]),
      "instructions": .string(
        "panda answers from the person's Apple Health data, read-only. Quote the figures the tools return "
          + "(means, totals, changes are computed for you) and their evidence and size verdicts; do not diagnose."
      ),
    ])
  }

  private func describe(_ tool: HealthTool) -> JSONValue {
    var entry: [String: JSONValue] = [
      "name": .string(tool.name), "description": .string(tool.description), "inputSchema": tool.inputSchema,
      "annotations": .object(["readOnlyHint": .bool(true), "openWorldHint": .bool(false)]),
    ]
    if speaksStructuredContent {
      entry["title"] = .string(tool.title)
      entry["outputSchema"] = tool.outputSchema
    }
    return .object(entry)
  }

  private func callResult(_ result: ToolResult) -> JSONValue {
    var answer: [String: JSONValue] = [
      "content": .array([.object(["type": .string("text"), "text": .string(result.text)])]),
      "isError": .bool(result.isError),
    ]
    if speaksStructuredContent, let structured = result.structured { answer["structuredContent"] = structured }
    return .object(answer)
  }

  private func describe(_ prompt: MCPPrompt) -> JSONValue {
    var entry: [String: JSONValue] = [
      "name": .string(prompt.name), "description": .string(prompt.description),
      "arguments": .array(
        prompt.arguments.map { argument in
          .object([
            "name": .string(argument.name), "description": .string(argument.description),
            "required": .bool(argument.isRequired),
          ])
        }),
    ]
    if speaksStructuredContent { entry["title"] = .string(prompt.title) }
    return .object(entry)
  }

  private func promptReply(id: JSONValue, params: JSONValue?) -> JSONValue {
    let name = params?["name"]?.stringValue ?? ""
    guard let prompt = MCPPrompt.all.first(where: { $0.name == name }) else {
      return Self.error(
        id: id, .invalidParams,
        "Unknown prompt: \(ToolArguments.quoted(name)). The prompts are \(MCPPrompt.all.map(\.name).joined(separator: ", "))."
      )
    }
    var arguments: [String: String] = [:]
    switch params?["arguments"] {
    case .none, .null?: break
    case .object(let given)?:
      for (key, value) in given {
        guard let text = value.stringValue else {
          return Self.error(id: id, .invalidParams, "The argument \(ToolArguments.quoted(key)) must be a string.")
        }
        arguments[key] = text
      }
    default:
      return Self.error(id: id, .invalidParams, "The arguments of a prompt must be an object of strings.")
    }
    if let problem = prompt.problem(with: arguments, today: context().today) {
      return Self.error(id: id, .invalidParams, problem)
    }
    return Self.result(
      id: id,
      .object([
        "description": .string(prompt.description),
        "messages": .array([
          .object([
            "role": .string("user"),
            "content": .object(["type": .string("text"), "text": .string(prompt.text(arguments))]),
          ])
        ]),
      ]))
  }

  /// A success reply to the request `id`.
  static func result(id: JSONValue, _ result: JSONValue) -> JSONValue {
    .object(["jsonrpc": .string("2.0"), "id": id, "result": result])
  }

  /// An error reply to the request `id` (null when it could not be read).
  static func error(id: JSONValue, _ code: ErrorCode, _ message: String) -> JSONValue {
    .object([
      "jsonrpc": .string("2.0"), "id": id,
      "error": .object(["code": .number(Double(code.rawValue)), "message": .string(message)]),
    ])
  }
}
