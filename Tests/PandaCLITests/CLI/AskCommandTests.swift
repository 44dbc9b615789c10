import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaMCP
@testable import PandaStore
@testable import PandaTestSupport

/// `panda ask` against a loopback chat model that calls panda's tools and then `answer`: panda
/// states the claim in its own words, streamed or whole.
@Suite struct AskCommandTests {
  let data: PlantedTrends
  let environment = ["PANDA_TIMEZONE": "UTC", "XDG_CONFIG_HOME": "/nonexistent"]

  init() throws {
    data = try PlantedTrends()
  }

  /// panda's sentence for `ScriptedAskModel.claim`, from the stored days.
  func weekTotal() throws -> String {
    let points = try DailyValueReader(database: data.database).points(
      metric: "activity.steps", from: CalendarDay(iso: "2025-06-24")!, through: CalendarDay(iso: "2025-06-30")!)
    let total = Int(points.map(\.value).reduce(0, +).rounded())
    return "Your steps came to \(total.grouped) steps in all from 24 to 30 June 2025 (7 days)."
  }

  func ask(_ server: LoopbackServer, _ extra: [String] = []) async -> (status: ExitCode, output: String, error: String)
  {
    await runPanda(
      [
        "ask", "How many steps did I take last week?", "--db", data.path, "--as-of", "2025-07-01", "--provider",
        "openai", "--base-url", server.baseURL + "/v1", "--model", "scripted",
      ] + extra
        // A loaded test run can hold a loopback reply up for minutes; the limit has its own test.
        + (extra.contains("--timeout") ? [] : ["--timeout", "3600"]), environment: environment)
  }

  @Test(arguments: [true, false])
  func theClaimIsStatedInPandasWords(streamed: Bool) async throws {
    let server = try ScriptedAskModel.weekOfSteps(streamed: streamed)
    let result = await ask(server)
    #expect(result.status == .success, "\(result.error)")
    #expect(result.output == (try weekTotal()) + "\n")
    // The model was offered every tool and answer, and got the tool's answer back.
    let first = try #require(JSONValue.parse(server.requests[0].text))
    #expect(first["tools"]?.arrayValue?.count == HealthTools.all.count + 1)
    let second = try #require(JSONValue.parse(server.requests[1].text))
    #expect(second["messages"]?.arrayValue?.contains { $0["tool_call_id"] == "call_1" } == true)
  }

  @Test func jsonHasTheClaimsAndEveryToolCall() async throws {
    let server = try ScriptedAskModel.weekOfSteps(streamed: true)
    let result = await ask(server, ["--format", "json"])
    #expect(result.status == .success, "\(result.error)")
    let report = try #require(JSONValue.parse(result.output))
    #expect(report["claims"]?.arrayValue?.first?["sentence"] == .string(try weekTotal()))
    #expect(report["refused"] == .array([]))
    let call = try #require(report["toolCalls"]?.arrayValue?.first)
    #expect(call["name"] == "daily_values" && call["isError"] == .bool(false))
    #expect(call["arguments"]?["metric"] == "activity.steps")
    #expect(call["result"]?["daysWithData"] == .number(7))
    #expect(report["toolCalls"]?.arrayValue?.last?["name"] == "answer")
  }

  @Test func theRoundsAreBoundedAndTheLastRequestAsksForTheClaims() async throws {
    let server = try LoopbackServer { request, index in
      let offered = JSONValue.parse(request.text)?["tools"] != nil
      guard offered else {
        return ScriptedAskModel.reply(
          content: JSONValue.object(["claims": .array([ScriptedAskModel.claim])]).text, calls: [], streamed: false)
      }
      let call = JSONValue.object([
        "id": .string("call_\(index)"), "type": "function",
        "function": .object(["name": "list_metrics", "arguments": "{}"]),
      ])
      return ScriptedAskModel.reply(content: nil, calls: [call], streamed: false)
    }
    let result = await ask(server, ["--max-rounds", "2"])
    #expect(result.status == .success, "\(result.error)")
    #expect(server.requests.count == 3)
    #expect(JSONValue.parse(server.requests[2].text)?["response_format"] != nil)
    #expect(result.output == (try weekTotal()) + "\n")
    #expect(result.error.contains("the model used all 2 rounds of tool calls (--max-rounds)"), "\(result.error)")
  }

