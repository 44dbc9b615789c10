import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

/// The words SmolLM2-135M wrote for a weekly sleep insight: the example reworded, with a stray `|`.
private func smallModelReply(for request: InsightRequest) -> String {
  JSONValue.object([
    "summary": .string("One sentence on how the person's sleep went."),
    "metrics": .array(
      request.trends.map {
        .object([
          "metric": .string($0.metric), "assessment": .string($0.assessment.rawValue),
          "message": .string("Another sentence on this metric. Using the figures given.|"),
        ])
      }),
    "encouragement": .array([.string("Praise for what is improving, or leave the list empty.")]),
    "suggestions": .array([.string("A concrete step for what is declining, or leave the list empty.")]),
  ]).text
}

/// A reply holding `insight`'s own words.
private func reply(writing insight: Insight) -> String {
  JSONValue.object([
    "summary": .string(insight.summary),
    "metrics": .array(
      insight.metrics.map {
        .object([
          "metric": .string($0.metric), "assessment": .string($0.assessment.rawValue), "message": .string($0.message),
        ])
      }),
    "encouragement": .array(insight.encouragement.map(JSONValue.string)),
    "suggestions": .array(insight.suggestions.map(JSONValue.string)),
  ]).text
}

private func sleepRequest() -> InsightRequest {
  var request = ChatFixtures.request
  request.category = .sleep
  request.trends = [
    ChatFixtures.trend("sleep.asleep", current: 7 + 10.0 / 60, baseline: 7.2, assessment: .stable),
    ChatFixtures.trend("sleep.deep", current: 1.2, baseline: 1.5, assessment: .declining),
  ]
  return request
}

@Suite struct SubstanceCheckTests {
  let check = InsightPrompt(templates: PromptTemplates()).substanceCheck(for: sleepRequest())

  @Test(arguments: [
    "One sentence on how the person's sleep went.",
    "Another sentence on this metric. Using the figures given.",
    "One or two sentences on this metric, using the figures given.",
    "Praise for what is improving, or leave the list empty.",
    "A concrete step for what is declining, or leave the list empty.",
    "A concrete step for what is declining.",
    "A step for what is declining, or leave the list empty.",
    "One or two sentences on this metric, using the steps mentioned in the example.",
    "Leave a list empty rather than pad it.",
    "Use only the numbers given in the figures.",
    "Do not call a stable metric better or worse.",
    "Speak to the person in plain words, one or two sentences per metric.",
    "One sentence on how the person's sleep went: 7 h 10 min.",
    "One sentence on how the person's sleep went: you slept 7 h 10 min a night, about as usual.",
    "Praise for what is improving: your deep sleep came to 1 h 12 min.",
  ])
  func theSmallModelsCopiesOfThePromptAreEchoes(sentence: String) {
    #expect(check.finding(in: sentence) == .echo, "\(check.echoedShare(of: sentence))")
  }

  @Test(arguments: [
    "string", "N/A", "None", "improving", "Your sleep this week.", "Your water intake and bedtime.",
    "This is a sentence about your heart.", "", ".",
  ])
  func placeholdersSayNothing(sentence: String) {
    #expect(check.finding(in: sentence) == .saysNothing)
  }

  /// Sentences a good model writes, with and without figures, that share words with the prompt.
  @Test(arguments: [
    "You slept 7 h 10 min a night, about as usual.",
    "Try going to bed at the same time each night.",
    "Your heart had a good week.",
    "You covered more ground.",
    "Your practice grew.",
    "Keep going!",
    "Well done.",
    "Deep sleep is declining: 1 h 12 min against your usual 1 h 30 min.",
    "Your time asleep held steady; the figures show no real change.",
    "Compared with the 4 weeks before them, you slept about the same.",
    "A concrete step: go to bed 30 minutes earlier on weeknights.",
    "Praise where it is due: your deep sleep is improving.",
    "Screens off 30 minutes before bed can help you fall asleep.",
    "Consider a short walk after lunch.",
    "Resting heart rate is stable, which is a good sign.",
    "Aim for lights out by 22:30.",
    "You're getting plenty of sleep.",
    "Your nights were restful.",
    "Your body weight barely moved.",
    "Headphone levels stayed within safe limits.",
    "Protect your hearing by turning the volume down.",
    "Head outside for some fresh air each morning.",
  ])
  func genuineSentencesPass(sentence: String) {
    #expect(check.finding(in: sentence) == nil, "\(check.echoedShare(of: sentence))")
  }

