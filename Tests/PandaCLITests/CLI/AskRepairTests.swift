import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaCore
@testable import PandaTestSupport

/// `panda ask`'s one repair round: claims panda refuses go back to the model with their reasons
/// as the result of its `answer` call, and it may send them once more, corrected. The claims that
/// passed are kept, nothing the model writes is shown, and a model that repeats its mistake gets
/// the refusal and exit 65 as without the repair.
@Suite struct AskRepairTests {
  static let good = JSONValue.object([
    "kind": "stat", "metric": "steps", "stat": "mean", "from": "2025-06-23", "to": "2025-06-29",
  ])
  static let unknownMetric = JSONValue.object([
    "kind": "stat", "metric": "sleeep", "stat": "mean", "from": "2025-06-23", "to": "2025-06-29",
  ])
  static let fixedMetric = JSONValue.object([
    "kind": "stat", "metric": "sleep", "stat": "mean", "from": "2025-06-23", "to": "2025-06-29",
  ])
  static let wrongUnit = JSONValue.object([
    "kind": "count", "metric": "steps", "op": ">=", "value": .number(8_000), "unit": "km", "from": "2025-06-01",
    "to": "2025-06-30",
  ])
  static let fixedUnit = JSONValue.object([
    "kind": "count", "metric": "steps", "op": ">=", "value": .number(8_000), "unit": "steps",
    "from": "2025-06-01", "to": "2025-06-30",
  ])
  static let badDate = JSONValue.object([
    "kind": "stat", "metric": "steps", "stat": "total", "from": "2025-06-31", "to": "2025-07-06",
  ])
  static let fixedDate = JSONValue.object([
    "kind": "stat", "metric": "steps", "stat": "total", "from": "2025-06-24", "to": "2025-06-30",
  ])

  /// The messages of a request the model server received.
  static func messages(_ request: LoopbackServer.Request) -> [JSONValue] {
    JSONValue.parse(request.text)?["messages"]?.arrayValue ?? []
  }

  /// What panda told the model in the last tool result of `request`.
  static func lastToolResult(_ request: LoopbackServer.Request) -> String {
    messages(request).last { $0["role"] == "tool" }?["content"]?.stringValue ?? ""
  }

  /// A model that sends `first`, and `repair` once panda has told it what it refused.
  static func model(first: [JSONValue], repair: [JSONValue]) throws -> LoopbackServer {
    try LoopbackServer { request, _ in
      let told = messages(request).contains { $0["role"] == "tool" }
      return AskClaims.answer(told ? repair : first)
    }
  }

  /// panda's sentence for `claim`, as a model that sends it alone gets it.
  static func sentence(_ claim: JSONValue, data: PlantedTrends) async throws -> String {
    let server = try LoopbackServer { _, _ in AskClaims.answer([claim]) }
    let result = await AskClaims.ask("Tell me.", server: server, data: data)
    #expect(result.status == .success, "\(result.error)")
    return result.output
  }

  @Test(arguments: [
    (unknownMetric, fixedMetric, "There is no metric"), (wrongUnit, fixedUnit, "is not a unit of steps"),
    (badDate, fixedDate, "must be a date written YYYY-MM-DD"),
  ])
  func aModelThatFixesItsClaimGetsTheFixedClaimsSentence(_ bad: JSONValue, _ fixed: JSONValue, _ reason: String)
    async throws
  {
    let data = try PlantedTrends()
    let server = try Self.model(first: [Self.good, bad], repair: [fixed])
    let result = await AskClaims.ask("Steps and more last week?", server: server, data: data)
    #expect(result.status == .success, "\(result.error)")
    let expected =
      try await Self.sentence(Self.good, data: data) + (try await Self.sentence(fixed, data: data))
    #expect(result.output == expected)
    #expect(result.error.isEmpty)
    // Two requests: the claims, then the one repair; the second carried the reason and the claim.
    #expect(server.requests.count == 2)
    let told = Self.lastToolResult(server.requests[1])
    #expect(told.contains(reason), "\(told)")
    #expect(told.contains("claim 2"))
    #expect(told.contains("panda computed 1 of your 2 claims"))
    #expect(!told.contains("claim 1,"))
  }

  @Test func aModelThatRepeatsItsMistakeGetsTheRefusalAndExit65() async throws {
    let data = try PlantedTrends()
    let server = try Self.model(first: [Self.unknownMetric], repair: [Self.unknownMetric])
    let result = await AskClaims.ask("How did I sleep last week?", server: server, data: data)
    #expect(result.status == .dataError)
    #expect(result.output.hasPrefix("1 claim could not be computed:\n- stat claim of sleeep: There is no metric"))
    #expect(result.error == "panda: the model's one claim could not be computed.\n")
    // One repair, no more.
    #expect(server.requests.count == 2)
  }

