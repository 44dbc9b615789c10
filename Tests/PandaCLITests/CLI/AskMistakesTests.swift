import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaMCP
@testable import PandaStore
@testable import PandaTestSupport

/// `panda ask` against scripted models that make the mistakes capable models make: a figure on
/// the wrong day, the wrong unit or period, a total of what does not add up, answers in words
/// (rounded or wrong figures, medical claims, other languages, disguised digits), bad tool
/// arguments, a server without tool calling. Nothing false is shown: panda states only what it
/// computed, for the days it names, and the model's words never reach the person.
@Suite struct AskMistakesTests {
  @Test func aFigureAskedForTheWrongDayIsStatedForTheDayPandaUsed() async throws {
    let data = try PlantedTrends()
    // "Yesterday" is 30 June; the model asks for 28 June.
    let server = try AskClaims.modelReplying { _, _ in
      AskClaims.answer([
        .object(["kind": "stat", "metric": "steps", "stat": "mean", "from": "2025-06-28", "to": "2025-06-28"])
      ])
    }
    let result = await AskClaims.ask("How many steps did I take yesterday?", server: server, data: data)
    let day = AskClaims.day("2025-06-28")
    let value = try #require(try AskClaims.values(data.database, AskClaims.steps, day, day, on: nil).first?.value)
    #expect(result.status == .success, "\(result.error)")
    #expect(
      result.output == "Your steps averaged \(AskClaims.steps.write(value)) a day on Saturday 28 June 2025 (1 day).\n")
  }

  @Test func aThresholdInAnotherUnitIsConvertedAndAnUnknownUnitRefused() async throws {
    let data = try PlantedTrends()
    let server = try AskClaims.modelReplying { question, _ in
      let unit = question.contains("furlongs") ? "furlongs" : "miles"
      return AskClaims.answer([
        .object([
          "kind": "count", "metric": "activity.distance", "op": ">=", "value": .number(4.4), "unit": .string(unit),
          "from": "2025-06-01", "to": "2025-06-30",
        ])
      ])
    }
    let converted = await AskClaims.ask("On how many days did I walk 4.4 miles in June?", server: server, data: data)
    let line = 4.4 * 1.609_344
    let days = try AskClaims.values(
      data.database, AskClaims.steps, AskClaims.day("2025-06-01"), AskClaims.day("2025-06-30"), on: nil)
    let distances = try data.database.rows(
      "SELECT value FROM daily_values WHERE metric = 'activity.distance' AND day BETWEEN '2025-06-01' AND '2025-06-30' AND partial = 0"
    ).compactMap { $0.real("value") }
    #expect(days.count == 30 && distances.count == 30)
    let meeting = distances.filter { $0 >= line }.count
    #expect(converted.status == .success, "\(converted.error)")
    #expect(
      converted.output
        == "\(meeting) of the 30 whole days with data from 1 to 30 June 2025 had your walking and running distance at least \(AskClaims.trimmed(line, places: 2)) km.\n"
    )
    let unknown = await AskClaims.ask("On how many days did I walk 4.4 furlongs in June?", server: server, data: data)
    #expect(unknown.status == .dataError)
    #expect(unknown.output.hasPrefix("1 claim could not be computed:\n- count claim of activity.distance: "))
    #expect(unknown.output.contains("is not a unit of walking and running distance: use km, mi or m"))
    #expect(unknown.error == "panda: the model's one claim could not be computed.\n")
  }

  @Test func aWeeksTotalAskedForAMonthIsStatedForTheWeek() async throws {
    let data = try PlantedTrends()
    let server = try AskClaims.modelReplying { _, _ in
      AskClaims.answer([
        .object(["kind": "stat", "metric": "steps", "stat": "total", "from": "2025-06-23", "to": "2025-06-29"])
      ])
    }
    let result = await AskClaims.ask("How many steps did I take in June?", server: server, data: data)
    let values = try AskClaims.values(
      data.database, AskClaims.steps, AskClaims.day("2025-06-23"), AskClaims.day("2025-06-29"), on: nil)
    #expect(result.status == .success, "\(result.error)")
    #expect(
      result.output
        == "Your steps came to \(AskClaims.steps.write(values.map(\.value).reduce(0, +))) in all from 23 to 29 June 2025 (7 days).\n"
    )
  }

  @Test func claimsPandaCannotComputeAreRefusedWithTheirReasons() async throws {
    let data = try PlantedTrends()
    let claims: [JSONValue] = [
      .object(["kind": "stat", "metric": "rhr", "stat": "total", "from": "2025-06-01", "to": "2025-06-30"]),
      .object(["kind": "stat", "metric": "steps", "stat": "mean", "from": "2025-06-01", "to": "2025-07-05"]),
      .object(["kind": "stat", "metric": "r\u{200B}isk", "stat": "mean", "from": "2025-06-01", "to": "2025-06-30"]),
      .object([
        "kind": "count", "metric": "steps", "op": ">=", "value": "９０００", "unit": "steps", "from": "2025-06-01",
        "to": "2025-06-30",
      ]),
      .object(["kind": "stat", "metric": "steps", "stat": "mean", "from": "２０２５-06-01", "to": "2025-06-30"]),
      .object(["kind": "diagnosis", "condition": "prediabetes"]),
      .object([
        "kind": "stat", "metric": "steps", "stat": "mean", "from": "2025-06-01", "to": "2025-06-30",
        "note": "great job",
      ]),
      .object(["kind": "stat", "metric": "steps", "stat": "mean", "from": "2024-01-01", "to": "2024-01-31"]),
    ]
    let server = try AskClaims.modelReplying { _, _ in AskClaims.answer(claims) }
    let result = await AskClaims.ask("Tell me about June.", server: server, data: data, ["--format", "json"])
    #expect(result.status == .dataError)
    let report = try #require(JSONValue.parse(result.output))
    #expect(report["claims"]?.arrayValue?.isEmpty == true)
    let reasons = (report["refused"]?.arrayValue ?? []).compactMap { $0["reason"]?.stringValue }
    #expect(reasons.count == claims.count)
    #expect(reasons[0].contains("has no total"))
    #expect(reasons[1].contains("in the future"))
    #expect(reasons[2].contains("There is no metric"))
    #expect(reasons[3].contains("value must be a number"))
    #expect(reasons[4].contains("must be a date written YYYY-MM-DD"))
    #expect(reasons[5].contains("There is no claim kind"))
    #expect(reasons[6].contains("has no field"))
    #expect(reasons[7].contains("there is no whole day of your steps"))
    #expect(result.error == "panda: none of the model's \(claims.count) claims could be computed.\n")
  }

  /// Replies in words: wrong, rounded or disguised figures, medical claims, other languages, a
  /// fragment of a tool call, a cut-off reply, thinking. None is shown.
  static let words = [
    "You took about 10,000 steps a day last week.",
    "Your steps rose by 9 % compared with the week before.",
    "You ran 3 times for 150 minutes in all.",
    "You never took fewer than 9,000 steps.",
    "Your HRV suggests you are stressed.",
    "You may be prediabetic.",
    "You should stop taking your blood pressure medication.",
    "Ihr Risiko für einen Herzinfarkt ist erhöht.",
    "Su riesgo de infarto es alto.",
    "Vous semblez déprimé.",
    "You took ９,９７８ steps a day.",
    "You took ٩٬٩٧٨ steps a day.",
    "Your r\u{200B}isk of a heart attack is high.",
    "functions.daily_values:",
    "<think>They want steps.</think>You walked 7.1 miles on Sunday.",
  ]

  @Test(arguments: words)
  func anAnswerInWordsShowsNothing(_ words: String) async throws {
    let data = try PlantedTrends()
    let server = try AskClaims.modelReplying { _, _ in AskClaims.textReply(words) }
    let result = await AskClaims.ask("How many steps did I take last week?", server: server, data: data)
    #expect(result.status == .dataError)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix("panda: nothing is shown: the model wrote words instead of claims"))
    #expect(result.error.filter { $0 == "\n" }.count == 1)
    // It was asked once more, for the claims alone, through structured output.
    // (A streamed request answered with words is asked again whole first, as llama-cpp-python needs.)
    #expect(server.requests.filter { JSONValue.parse($0.text)?["response_format"] != nil }.count == 1)
    let second = try #require(JSONValue.parse(server.requests.last?.text ?? ""))
    #expect(second["response_format"]?["type"] == "json_schema" && second["tools"] == nil)
  }

  @Test func aQuestionNoClaimCanAnswerGetsPandasOwnSentence() async throws {
    let data = try PlantedTrends()
    let server = try AskClaims.modelReplying { _, _ in AskClaims.answer([]) }
    let result = await AskClaims.ask("Am I prediabetic? Should I stop my medication?", server: server, data: data)
    #expect(result.status == .dataError)
    #expect(result.output == AskRun.Output.cannotAnswer + "\n")
    #expect(result.error == "panda: the model found no claim that answers the question.\n")
  }

  @Test func badToolArgumentsThenWordsNamesTheFailedCall() async throws {
    let data = try PlantedTrends()
    let server = try LoopbackServer { request, index in
      if index == 0 { return AskClaims.toolReply(name: "daily_values", arguments: #"{"metric": 5}"#) }
      return AskClaims.textReply("You took 9,978 steps a day.")
    }
    let result = await AskClaims.ask("How many steps did I take last week?", server: server, data: data)
    #expect(result.status == .dataError)
    #expect(result.output.isEmpty)
    #expect(!result.error.contains("without calling any of panda's tools"))
    #expect(result.error.contains("its call of daily_values could not be answered"), "\(result.error)")
  }

  @Test func answerWithBadArgumentsIsToldAndMaySendThemAgain() async throws {
    let data = try PlantedTrends()
    let claim = JSONValue.object([
      "kind": "stat", "metric": "sleep", "stat": "mean", "from": "2025-06-23", "to": "2025-06-29",
    ])
    let server = try LoopbackServer { request, index in
      if index == 0 { return AskClaims.toolReply(name: "answer", arguments: JSONValue.object(["claim": claim]).text) }
      return AskClaims.answer([claim])
    }
    let result = await AskClaims.ask("How did I sleep last week?", server: server, data: data)
    #expect(result.status == .success, "\(result.error)")
    let values = try AskClaims.values(
      data.database, AskClaims.sleep, AskClaims.day("2025-06-23"), AskClaims.day("2025-06-29"), on: nil)
    let mean = values.map(\.value).reduce(0, +) / Double(values.count)
    #expect(
      result.output == "Your time asleep averaged \(AskClaims.sleep.write(mean)) from 23 to 29 June 2025 (7 days).\n")
    let second = try #require(JSONValue.parse(server.requests[1].text))
    let told = second["messages"]?.arrayValue?.last { $0["role"] == "tool" }?["content"]?.stringValue ?? ""
    #expect(told.contains(#"The arguments of answer must be {"claims": [...]}"#))
  }

  @Test func aServerWithoutToolCallingGivesTheClaimsThroughStructuredOutput() async throws {
    let data = try PlantedTrends()
    let claim = JSONValue.object([
      "kind": "workouts", "type": "running", "stat": "count", "from": "2025-06-01", "to": "2025-06-30",
    ])
    let server = try AskClaims.modelReplying { _, body in
      if body?["tools"] != nil {
        return .respond(
          status: 400, body: #"{"error":{"message":"registry.ollama.ai/library/gemma3 does not support tools"}}"#)
      }
      return AskClaims.textReply("<think>June.</think>" + JSONValue.object(["claims": .array([claim])]).text)
    }
    let result = await AskClaims.ask("How many runs did I do in June?", server: server, data: data)
    #expect(result.status == .success, "\(result.error)")
    let runs = try data.database.rows(
      "SELECT count(*) AS n FROM workouts WHERE activity_type LIKE '%Running' AND start >= ? AND start < ?",
      [
        .integer(Int64(AskClaims.day("2025-06-01").ordinal) * 86_400),
        .integer(Int64(AskClaims.day("2025-07-01").ordinal) * 86_400),
      ]
    ).first?.integer("n")
    #expect(result.output == "You recorded \(runs ?? -1) running workouts from 1 to 30 June 2025.\n")
    let second = try #require(JSONValue.parse(server.requests.last?.text ?? ""))
    #expect(second["response_format"]?["type"] == "json_schema")
    #expect(second["response_format"]?["json_schema"]?["schema"]?["required"] == .array(["claims"]))
  }

  @Test func aReplyCutAtTheTokenLimitShowsNothing() async throws {
    let data = try PlantedTrends()
    let server = try AskClaims.modelReplying { _, _ in
      AskClaims.textReply("You took 9,978 steps a day on average. You al", finish: "length")
    }
    let result = await AskClaims.ask("How many steps did I take last week?", server: server, data: data)
    #expect(result.status == .dataError)
    #expect(result.output.isEmpty)
    #expect(result.error.contains("cut off at the token limit"), "\(result.error)")
  }

  @Test func partlyRecordedDaysAreLeftOutAndCounted() async throws {
    let data = try PlantedTrends()
    try data.database.execute(
      "UPDATE daily_values SET partial = 1 WHERE metric = 'activity.steps' AND day = '2025-06-29'")
    let server = try AskClaims.modelReplying { _, _ in
      AskClaims.answer([
        .object(["kind": "stat", "metric": "steps", "stat": "mean", "from": "2025-06-23", "to": "2025-06-29"])
      ])
    }
    let result = await AskClaims.ask("Steps last week?", server: server, data: data)
    let values = try AskClaims.values(
      data.database, AskClaims.steps, AskClaims.day("2025-06-23"), AskClaims.day("2025-06-29"), on: nil)
    #expect(values.count == 6)
    let mean = values.map(\.value).reduce(0, +) / 6
    #expect(result.status == .success, "\(result.error)")
    #expect(
      result.output
        == "Your steps averaged \(AskClaims.steps.write(mean)) a day from 23 to 29 June 2025 (6 days; 1 partly recorded day left out).\n"
    )
  }
}