  @Test func strayCharactersAndTemplateTokensAreTidiedAway() {
    #expect(SubstanceCheck.tidied("Another sentence.|") == "Another sentence.")
    #expect(SubstanceCheck.tidied("  - **You slept 7 h.** ") == "You slept 7 h.")
    #expect(SubstanceCheck.tidied("Keep it up!<|im_end|>") == "Keep it up!")
    #expect(SubstanceCheck.tidied("You walked 9,500 steps (up 19 %)") == "You walked 9,500 steps (up 19 %)")
    #expect(SubstanceCheck.tidied("\"Nice work\" 🎉") == "\"Nice work\" 🎉")
    #expect(SubstanceCheck.tidied("|#*") == "")
  }

  @Test func aCopyOfTheSmallModelIsReplacedPartByPart() throws {
    let request = sleepRequest()
    guard case .insight(let insight, let problems) = InsightReply.read(smallModelReply(for: request), for: request)
    else { Issue.record("the reply was not read"); return }
    #expect(
      Set(problems.map(\.part))
        == [.summary, .metric("sleep.asleep"), .metric("sleep.deep"), .encouragement(0), .suggestion(0)])
    #expect(insight.metrics.allSatisfy { !$0.message.contains("|") })
    let merged = InsightReply.merge(insight, problems: problems, offline: HeuristicProvider().write(request))
    #expect(merged.offlineParts?.contains("summary") == true)
    #expect(merged.offlineParts?.contains("metrics.sleep.asleep") == true)
    #expect(merged.offlineParts?.contains("metrics.sleep.deep") == true)
    let offline = HeuristicProvider().write(request)
    #expect(merged.summary == offline.summary)
    #expect(merged.metrics.map(\.message) == offline.metrics.map(\.message))
    #expect(merged.suggestions == offline.suggestions)
    #expect(!merged.encouragement.contains { $0.contains("leave the list empty") })
  }

  @Test func aModelThatEchoesTheExampleGetsTheOfflineWordsMarked() async throws {
    let server = try LoopbackServer(handler: echoingModel)
    let request = sleepRequest()
    let insight = try await ChatFixtures.provider(server).insight(for: request)
    #expect(server.requests.count == 2)
    let repair = JSONValue.parse(server.requests[1].text)?["messages"]?.arrayValue?.last?["content"]?.stringValue
    #expect(repair?.contains("repeats the prompt's wording") == true)
    let offline = HeuristicProvider().write(request)
    #expect(insight.summary == offline.summary)
    #expect(insight.metrics.map(\.message) == offline.metrics.map(\.message))
    #expect(insight.encouragement == offline.encouragement)
    #expect(insight.suggestions == offline.suggestions)
    #expect(
      Set(insight.offlineParts ?? []).isSuperset(of: ["summary", "metrics.sleep.asleep", "metrics.sleep.deep"]))
    let example = try #require(exampleReply(in: server.requests[0]))
    let sentences = [insight.summary] + insight.metrics.map(\.message) + insight.encouragement + insight.suggestions
    for sentence in sentences { #expect(!example.contains(sentence), "\(sentence)") }
  }

  /// Every request with data for five months of planted trends, one per category and period.
  static func plantedRequests() throws -> [InsightRequest] {
    let data = try PlantedTrends()
    let snapshot = try HealthFetcher(database: data.database).loadAll(asOf: PlantedTrends.asOf)
    return InsightJob.all.map { InsightRequest.request(from: snapshot, category: $0.category, period: $0.period) }
      .filter(\.hasData)
  }

  /// How many parts of `replies` pass every check, of how many, and the problems found.
  static func kept(_ replies: [(InsightRequest, String)]) -> (kept: Int, total: Int, problems: [String]) {
    var kept = 0
    var total = 0
    var found: [String] = []
    for (request, content) in replies {
      guard case .insight(let insight, let problems) = InsightReply.read(content, for: request) else {
        found.append("\(request.category) \(request.period): unreadable")
        continue
      }
      let parts = 1 + insight.metrics.count + insight.encouragement.count + insight.suggestions.count
      total += parts
      kept += parts - Set(problems.map(\.part)).count
      found += problems.map { "\(request.category.rawValue) \(request.period.rawValue): \($0.text)" }
    }
    return (kept, total, found)
  }

  /// A careful model's reply to `request`, from the figures the prompt gives: every other
  /// sentence with figures, the others in words only; concrete steps without figures.
  static func carefulReply(to request: InsightRequest) -> String {
    let steps = [
      "Try going to bed at the same time each night.", "Take a short walk after lunch.",
      "Set a reminder to stand up and move every hour.", "Put your phone away half an hour before bed.",
      "Keep a water bottle on your desk.", "Book your workouts in your calendar like meetings.",
    ]
    var encouragement: [String] = []
    var suggestions: [String] = []
    let metrics = request.trends.enumerated().map { index, trend -> JSONValue in
      let name = trend.catalogueMetric?.name.lowercased() ?? trend.metric
      let figures = "\(JSONText.number(InsightPrompt.rounded(trend.current))) \(trend.unit)"
      let message: String
      switch (index % 2, trend.direction) {
      case (0, _):
        message =
          "Your \(name) came to \(figures), against \(JSONText.number(InsightPrompt.rounded(trend.baseline))) before."
      case (_, .up): message = "Your \(name) went up a little on your usual."
      case (_, .down): message = "Your \(name) came down a little from your usual."
      case (_, .flat): message = "Your \(name) held steady."
      }
      switch trend.assessment {
      case .improving: encouragement.append("Well done on your \(name): keep it up.")
      case .declining: suggestions.append(steps[suggestions.count % steps.count])
      case .stable: break
      }
      return .object([
        "metric": .string(trend.metric), "assessment": .string(trend.assessment.rawValue), "message": .string(message),
      ])
    }
    let summary =
      suggestions.isEmpty
      ? "Your \(request.category.displayName) numbers look good \(request.period.summaryPhrase)."
      : "Some of your \(request.category.displayName) numbers slipped \(request.period.summaryPhrase)."
    return JSONValue.object([
      "summary": .string(summary), "metrics": .array(metrics),
      "encouragement": .array(encouragement.map(JSONValue.string)),
      "suggestions": .array(suggestions.map(JSONValue.string)),
    ]).text
  }

  @Test func aCarefulModelKeepsItsSentences() throws {
    let (kept, total, problems) = Self.kept(try Self.plantedRequests().map { ($0, Self.carefulReply(to: $0)) })
    #expect(total > 100)
    #expect(Double(kept) >= 0.99 * Double(total), "\(kept) of \(total) kept: \(problems)")
  }

  @Test func noneOfTheOfflineAnalyzersSentencesIsTakenForACopyOrForSayingNothing() throws {
    let replies = try Self.plantedRequests().map { ($0, reply(writing: HeuristicProvider().write($0))) }
    let (_, total, problems) = Self.kept(replies)
    #expect(total > 100)
    #expect(problems.filter { $0.contains("repeats the prompt") || $0.contains("says nothing") } == [])
  }

  @Test func anEchoingModelKeepsNoneOfItsSentences() throws {
    let replies = try Self.plantedRequests().map { request in
      (request, InsightPrompt.example(for: request).text)
    }
    let (kept, total, _) = Self.kept(replies)
    #expect(total > 50)
    #expect(kept == 0)
  }
}
