import Foundation
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaTestSupport

/// `panda ask` against llama-cpp-python's server (PyPI `llama-cpp-python[server]`) with a small
/// GGUF model and `--chat_format chatml-function-calling`, the server that answers streamed
/// tool requests with an empty stream. Building llama.cpp takes about 15 minutes on two cores and
/// no model ships with the project, so this runs only where both are named:
/// `PANDA_LLAMA_PYTHON` (a Python with `llama_cpp.server`) and `PANDA_GGUF_MODEL` (a `.gguf`).
@Suite struct AskLlamaServerTests {
  static let environment = ProcessInfo.processInfo.environment
  static let python = environment["PANDA_LLAMA_PYTHON"] ?? ""
  static let model = environment["PANDA_GGUF_MODEL"] ?? ""
  static let isAvailable =
    FileManager.default.isExecutableFile(atPath: python) && FileManager.default.fileExists(atPath: model)

  @Test(
    .enabled(
      if: isAvailable,
      "no llama-cpp-python server and GGUF model here: set PANDA_LLAMA_PYTHON to a Python with llama_cpp.server and PANDA_GGUF_MODEL to a small .gguf (SmolLM2-135M-Instruct) to run it"
    ))
  func aSmallLocalModelCompletesAnAnswerWithToolCalls() async throws {
    let data = try PlantedTrends()
    let port = 18_000 + Int(ProcessInfo.processInfo.processIdentifier % 1_000)
    let server = Process()
    server.executableURL = URL(fileURLWithPath: Self.python)
    server.arguments = [
      "-m", "llama_cpp.server", "--model", Self.model, "--chat_format", "chatml-function-calling", "--host",
      "127.0.0.1", "--port", String(port), "--n_ctx", "8192",
    ]
    server.standardOutput = FileHandle.nullDevice
    server.standardError = FileHandle.nullDevice
    try server.run()
    defer { server.terminate() }
    let baseURL = "http://127.0.0.1:\(port)/v1"
    var ready = false
    for _ in 0..<240 where !ready {
      try await Task.sleep(for: .milliseconds(500))
      let probe = try? await CurlClient.send(HTTPRequest(url: baseURL + "/models"))
      ready = probe?.status == 200
    }
    try #require(ready, "the llama-cpp-python server did not start within 2 minutes")
    let result = await runPanda(
      [
        "ask", "How many steps did I take from 2025-06-24 to 2025-06-30?", "--db", data.path, "--as-of",
        "2025-07-01", "--provider", "openai", "--base-url", baseURL, "--model", "local", "--format", "json",
        "--timeout", "600",
      ], environment: ["PANDA_TIMEZONE": "UTC", "XDG_CONFIG_HOME": "/nonexistent"])
    // Whatever the small model writes, only panda's sentences for its claims are shown; the exchange completes.
    #expect([ExitCode.success, .dataError].contains(result.status), "\(result.error)")
    let report = try #require(JSONValue.parse(result.output), "\(result.error)")
    #expect(report["toolCalls"]?.arrayValue?.isEmpty == false, "the model made no tool call: \(result.output)")
  }
}