  @Test func claimsThatPassTheFirstTimeAreKeptAndNotRepeated() async throws {
    let data = try PlantedTrends()
    // The repair sends the kept claim again beside the fixed one, and a new bad one.
    let server = try Self.model(
      first: [Self.good, Self.unknownMetric], repair: [Self.good, Self.fixedMetric, Self.badDate])
    let result = await AskClaims.ask("Steps and sleep last week?", server: server, data: data, ["--format", "json"])
    #expect(result.status == .success, "\(result.error)")
    let report = try #require(JSONValue.parse(result.output))
    let claims = (report["claims"]?.arrayValue ?? []).compactMap { $0["claim"] }
    #expect(claims == [Self.good, Self.fixedMetric])
    let refused = (report["refused"]?.arrayValue ?? []).compactMap { $0["claim"] }
    #expect(refused == [Self.badDate])
    let calls = (report["toolCalls"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    #expect(calls == ["answer", "answer"])
  }

  @Test func aRepairInWordsKeepsTheFirstAnswersAndShowsNoneOfTheWords() async throws {
    let data = try PlantedTrends()
    let server = try LoopbackServer { request, _ in
      if Self.messages(request).contains(where: { $0["role"] == "tool" }) {
        return AskClaims.textReply("Sorry, you slept 9 hours a night, which is great.")
      }
      return AskClaims.answer([Self.good, Self.unknownMetric])
    }
    let result = await AskClaims.ask("Steps and sleep last week?", server: server, data: data)
    #expect(result.status == .success, "\(result.error)")
    let good = try await Self.sentence(Self.good, data: data)
    #expect(result.output.hasPrefix(good + "\n1 claim could not be computed:\n- stat claim of sleeep: "))
    #expect(!result.output.contains("great") && !result.output.contains("9 hours"))
    #expect(server.requests.count == 2)
  }

  @Test func aModelThatSendsOnlyGoodClaimsIsNotAskedAgain() async throws {
    let data = try PlantedTrends()
    let server = try Self.model(first: [Self.good], repair: [Self.fixedMetric])
    let result = await AskClaims.ask("Steps last week?", server: server, data: data)
    #expect(result.status == .success)
    #expect(server.requests.count == 1)
  }

  @Test func theRepairStaysWithinTheTimeLimit() async throws {
    let data = try PlantedTrends()
    // The repair would be answered after ten minutes: the first answers stand, within --timeout.
    let repair = AskClaims.answer([Self.fixedMetric])
    let server = try LoopbackServer { request, _ in
      if Self.messages(request).contains(where: { $0["role"] == "tool" }),
        case .respond(let status, let headers, let body, _) = repair
      {
        return .respond(status: status, headers: headers, body: body, delay: .seconds(600))
      }
      return AskClaims.answer([Self.good, Self.unknownMetric])
    }
    let started = ContinuousClock.now
    let result = await runPanda(
      [
        "ask", "Steps and sleep last week?", "--db", data.path, "--as-of", AskClaims.asOf, "--provider", "openai",
        "--base-url", server.baseURL + "/v1", "--model", "scripted", "--timeout", "2",
      ], environment: AskClaims.environment)
    // Long before the repair's reply, even on a loaded machine (a reply would compute the fixed claim).
    #expect(ContinuousClock.now - started < .seconds(300))
    #expect(result.status == .success, "\(result.error)")
    let good = try await Self.sentence(Self.good, data: data)
    #expect(result.output.hasPrefix(good + "\n1 claim could not be computed:"))
  }

  @Test func aServerWithoutToolCallingIsAskedOnceToRepairThroughStructuredOutput() async throws {
    let data = try PlantedTrends()
    let server = try LoopbackServer { request, _ in
      let body = JSONValue.parse(request.text)
      if body?["tools"] != nil { return .respond(status: 400, body: #"{"error":"tools are not supported"}"#) }
      let told = Self.messages(request).contains {
        $0["role"] == "user" && $0["content"]?.stringValue?.contains("could not compute") == true
      }
      let claims = told ? [Self.fixedMetric] : [Self.good, Self.unknownMetric]
      return AskClaims.textReply(JSONValue.object(["claims": .array(claims)]).text)
    }
    let result = await AskClaims.ask("Steps and sleep last week?", server: server, data: data)
    #expect(result.status == .success, "\(result.error)")
    let expected =
      try await Self.sentence(Self.good, data: data) + (try await Self.sentence(Self.fixedMetric, data: data))
    #expect(result.output == expected)
    #expect(server.requests.filter { JSONValue.parse($0.text)?["response_format"] != nil }.count == 2)
  }
}