/// Claims of panda's own findings, and structured output on servers that refuse `json_schema`.
@Suite struct AskFindingsTests {
  @Test func findingsAreShownInPandasOwnWords() async throws {
    let data = try PlantedTrends()
    let server = try AskClaims.modelReplying { _, _ in
      AskClaims.answer([
        .object(["kind": "insight", "category": "sleep", "period": "weekly"]),
        .object(["kind": "alerts", "from": "2025-04-01", "to": "2025-06-30"]),
      ])
    }
    let result = await AskClaims.ask("How is my sleep, and is anything wrong?", server: server, data: data)
    #expect(result.status == .success, "\(result.error)")
    // The same words panda's own tools give for these findings.
    let context = ToolContext(
      database: data.database, daily: DailyContext(zone: TimeZone(identifier: "UTC")!),
      today: AskClaims.day("2025-07-01"))
    let insight = await HealthTools.call(
      "insights", arguments: .object(["category": "sleep", "period": "weekly"]), context: context)
    let first = try #require(insight.structured?["insights"]?.arrayValue?.first)
    let words =
      ([first["summary"]?.stringValue].compactMap { $0 }
      + (first["suggestions"]?.arrayValue ?? []).compactMap(\.stringValue)).joined(separator: " ")
    #expect(!words.isEmpty)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.first == words)
    let alerts = await HealthTools.call(
      "alerts", arguments: .object(["from": "2025-04-01", "to": "2025-06-30"]), context: context)
    let sentences = (alerts.structured?["alerts"]?.arrayValue ?? []).compactMap { $0["sentence"]?.stringValue }
    let expected =
      sentences.isEmpty
      ? alerts.structured?["note"]?.stringValue ?? "panda found no early warning from 1 April to 30 June 2025."
      : sentences.joined(separator: " ")
    #expect(lines.last == expected)
  }

