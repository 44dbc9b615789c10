import Foundation

@testable import PandaCore

/// `panda mcp` running as a child process, spoken to over its standard input and output as an
/// MCP client does: one JSON-RPC message a line.
final class MCPSession: @unchecked Sendable {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errorPipe = Pipe()
  private let lock = NSLock()
  private var buffer = Data()
  private var nextID = 1

  init(_ arguments: [String], environment: [String: String] = [:]) throws {
    process.executableURL = URL(fileURLWithPath: pandaExecutable())
    process.arguments = ["mcp"] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errorPipe
    output.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let data = handle.availableData
      guard let self else { return }
      self.lock.withLock { self.buffer.append(data) }
    }
    try process.run()
  }

  deinit {
    output.fileHandleForReading.readabilityHandler = nil
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }

  /// Writes one line to the server.
  func send(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Writes bytes to the server as they are: a line that is not UTF-8, or one too long to build
  /// as a `String`.
  func send(bytes: Data) {
    input.fileHandleForWriting.write(bytes)
  }

  /// The server's peak resident memory so far, in bytes (`VmHWM` in Linux's `/proc`).
  func peakMemory() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return nil }
    return kilobytes * 1024
  }

  /// The next line the server writes, or `nil` if none comes within `seconds`.
  func nextLine(within seconds: Double = 30) -> String? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let line: String? = lock.withLock {
        guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...newline)
        return line
      }
      if let line { return line }
      usleep(2_000)
    }
    return nil
  }

  /// Sends a request and returns the parsed reply.
  func request(_ method: String, _ params: JSONValue = .object([:])) -> JSONValue? {
    let id = nextID
    nextID += 1
    send(
      JSONValue.object([
        "jsonrpc": .string("2.0"), "id": .number(Double(id)), "method": .string(method), "params": params,
      ]).text)
    return nextLine().flatMap(JSONValue.parse)
  }

  /// Initializes the session with `version`; the reply's result.
  @discardableResult
  func initialize(version: String = "2025-06-18") -> JSONValue? {
    let reply = request(
      "initialize",
      .object([
        "protocolVersion": .string(version), "capabilities": .object([:]),
        "clientInfo": .object(["name": .string("tests"), "version": .string("1")]),
      ]))
    send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
    return reply?["result"]
  }

  /// Calls `tool`; the call's result.
  func call(_ tool: String, _ arguments: [String: JSONValue]) -> JSONValue? {
    request("tools/call", .object(["name": .string(tool), "arguments": .object(arguments)]))?["result"]
  }

  /// Closes the server's input and returns its exit status, what else it wrote on standard
  /// output, and its standard error.
  func finish(within seconds: Double = 30) -> (status: Int32, rest: String, error: String)? {
    input.fileHandleForWriting.closeFile()
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    guard !process.isRunning else {
      kill(process.processIdentifier, SIGKILL)
      return nil
    }
    usleep(50_000)
    output.fileHandleForReading.readabilityHandler = nil
    let rest = lock.withLock { String(decoding: buffer, as: UTF8.self) }
    let error = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (process.terminationStatus, rest, error)
  }
}
