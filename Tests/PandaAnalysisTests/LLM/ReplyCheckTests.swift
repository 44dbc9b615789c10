import LoopbackHTTPKit
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaTestSupport

/// A reply of the insight schema's shape.
private func reply(
  summary: String, metrics: [(String, Assessment, String)], encouragement: [String] = [], suggestions: [String] = []
) -> String {
  let object: JSONValue = .object([
    "summary": .string(summary),
    "metrics": .array(
      metrics.map {
        .object(["metric": .string($0.0), "assessment": .string($0.1.rawValue), "message": .string($0.2)])
      }),
    "encouragement": .array(encouragement.map(JSONValue.string)),
    "suggestions": .array(suggestions.map(JSONValue.string)),
  ])
  return object.text
}

private func request(_ trends: [MetricTrend]) -> InsightRequest {
  var request = ChatFixtures.request
  request.trends = trends
  return request
}

private func problems(_ content: String, _ request: InsightRequest) -> [InsightReply.Problem]? {
  guard case .insight(_, let problems) = InsightReply.read(content, for: request) else { return nil }
  return problems
}

@Suite struct ReplyCheckTests {
  static let restingHeartRate = ChatFixtures.trend(
    "heart.restingHeartRate", current: 58.87, baseline: 61.0, assessment: .improving)
  static let deepSleep = ChatFixtures.trend("sleep.deep", current: 1.5755, baseline: 1.3, assessment: .improving)
  static let distance = ChatFixtures.trend("activity.distance", current: 7.85, baseline: 6.0, assessment: .improving)
  static let mindful = ChatFixtures.trend(
    "mindfulness.mindfulMinutes", current: 48.6, baseline: 30, assessment: .improving)
  static let exercise = ChatFixtures.trend("activity.exerciseMinutes", current: 20, baseline: 20, assessment: .stable)

  /// Replies a careful writer gives: figures rounded, cut or converted as people do, guideline
  /// figures and clock times in advice.
  static let carefulReplies: [(InsightRequest, String)] = [
    (
      request([restingHeartRate]),
      reply(
        summary: "Your heart had a good week.",
        metrics: [
          ("heart.restingHeartRate", .improving, "Your resting heart rate was 58.9 bpm, 2.1 bpm less than usual.")
        ],
        suggestions: ["A resting heart rate between 60 and 100 bpm is usual for adults; yours is a little under it."])
    ),
    (
      request([deepSleep]),
      reply(
        summary: "You slept more deeply.",
        metrics: [("sleep.deep", .improving, "Deep sleep came to 1 h 35 min a night, or about 94 minutes.")],
        suggestions: [
          "Most adults need 7 to 9 hours of sleep.", "Aim for lights out by 22:30, screens off 30 minutes before bed.",
        ])
    ),
    (
      request([distance]),
      reply(
        summary: "You covered more ground.",
        metrics: [("activity.distance", .improving, "You walked 7.8 km a day, up from 6 km.")],
        encouragement: ["Keep it up: 150 minutes of brisk walking a week is the WHO's target."])
    ),
    (
      request([distance]),
      reply(
        summary: "More walking this week.",
        metrics: [("activity.distance", .improving, "About 7.9 km a day, 1.85 km more than your usual.")])
    ),
    (
      request([mindful, exercise]),
      reply(
        summary: "Your practice grew.",
        metrics: [
          ("mindfulness.mindfulMinutes", .improving, "You meditated about 50 minutes a day, up 62 % on before."),
          ("activity.exerciseMinutes", .stable, "Exercise held steady at 20 minutes a day."),
        ],
        suggestions: ["Even 5 minutes of quiet breathing a day counts."])
    ),
  ]

  @Test(arguments: 0..<carefulReplies.count)
  func carefulRepliesAreAccepted(index: Int) throws {
    let (request, content) = Self.carefulReplies[index]
    #expect(try #require(problems(content, request)).map(\.text) == [])
  }

