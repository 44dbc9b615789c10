import Foundation
import LoopbackHTTPKit
import Synchronization
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

/// A reply that uses only the figures of `ChatFixtures.request`.
let groundedReply = """
  {"summary":"A good week for your activity: you walked more.",
   "metrics":[{"metric":"activity.steps","assessment":"improving","message":"You took 9,500 steps a day this week, 1,500 more than your usual 8,000."},
              {"metric":"activity.exerciseMinutes","assessment":"stable","message":"Exercise held steady at about 20 minutes a day."}],
   "encouragement":["Your walking is up 18.8 % on the 4 weeks before. Keep it going."],
   "suggestions":[]}
  """

@Suite struct ChatCompletionsProviderTests {
  func body(_ request: LoopbackServer.Request) -> JSONValue {
    JSONValue.parse(request.text) ?? .null
  }

  @Test func aValidReplyBecomesTheInsightWithPandasFigures() async throws {
    let server = try LoopbackServer { _, _ in .respond(status: 200, body: chatCompletion(groundedReply)) }
    let insight = try await ChatFixtures.provider(server).insight(for: ChatFixtures.request)
    #expect(insight.summary == "A good week for your activity: you walked more.")
    #expect(insight.metrics.map(\.metric) == ["activity.steps", "activity.exerciseMinutes"])
    #expect(insight.metrics[0].current == 9_500)
    #expect(insight.metrics[0].message.hasPrefix("You took 9,500 steps"))
    let sent = try #require(server.requests.first)
    #expect(sent.path == "/v1/chat/completions")
    #expect(sent.headers["authorization"] == "Bearer sk-test-secret")
    #expect(body(sent)["response_format"]?["type"]?.stringValue == "json_schema")
    #expect(body(sent)["model"]?.stringValue == "test-model")
    #expect(body(sent)["stream"] == .bool(false))
  }

  @Test(arguments: [
    "Here you go:\n```json\n\(groundedReply)\n```\nHope this helps!",
    "Sure! \(groundedReply) Let me know if you need more.",
  ])
  func jsonInCodeFencesOrProseIsFound(content: String) async throws {
    let server = try LoopbackServer { _, _ in .respond(status: 200, body: chatCompletion(content)) }
    let insight = try await ChatFixtures.provider(server).insight(for: ChatFixtures.request)
    #expect(insight.metrics.count == 2)
    #expect(server.requests.count == 1)
  }

  @Test func aSchemaInvalidReplyGetsOneRepairRequest() async throws {
    let invalid = #"{"summary":"Good week.","metrics":[]}"#
    let server = try LoopbackServer { _, number in
      .respond(status: 200, body: chatCompletion(number == 0 ? invalid : groundedReply))
    }
    let insight = try await ChatFixtures.provider(server).insight(for: ChatFixtures.request)
    #expect(insight.metrics.count == 2)
    #expect(server.requests.count == 2)
    let repair = body(server.requests[1])["messages"]?.arrayValue ?? []
    #expect(repair.count == 4)
    #expect(repair[3]["content"]?.stringValue?.contains("reply.suggestions is missing") == true)
  }

  @Test func numbersThatWereNotGivenAreRejectedTwiceThenReplacedByTheOfflineAnalyzer() async throws {
    let invented = groundedReply.replacingOccurrences(of: "9,500 steps", with: "9,900 steps")
    let server = try LoopbackServer { _, _ in .respond(status: 200, body: chatCompletion(invented)) }
    let insight = try await ChatFixtures.provider(server).insight(for: ChatFixtures.request)
    #expect(server.requests.count == 2)
    let repair = body(server.requests[1])["messages"]?.arrayValue?.last?["content"]?.stringValue ?? ""
    #expect(repair.contains("9,900"))
    #expect(!insight.metrics.map(\.message).joined().contains("9,900"))
    #expect(insight.offlineParts == ["metrics.activity.steps"])
  }