  @Test func aServerRefusingJSONSchemaIsAskedWithJSONObjectAndTheSchema() async throws {
    let data = try PlantedTrends()
    let claim = JSONValue.object([
      "kind": "extreme", "metric": "steps", "which": "highest", "from": "2025-06-23", "to": "2025-06-29",
    ])
    // llama-cpp-python: no tools without a chat format, 500 on json_schema, json_object with a schema taken.
    let server = try AskClaims.modelReplying { _, body in
      if body?["tools"] != nil { return .respond(status: 400, body: #"{"error":"tools are not supported"}"#) }
      if body?["response_format"]?["type"] == "json_schema" {
        return .respond(status: 500, body: #"{"error":{"message":"response_format json_schema is not supported"}}"#)
      }
      return AskClaims.textReply(JSONValue.object(["claims": .array([claim])]).text)
    }
    let result = await AskClaims.ask("Which day last week had the most steps?", server: server, data: data)
    #expect(result.status == .success, "\(result.error)")
    let values = try AskClaims.values(
      data.database, AskClaims.steps, AskClaims.day("2025-06-23"), AskClaims.day("2025-06-29"), on: nil)
    var best = values[0]
    for entry in values where entry.value > best.value { best = entry }
    #expect(
      result.output
        == "Your highest day of steps from 23 to 29 June 2025 was \(AskClaims.date(best.day, weekday: true)), with \(AskClaims.steps.write(best.value)) (7 days).\n"
    )
    let last = try #require(JSONValue.parse(server.requests.last?.text ?? ""))
    #expect(last["response_format"]?["type"] == "json_object" && last["response_format"]?["schema"] != nil)
  }
}
