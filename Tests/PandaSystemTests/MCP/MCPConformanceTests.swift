import Foundation
import Testing

@testable import PandaCore
@testable import PandaMCP
@testable import PandaTestSupport

/// `panda mcp` under the official MCP Python SDK, which validates every structured answer
/// against the tool's output schema and reads every JSON-RPC reply with its own message model
/// (ids as written, errors with id null, a second initialize and foreign cursors refused): `.ci/run` installs the SDK (PyPI `mcp`) into
/// `.build/mcp-venv`. Where that is missing locally the test says so and is skipped; under CI
/// (`CI=true`) it fails instead.
@Suite struct MCPConformanceTests {
  static let root = Fixtures.folder.deletingLastPathComponent().deletingLastPathComponent()
  static let python =
    ProcessInfo.processInfo.environment["PANDA_MCP_PYTHON"]
    ?? root.appendingPathComponent(".build/mcp-venv/bin/python").path
  static let isAvailable = FileManager.default.isExecutableFile(atPath: python)
  static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

  @Test(
    .enabled(
      if: isAvailable || isCI,
      "the MCP Python SDK is not installed in .build/mcp-venv (run: python3 -m venv .build/mcp-venv && .build/mcp-venv/bin/pip install mcp, as .ci/run does)"
    ))
  func theOfficialSDKListsAndCallsEveryToolAndPrompt() throws {
    #expect(Self.isAvailable, "CI must install the MCP Python SDK into \(Self.python) (see .ci/run)")
    guard Self.isAvailable else { return }
    let data = try PlantedTrends()
    try data.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    let planted = ToolCallCase.all.filter { !$0.long }
    var calls: [String: [JSONValue]] = [:]
    for test in planted { calls[test.tool, default: []].append(.object(test.arguments)) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.python)
    process.arguments = [
      Fixtures.path("mcp-sdk-client.py"), pandaExecutable(), data.path,
      JSONValue.object(calls.mapValues(JSONValue.array)).text,
    ]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)\n\(log.suffix(2_000))")
    let report = try #require(JSONValue.parse(text), "\(text)\n\(log.suffix(2_000))")
    #expect(report["tools"]?.arrayValue?.compactMap(\.stringValue) == HealthTools.all.map(\.name))
    let made = try #require(report["calls"]?.arrayValue)
    #expect(made.count == planted.count)
    for test in planted {
      let call = made.filter { $0["tool"] == .string(test.tool) }
      let errorsExpected = planted.filter { $0.tool == test.tool && $0.shape == .error }.count
      #expect(call.filter { $0["isError"] == .bool(true) }.count == errorsExpected, "\(test.tool): \(call)")
      #expect(call.allSatisfy { $0["isError"] == .bool(true) || $0["structured"] == .bool(true) }, "\(test.tool)")
    }
    #expect(report["prompts"]?.arrayValue?.count == MCPPrompt.all.count)
    // JSON-RPC as the SDK reads it: every check the script makes passes, and none is left out.
    let session = try #require(report["session"]?.arrayValue)
    #expect(
      session.compactMap { $0["check"]?.stringValue } == [
        "second initialize", "tools/list cursor", "prompts/list cursor",
      ])
    let lines = try #require(report["jsonrpc"]?.arrayValue)
    #expect(
      lines.compactMap { $0["check"]?.stringValue } == [
        "initialize", "30-digit integer id", "negative integer id", "string id", "id 1.5", "id 1e400", "id 1.0",
        "id null", "id true", "invalid UTF-8", "line over 4 MiB", "ping after", "exit status 0",
      ])
    for check in session + lines {
      #expect(check["ok"] == .bool(true), "\(check.text)")
    }
  }
}
