import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaAnalysis
@testable import PandaCLI
@testable import PandaCore
@testable import PandaMCP
@testable import PandaStore
@testable import PandaTestSupport

/// The ask job is built once: `panda ask` prints what an `AskRun` finds, in JSON and in text.
@Suite struct AskRunTests {
  let data: PlantedTrends
  let environment = ["PANDA_TIMEZONE": "UTC", "XDG_CONFIG_HOME": "/nonexistent"]
  static let question = "How many steps did I take last week?"

  init() throws {
    data = try PlantedTrends()
  }

  /// What the run finds with `ScriptedAskModel`'s week of steps.
  func run() async throws -> AskRun.Output {
    let server = try ScriptedAskModel.weekOfSteps(streamed: false)
    let chat = ChatFixtures.provider(server) { $0.timeoutMilliseconds = 3_600_000 }
    let zone = try #require(TimeZone(identifier: "UTC"))
    var run = AskRun(
      question: Self.question, asOf: PlantedTrends.asOf, chat: chat, daily: DailyContext(zone: zone))
    run.timeLimit = .seconds(3_600)
    return try await run.run(on: data.database)
  }

  /// What `panda ask` prints with the same model, in `format`.
  func printed(_ format: String) async throws -> (status: ExitCode, output: String, error: String) {
    let server = try ScriptedAskModel.weekOfSteps(streamed: false)
    return await runPanda(
      [
        "ask", Self.question, "--db", data.path, "--as-of", PlantedTrends.asOf.iso, "--provider", "openai",
        "--base-url", server.baseURL + "/v1", "--model", "scripted", "--timeout", "3600", "--format", format,
      ], environment: environment)
  }

  @Test func theCommandPrintsTheRunsJSON() async throws {
    let output = try await run()
    #expect(output.computed.count == 1 && output.refused.isEmpty)
    #expect(output.calls.map(\.name) == ["daily_values", "answer"])
    let printed = try await printed("json")
    #expect(printed.status == .success, "\(printed.error)")
    #expect(JSONValue.parse(printed.output) == JSONValue.parse(try JSONOutput.string(output)))
  }

  @Test func theCommandPrintsTheRunsText() async throws {
    let output = try await run()
    let text = try #require(output.text)
    #expect(text == (output.computed.first?.sentence ?? "") + "\n")
    let printed = try await printed("text")
    #expect(printed.status == .success, "\(printed.error)")
    #expect(printed.output == text)
  }
}
