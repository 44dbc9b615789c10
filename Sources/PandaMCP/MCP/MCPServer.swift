import PandaCore

/// A Model Context Protocol server over one JSON-RPC 2.0 message per line: panda's tools and
/// prompts for LLM clients. Pure over its input: each line in, at most one line out; the
/// command reads standard input and writes standard output.
package struct MCPServer {
  /// The protocol versions spoken, newest first; a client asking for another gets the newest.
  static let supportedVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

  /// The context each call is answered in, made afresh per call (today moves on at midnight).
  package let context: () -> ToolContext
  /// panda's version, for `serverInfo`.
  let version: String
  /// The version agreed at `initialize`.
  private(set) var protocolVersion = MCPServer.supportedVersions[0]

  package init(version: String, context: @escaping () -> ToolContext) {
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

  /// The longest line read, in bytes (4 MiB): a longer one is dropped up to its newline, unread,
  /// and answered with an error, so that memory stays bounded whatever a client sends.
  package static let maximumLineLength = 4 * 1024 * 1024

  /// Whether the agreed version requires JSON-RPC batches (2025-03-26 only: 2025-06-18 dropped them).
  private var acceptsBatches: Bool { isInitialized && protocolVersion == "2025-03-26" }

  /// The reply to one line, or `nil` when there is none (a notification, an empty line).
  mutating func reply(to line: String) async -> String? {
    await reply(toLine: Array(line.utf8))
  }

  /// The reply to one line's bytes, or `nil` when there is none: invalid UTF-8 is a parse error.
  package mutating func reply(toLine bytes: [UInt8]) async -> String? {
    guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
    let messages: [JSONRPCMessage]
    switch JSONRPCMessage.read(bytes) {
    case .unreadable(let reason): return Self.error(id: .null, .parse, "Parse error: \(reason)").text
    case .single(let message): return await reply(toMessage: message)?.text
    case .batch(let batch): messages = batch
    }
    guard acceptsBatches else {
      return Self.error(
        id: .null, .invalidRequest,
        "Invalid request: batches are not part of protocol version \(isInitialized ? protocolVersion : "(none yet)"); "
          + "send one message a line"
      ).text
    }
    guard !messages.isEmpty else {
      return Self.error(id: .null, .invalidRequest, "Invalid request: an empty batch").text
    }
    var replies: [Reply] = []
    for message in messages {
      if message["method"]?.stringValue == "initialize" {
        let id: RequestID = if case .valid(let id) = message.id { id } else { .null }
        replies.append(Self.error(id: id, .invalidRequest, "Invalid request: initialize cannot be in a batch"))
      } else if let answer = await reply(toMessage: message) {
        replies.append(answer)
      }
    }
    return replies.isEmpty ? nil : "[" + replies.map(\.text).joined(separator: ",") + "]"
  }

  /// The reply to a line longer than `maximumLineLength`, which was dropped unread: its id is
  /// unknown, so the reply's is null.
  package static func replyToLongLine(bytes: Int) -> String {
    error(
      id: .null, .invalidRequest,
      "Invalid request: the line is \(bytes) bytes long; a message is at most \(maximumLineLength) bytes (4 MiB)"
    ).text
  }

  /// The reply to one message, or `nil` for a notification or a client's response.
  private mutating func reply(toMessage message: JSONRPCMessage) async -> Reply? {
    // A client's answer to a request (panda sends none) needs no reply.
    if message["method"] == nil, message["result"] != nil || message["error"] != nil { return nil }
    var id = RequestID.null
    switch message.id {
    case .valid(let valid): id = valid
    case .absent: break
    case .invalid(let written):
      // JSON-RPC: an id that cannot be read is answered with id null.
      return Self.error(
        id: .null, .invalidRequest,
        "Invalid request: an id must be a string or an integer, not \(EchoedText.quoted(written, limit: 40))")
    }
    guard case .object = message.body, let method = message["method"]?.stringValue else {
      return Self.error(id: id, .invalidRequest, "Invalid request: expected an object with a method")
    }
    guard message["jsonrpc"] == .string("2.0") else {
      return Self.error(id: id, .invalidRequest, "Invalid request: \"jsonrpc\" must be \"2.0\"")
    }
    // A notification (no id) is never answered.
    guard message.id != .absent else { return nil }
    guard isInitialized || method == "initialize" || method == "ping" else {
      return Self.error(
        id: id, .invalidRequest, "Invalid request: the session is not initialized; send initialize first")
    }
    let params = message["params"]
    switch params {
    case .none, .object?: break
    default: return Self.error(id: id, .invalidParams, "Invalid params: params must be an object")
    }
    switch method {
    case "initialize":
      guard !isInitialized else {
        return Self.error(
          id: id, .invalidRequest,
          "Invalid request: the session is already initialized (protocol version \(protocolVersion)); "
            + "initialize is sent once")
      }
      if let problem = Self.initializeProblem(params) {
        return Self.error(id: id, .invalidParams, "Invalid params: \(problem)")
      }
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
      if let refusal = Self.cursorRefusal(id: id, params: params) { return refusal }
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
      if let refusal = Self.cursorRefusal(id: id, params: params) { return refusal }
      return Self.result(id: id, .object(["prompts": .array(MCPPrompt.all.map(describe))]))
    case "prompts/get":
      return promptReply(id: id, params: params)
    default:
      return Self.error(id: id, .methodNotFound, "Method not found: \(ToolArguments.quoted(method))")
    }
  }

  /// What is wrong with `initialize`'s params, as the protocol defines them: a `protocolVersion`
  /// string, a `capabilities` object and a `clientInfo` object with a `name` and a `version`
  /// string; `nil` when nothing is.
  static func initializeProblem(_ params: JSONValue?) -> String? {
    guard let params else { return "initialize needs params with protocolVersion, capabilities and clientInfo" }
    guard params["protocolVersion"]?.stringValue != nil else {
      return "initialize needs params.protocolVersion, a string such as \"\(supportedVersions[0])\""
    }
    guard case .object? = params["capabilities"] else {
      return "initialize needs params.capabilities, an object (empty when the client offers none)"
    }
    guard case .object? = params["clientInfo"] else {
      return "initialize needs params.clientInfo, an object with the client's name and version"
    }
    for field in ["name", "version"] where params["clientInfo"]?[field]?.stringValue == nil {
      return "initialize needs params.clientInfo.\(field), a string"
    }
    return nil
  }

  /// The refusal of a list request's `cursor`: panda lists everything at once and gives out no
  /// cursor, so any cursor a client sends is not one of panda's.
  private static func cursorRefusal(id: RequestID, params: JSONValue?) -> Reply? {
    guard let cursor = params?["cursor"], cursor != .null else { return nil }
    let shown = cursor.stringValue.map { "\"\(ToolArguments.quoted($0))\"" } ?? ToolArguments.quoted(cursor.text)
    return error(
      id: id, .invalidParams,
      "Invalid params: the cursor \(shown) is not one panda gave out; panda lists everything in one page "
        + "and gives out no cursor")
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

  private func promptReply(id: RequestID, params: JSONValue?) -> Reply {
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
  static func result(id: RequestID, _ result: JSONValue) -> Reply {
    Reply(id: id, member: "result", content: result)
  }

  /// An error reply to the request `id` (null when it could not be read).
  static func error(id: RequestID, _ code: ErrorCode, _ message: String) -> Reply {
    Reply(
      id: id, member: "error",
      content: .object(["code": .number(Double(code.rawValue)), "message": .string(message)]))
  }

  /// One reply: the request's id as it was written, and its result or error.
  struct Reply {
    /// The id of the request answered.
    var id: RequestID
    /// `result` or `error`.
    var member: String
    /// The result or the error object.
    var content: JSONValue

    /// The reply as one line of JSON, keys sorted, the id exactly as the client wrote it.
    package var text: String {
      let content = "\"\(member)\":" + self.content.text
      let envelope = "\"id\":\(id.text),\"jsonrpc\":\"2.0\""
      return "{" + (member < "id" ? content + "," + envelope : envelope + "," + content) + "}"
    }

    /// Creates a value from its stored properties.
    init(id: RequestID, member: String, content: JSONValue) {
      self.id = id
      self.member = member
      self.content = content
    }
  }
}
