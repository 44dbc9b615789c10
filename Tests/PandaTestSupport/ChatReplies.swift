import Foundation
import LoopbackHTTPKit

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaStore

/// A chat completion whose message content is `content`.
func chatCompletion(_ content: String, finishReason: String = "stop") -> String {
  var escaped = ""
  JSONText.appendString(content, to: &escaped)
  return """
    {"id":"x","object":"chat.completion","model":"test","choices":[{"index":0,"message":{"role":"assistant","content":\(escaped)},"finish_reason":"\(finishReason)"}],"usage":{"prompt_tokens":100,"completion_tokens":50,"total_tokens":150}}
    """
}

/// The example reply in the prompt of a chat request: the line of the first user message that
/// is a JSON object.
func exampleReply(in request: LoopbackServer.Request) -> String? {
  let messages = JSONValue.parse(request.text)?["messages"]?.arrayValue ?? []
  let prompt = messages.first { $0["role"]?.stringValue == "user" }?["content"]?.stringValue ?? ""
  return prompt.split(separator: "\n").first { $0.hasPrefix("{") }.map(String.init)
}

/// A server that answers like SmolLM2-135M on llama.cpp: it copies the prompt's example reply,
/// every time it is asked.
func echoingModel(_ request: LoopbackServer.Request, _ number: Int) -> LoopbackServer.Reply {
  .respond(status: 200, body: chatCompletion(exampleReply(in: request) ?? "{}"))
}

enum ChatFixtures {
  static func trend(_ metric: String, current: Double, baseline: Double, assessment: Assessment) -> MetricTrend {
    MetricTrend(
      metric: metric, unit: MetricCatalogue.metric(metric)!.unit, current: current, baseline: baseline,
      change: current - baseline, changePercent: (current - baseline) / baseline * 100, slopePerDay: nil,
      direction: current == baseline ? .flat : current > baseline ? .up : .down, assessment: assessment, currentDays: 7,
      baselineDays: 28, recent: [8_000, nil, 9_500])
  }

  static var request: InsightRequest {
    let asOf = CalendarDay(iso: "2025-07-01")!
    var request = InsightRequest.request(
      from: HealthSnapshot(asOf: asOf, window: DayRange(asOf.adding(days: -400)...asOf), series: []),
      category: .activity,
      period: .weekly)
    request.trends = [
      trend("activity.steps", current: 9_500, baseline: 8_000, assessment: .improving),
      trend("activity.exerciseMinutes", current: 20, baseline: 20, assessment: .stable),
    ]
    return request
  }

  static func provider(
    _ server: LoopbackServer, key: String? = "sk-test-secret", remembered: StructuredOutput? = nil,
    log: LLMLog = LLMLog(verbosity: 0) { _ in }, configure: (inout LLMConfiguration) -> Void = { _ in },
    progress: (@Sendable (String) -> Void)? = nil
  ) -> ChatCompletionsProvider {
    var configuration = LLMConfiguration(
      provider: "openai", baseURL: server.baseURL + "/v1", model: "test-model", apiKey: key)
    configuration.backoffSeconds = 0.01
    configuration.timeoutMilliseconds = 400
    configuration.stream = false
    configure(&configuration)
    return ChatCompletionsProvider(
      configuration: configuration, templates: PromptTemplates(), remembered: remembered, log: log, progress: progress)
  }
}