  /// One planted fault each, and the part it must be found in.
  static let plantedFaults: [(InsightRequest, String, InsightReply.Part)] = [
    (
      request([ChatFixtures.trend("heart.restingHeartRate", current: 58, baseline: 62, assessment: .improving)]),
      reply(
        summary: "Your heart this week.",
        metrics: [("heart.restingHeartRate", .improving, "Your resting heart rate is clearly higher than before.")]),
      .metric("heart.restingHeartRate")
    ),
    (
      request([ChatFixtures.trend("activity.steps", current: 9_500, baseline: 8_000, assessment: .improving)]),
      reply(
        summary: "Your activity this week.",
        metrics: [("activity.steps", .improving, "Your steps is clearly lower, at 9,500 a day.")]),
      .metric("activity.steps")
    ),
    (
      request([exercise]),
      reply(
        summary: "Your activity this week.",
        metrics: [("activity.exerciseMinutes", .stable, "Exercise was clearly lower this week at 20 minutes.")]),
      .metric("activity.exerciseMinutes")
    ),
    (
      request([exercise]),
      reply(
        summary: "This pattern is typical of sleep apnea; you may have a heart condition.",
        metrics: [("activity.exerciseMinutes", .stable, "Exercise held at 20 minutes a day.")]),
      .summary
    ),
    (
      request([exercise]),
      reply(
        summary: "Your activity this week.",
        metrics: [("activity.exerciseMinutes", .stable, "You exercised 35 minutes a day.")]),
      .metric("activity.exerciseMinutes")
    ),
    (
      request([exercise]),
      reply(
        summary: "Your activity this week.",
        metrics: [("activity.exerciseMinutes", .declining, "Exercise held at 20 minutes a day.")]),
      .metric("activity.exerciseMinutes")
    ),
    (
      request([exercise]),
      reply(
        summary: "Your activity this week.", metrics: [("activity.exerciseMinutes", .stable, "20 minutes a day.")],
        suggestions: ["Walk 45 minutes more than your usual 20."]),
      .suggestion(0)
    ),
  ]

  @Test(arguments: 0..<plantedFaults.count)
  func plantedFaultsAreFoundInTheirPart(index: Int) throws {
    let (request, content, part) = Self.plantedFaults[index]
    let found = try #require(problems(content, request))
    #expect(found.map(\.part).contains(part), "\(found)")
  }

  @Test func onlyTheFailingSentenceIsReplacedAndMarked() async throws {
    let faulty = reply(
      summary: "A good week for your activity: you walked more.",
      metrics: [
        ("activity.steps", .improving, "Your steps is clearly lower than before."),
        ("activity.exerciseMinutes", .stable, "Exercise held steady at about 20 minutes a day."),
      ])
    let server = try LoopbackServer { _, _ in .respond(status: 200, body: chatCompletion(faulty)) }
    let insight = try await ChatFixtures.provider(server).insight(for: ChatFixtures.request)
    #expect(server.requests.count == 2)
    let offline = HeuristicProvider().write(ChatFixtures.request)
    #expect(insight.offlineParts == ["metrics.activity.steps"])
    #expect(insight.metrics[0].message == offline.metrics[0].message)
    #expect(insight.metrics[1].message == "Exercise held steady at about 20 minutes a day.")
    #expect(insight.summary == "A good week for your activity: you walked more.")
  }

  @Test func aServerErrorNamingTheSchemaStepsDownAtOnceToJSONObjectWithSchema() async throws {
    let server = try LoopbackServer { request, _ in
      let format = JSONValue.parse(request.text)?["response_format"]
      if format?["type"]?.stringValue == "json_schema" {
        return .respond(
          status: 500, body: #"{"error":{"message":"1 validation error for CreateChatCompletionRequest json_schema"}}"#)
      }
      return format?["schema"] != nil
        ? .respond(status: 200, body: chatCompletion(groundedReply))
        : .respond(status: 400, body: #"{"error":{"message":"unexpected"}}"#)
    }
    let provider = ChatFixtures.provider(server)
    _ = try await provider.insight(for: ChatFixtures.request)
    #expect(server.requests.count == 2)
    #expect(provider.currentStructuredOutput == .jsonObjectWithSchema)
  }
}