  /// llama-cpp-python's server as seen: a streamed request offering tools gets an empty stream,
  /// and an assistant turn with tool calls and `"content": null` gets 500.
  @Test func aServerThatCannotStreamToolCallsIsAskedWholeAndGetsTextContent() async throws {
    let server = try LoopbackServer { request, _ in
      let body = JSONValue.parse(request.text)
      let assistant = body?["messages"]?.arrayValue?.first { $0["role"] == "assistant" }
      if let assistant, assistant["content"] == nil || assistant["content"] == .null {
        return .respond(status: 500, body: #"{"error":{"message":"content: Input should be a valid string"}}"#)
      }
      if body?["stream"] == .bool(true) { return .stream(chunks: [], interval: .milliseconds(1)) }
      guard assistant != nil else {
        let call = JSONValue.object([
          "id": "call_1", "type": "function",
          "function": .object(["name": "list_metrics", "arguments": "{}"]),
        ])
        return ScriptedAskModel.reply(content: nil, calls: [call], streamed: false)
      }
      return ScriptedAskModel.reply(
        content: nil, calls: [ScriptedAskModel.answer([ScriptedAskModel.claim])], streamed: false)
    }
    let result = await ask(server)
    #expect(result.status == .success, "\(result.error)")
    #expect(result.output == (try weekTotal()) + "\n")
    let streamed = server.requests.map { JSONValue.parse($0.text)?["stream"] }
    #expect(streamed == [.bool(true), .bool(false), .bool(false)])
    let last = try #require(JSONValue.parse(server.requests.last?.text ?? ""))
    let assistant = last["messages"]?.arrayValue?.first { $0["role"] == "assistant" }
    #expect(assistant?["content"] == "")
  }

  @Test func aStreamThatNeverEndsIsCutAtTheTotalTimeLimit() async throws {
    let server = try LoopbackServer { _, _ in
      let chunk =
        "data: " + JSONValue.object(["choices": .array([.object(["delta": .object(["content": "word "])])])]).text
        + "\n\n"
      // A word every half second for ten minutes: never idle, never done.
      return .stream(chunks: Array(repeating: chunk, count: 1_200), interval: .milliseconds(500))
    }
    let started = ContinuousClock.now
    let result = await ask(server, ["--timeout", "2"])
    // Cut long before the stream ends, even on a loaded machine (a finished stream would be an
    // answer, status 0 or 65).
    #expect(ContinuousClock.now - started < .seconds(300))
    #expect(result.status == .temporaryFailure)
    #expect(result.error.contains("did not finish within 2 s (--timeout)"), "\(result.error)")
  }

  @Test func aDayAfterTodayBecomesTodayWithANote() async throws {
    let result = await runPanda(
      ["ask", "How did I sleep?", "--as-of", "2999-01-01", "--db", data.path, "--provider", "heuristic"],
      environment: environment)
    // Past the date, to the missing chat model.
    #expect(result.status == .configuration, "\(result.error)")
    #expect(result.error.hasPrefix("panda: --as-of 2999-01-01 is after today; using today, "), "\(result.error)")
  }

  @Test func theOfflineAnalyzerCannotAnswerQuestions() async throws {
    let result = await runPanda(
      ["ask", "How did I sleep?", "--db", data.path, "--provider", "heuristic"], environment: environment)
    #expect(result.status == .configuration)
    #expect(result.error.contains("panda ask needs a chat model"))
    #expect(result.error.contains("--provider ollama --model"))
  }
}