  @Test func anAssessmentThatDisagreesWithPandasIsRejected() async throws {
    let wrong = groundedReply.replacingOccurrences(of: #""assessment":"stable""#, with: #""assessment":"improving""#)
    let server = try LoopbackServer { _, _ in .respond(status: 200, body: chatCompletion(wrong)) }
    let insight = try await ChatFixtures.provider(server).insight(for: ChatFixtures.request)
    let repair = body(server.requests[1])["messages"]?.arrayValue?.last?["content"]?.stringValue ?? ""
    #expect(repair.contains("activity.exerciseMinutes is stable, not improving"))
    #expect(insight.metrics[1].assessment == .stable)
    #expect(insight.offlineParts == ["metrics.activity.exerciseMinutes"])
  }

  @Test func a429WithRetryAfterIsRetried() async throws {
    let server = try LoopbackServer { _, number in
      number == 0
        ? .respond(
          status: 429, headers: ["retry-after-ms": "30"],
          body: #"{"error":{"message":"slow down","code":"rate_limit_exceeded"}}"#)
        : .respond(status: 200, body: chatCompletion(groundedReply))
    }
    _ = try await ChatFixtures.provider(server).insight(for: ChatFixtures.request)
    #expect(server.requests.count == 2)
  }

  @Test func aRetryAfterLongerThanTheCapIsNotWaitedFor() async throws {
    let server = try LoopbackServer { _, _ in
      .respond(status: 503, headers: ["retry-after": "120"], body: #"{"error":{"message":"down for maintenance"}}"#)
    }
    await #expect(throws: ProviderError.http(status: 503, message: "down for maintenance")) {
      try await ChatFixtures.provider(server).insight(for: ChatFixtures.request)
    }
    #expect(server.requests.count == 1)
  }

  @Test func aSpentQuotaIsNotRetried() async throws {
    let server = try LoopbackServer { _, _ in
      .respond(status: 429, body: #"{"error":{"message":"You exceeded your quota","code":"insufficient_quota"}}"#)
    }
    await #expect(throws: ProviderError.http(status: 429, message: "You exceeded your quota")) {
      try await ChatFixtures.provider(server).insight(for: ChatFixtures.request)
    }
    #expect(server.requests.count == 1)
  }

  @Test func a500ThenSuccessIsRetried() async throws {
    let server = try LoopbackServer { _, number in
      number == 0
        ? .respond(status: 500, body: "upstream crashed") : .respond(status: 200, body: chatCompletion(groundedReply))
    }
    _ = try await ChatFixtures.provider(server).insight(for: ChatFixtures.request)
    #expect(server.requests.count == 2)
  }

  @Test(arguments: [401, 403, 404])
  func clientErrorsAreNeverRetried(status: Int) async throws {
    let server = try LoopbackServer { _, _ in .respond(status: status, body: #"{"error":{"message":"no"}}"#) }
    await #expect(throws: ProviderError.http(status: status, message: "no")) {
      try await ChatFixtures.provider(server).insight(for: ChatFixtures.request)
    }
    #expect(server.requests.count == 1)
  }

  @Test func a400OnJSONSchemaStepsDownAndIsRemembered() async throws {
    let server = try LoopbackServer { request, _ in
      let type = JSONValue.parse(request.text)?["response_format"]?["type"]?.stringValue
      return type == "json_schema"
        ? .respond(
          status: 400, body: #"{"error":{"message":"response_format json_schema is not supported","code":null}}"#)
        : .respond(status: 200, body: chatCompletion(groundedReply))
    }
    let provider = ChatFixtures.provider(server)
    _ = try await provider.insight(for: ChatFixtures.request)
    #expect(provider.currentStructuredOutput == .jsonObjectWithSchema)
    _ = try await provider.insight(for: ChatFixtures.request)
    let types = server.requests.map { body($0)["response_format"]?["type"]?.stringValue }
    #expect(types == ["json_schema", "json_object", "json_object"])
    #expect(body(server.requests[1])["response_format"]?["schema"]?["properties"] != nil)
  }

  @Test func aModelThatWantsMaxCompletionTokensGetsItWithoutLosingTheSchema() async throws {
    let server = try LoopbackServer { request, _ in
      JSONValue.parse(request.text)?["max_tokens"] != nil
        ? .respond(
          status: 400,
          body:
            #"{"error":{"message":"Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.","param":"max_tokens","code":"unsupported_parameter"}}"#
        )
        : .respond(status: 200, body: chatCompletion(groundedReply))
    }
    _ = try await ChatFixtures.provider(server).insight(for: ChatFixtures.request)
    #expect(server.requests.count == 2)
    let retried = body(server.requests[1])
    #expect(retried["max_completion_tokens"] != nil)
    #expect(retried["response_format"]?["type"]?.stringValue == "json_schema")
  }

  @Test func anUnrelated400DoesNotDowngradeStructuredOutput() async throws {
    let server = try LoopbackServer { _, _ in
      .respond(status: 400, body: #"{"error":{"message":"This model's maximum context length is 8192 tokens."}}"#)
    }
    let provider = ChatFixtures.provider(server)
    await #expect(throws: ProviderError.self) { try await provider.insight(for: ChatFixtures.request) }
    #expect(server.requests.count == 1)
    #expect(provider.currentStructuredOutput == .jsonSchema)
  }

  @Test func aPlainStringErrorStepsDownToPlainInstructions() async throws {
    // LM Studio refuses json_object with a 400 whose error is a bare string.
    let server = try LoopbackServer { request, _ in
      let format = JSONValue.parse(request.text)?["response_format"]
      return format == nil
        ? .respond(status: 200, body: chatCompletion(groundedReply))
        : .respond(status: 400, body: #"{"error":"'response_format.type' must be 'json_schema' or 'text'"}"#)
    }
    let provider = ChatFixtures.provider(server, remembered: .jsonObject)
    _ = try await provider.insight(for: ChatFixtures.request)
    #expect(provider.currentStructuredOutput == .plain)
    let prompt = body(server.requests[1])["messages"]?.arrayValue?.last?["content"]?.stringValue ?? ""
    #expect(!prompt.contains("additionalProperties"))
    #expect(prompt.contains(#""metric":"activity.steps""#))
  }

  @Test func aSlowFirstByteFromARemoteEndpointTimesOutOnEveryAttemptAndIsUnreachable() async throws {
    let server = try LoopbackServer { _, _ in
      .respond(status: 200, body: chatCompletion(groundedReply), delay: .seconds(2))
    }
    await #expect {
      try await ChatFixtures.provider(server) { $0.isLocal = false }.insight(for: ChatFixtures.request)
    } throws: { error in
      if case .unreachable = error as? ProviderError { true } else { false }
    }
    #expect(server.requests.count == 3)
  }

  @Test func aTimedOutRequestToALocalEndpointIsNotRetried() async throws {
    let server = try LoopbackServer { _, _ in
      .respond(status: 200, body: chatCompletion(groundedReply), delay: .seconds(2))
    }
    await #expect {
      try await ChatFixtures.provider(server).insight(for: ChatFixtures.request)
    } throws: { error in
      if case .unreachable = error as? ProviderError { true } else { false }
    }
    #expect(server.requests.count == 1)
  }

  @Test func aDroppedConnectionIsRetriedThenUnreachable() async throws {
    let server = try LoopbackServer { _, _ in .drop }
    await #expect {
      try await ChatFixtures.provider(server).insight(for: ChatFixtures.request)
    } throws: { error in
      if case .unreachable = error as? ProviderError { true } else { false }
    }
    #expect(server.requests.count == 3)
  }

  @Test func aReplyCutAtTheTokenLimitIsNotUsed() async throws {
    let server = try LoopbackServer { _, _ in
      .respond(status: 200, body: chatCompletion(String(groundedReply.prefix(60)), finishReason: "length"))
    }
    await #expect {
      try await ChatFixtures.provider(server).insight(for: ChatFixtures.request)
    } throws: { error in
      if case .invalidReply = error as? ProviderError { true } else { false }
    }
  }

  func logged(verbosity: Int) async throws -> [String] {
    let server = try LoopbackServer { _, _ in .respond(status: 200, body: chatCompletion(groundedReply)) }
    let lines = Mutex<[String]>([])
    let provider = ChatFixtures.provider(
      server, log: LLMLog(verbosity: verbosity) { line in lines.withLock { $0.append(line) } })
    _ = try await provider.insight(for: ChatFixtures.request)
    return lines.withLock { $0 }
  }

  @Test func theKeyIsNeverLoggedAndHealthDataOnlyAtLevelTwo() async throws {
    let requests = try await logged(verbosity: 1)
    #expect(
      requests.contains { $0.contains("→ 200") && $0.contains("attempt 1") && $0.contains("tokens 100 in, 50 out") })
    #expect(!requests.contains { $0.contains("9500") || $0.contains("9,500") })
    let bodies = try await logged(verbosity: 2)
    #expect(bodies.contains { $0.contains("9500") })
    #expect(!(requests + bodies).contains { $0.contains("sk-test-secret") })
    #expect(try await logged(verbosity: 0).isEmpty)
  }

  @Test func theRequestCarriesFiguresAndNothingFromTheExport() async throws {
    let messages = ChatFixtures.provider(try LoopbackServer { _, _ in .drop }).messages(for: ChatFixtures.request)
    #expect(messages.map(\.role) == ["system", "user"])
    let user = messages[1].content
    #expect(user.contains("\"metric\":\"activity.steps\""))
    #expect(user.contains("\"current\":9500"))
    #expect(user.contains("2025-06-24 to 2025-06-30"))
    #expect(!user.contains("{{"))
  }
}
