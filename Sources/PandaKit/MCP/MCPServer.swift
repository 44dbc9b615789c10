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

  /// The reply to one line, or `nil` when there is none (a notification, an empty line).
  mutating func reply(to line: String) async -> String? {
    guard !line.allSatisfy(\.isWhitespace) else { return nil }
    guard let message = JSONValue.parse(line) else {
      return Self.error(id: .null, .parse, "Parse error: the line is not JSON").text
    }
    // A client's answer to a request (panda sends none) needs no reply.
    if message["method"] == nil, message["result"] != nil || message["error"] != nil { return nil }
    guard case .object = message, let method = message["method"]?.stringValue else {
      return Self.error(
        id: message["id"] ?? .null, .invalidRequest, "Invalid request: expected an object with a method"
      ).text
    }
    // A notification (no id) is never answered.
    guard let id = message["id"], id != .null else { return nil }
    let params = message["params"]
    switch method {
    case "initialize":
      if let asked = params?["protocolVersion"]?.stringValue, Self.supportedVersions.contains(asked) {
        protocolVersion = asked
      } else {
        protocolVersion = Self.supportedVersions[0]
      }
      return Self.result(id: id, initializeResult).text
    case "ping":
      return Self.result(id: id, .object([:])).text
    case "tools/list":
      return Self.result(id: id, .object(["tools": .array(HealthTools.all.map(describe))])).text
    case "tools/call":
      guard let name = params?["name"]?.stringValue else {
        return Self.error(id: id, .invalidParams, "tools/call needs params.name").text
      }
      guard HealthTools.tool(named: name) != nil else {
        return Self.error(
          id: id, .invalidParams,
          "Unknown tool: \(name). The tools are \(HealthTools.all.map(\.name).joined(separator: ", "))."
        ).text
      }
      let result = await HealthTools.call(name, arguments: params?["arguments"], context: context())
      return Self.result(id: id, callResult(result)).text
    case "prompts/list":
      return Self.result(id: id, .object(["prompts": .array(MCPPrompt.all.map(describe))])).text
    case "prompts/get":
      return promptReply(id: id, params: params).text
    default:
      return Self.error(id: id, .methodNotFound, "Method not found: \(method)").text
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
        "Unknown prompt: \(name). The prompts are \(MCPPrompt.all.map(\.name).joined(separator: ", ")).")
    }
    var arguments: [String: String] = [:]
    if case .object(let given)? = params?["arguments"] {
      for (key, value) in given { arguments[key] = value.stringValue }
    }
    for argument in prompt.arguments where argument.isRequired && (arguments[argument.name] ?? "").isEmpty {
      return Self.error(id: id, .invalidParams, "The prompt \(name) needs the argument \(argument.name).")
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
