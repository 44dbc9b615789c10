import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaMCP
@testable import PandaStore
@testable import PandaTestSupport

/// `panda ask` with a scripted claims model: more than 150 objective questions, each turned into
/// the claims a model would send, each answered in panda's own sentence; the figures, days and
/// dates the test expects are computed by `AskClaims` from the generated data, not by panda's code.
@Suite struct AskClaimsTests {
  @Test func everyObjectiveQuestionIsAnsweredRightInPandasWords() async throws {
    let data = try PlantedTrends()
    let questions = try AskClaims.questions(data.database)
    #expect(questions.count >= 150)
    let kinds = Set(questions.compactMap { $0.claim["kind"]?.stringValue })
    #expect(kinds == ["stat", "extreme", "compare", "count", "streak", "workouts"])
    let server = try AskClaims.model(Dictionary(questions.map { ($0.text, $0.claim) }, uniquingKeysWith: { a, _ in a }))
    var right = 0
    for question in questions {
      let result = await AskClaims.ask(question.text, server: server, data: data)
      #expect(result.status == .success, "\(question.text): \(result.error)")
      #expect(result.output == question.sentence + "\n", "\(question.text)")
      if result.output == question.sentence + "\n" { right += 1 }
    }
    print("ask with a scripted claims model: \(right) of \(questions.count) questions answered right")
  }

  @Test func jsonCarriesEachClaimWithItsSentenceFigureUnitAndDays() async throws {
    let data = try PlantedTrends()
    let question = "What was my mean steps in the week of 2025-06-23?"
    let claim = AskClaims.claim([
      "kind": "stat", "metric": "steps", "stat": "mean", "from": "2025-06-23", "to": "2025-06-29",
    ])
    let future = AskClaims.claim([
      "kind": "stat", "metric": "steps", "stat": "mean", "from": "2025-06-23", "to": "2025-07-09",
    ])
    let server = try LoopbackServer { _, _ in
      let arguments = JSONValue.object(["claims": .array([claim, future])])
      return AskClaims.toolReply(name: "answer", arguments: arguments.text)
    }
    let result = await AskClaims.ask(question, server: server, data: data, ["--format", "json"])
    #expect(result.status == .success, "\(result.error)")
    let report = try #require(JSONValue.parse(result.output))
    #expect(report["question"] == .string(question))
    #expect(report["asOf"] == "2025-07-01")
    let values = try AskClaims.values(
      data.database, AskClaims.steps, AskClaims.day("2025-06-23"), AskClaims.day("2025-06-29"), on: nil)
    let first = try #require(report["claims"]?.arrayValue?.first)
    #expect(first["claim"] == claim)
    #expect(first["value"]?.numberValue.map { abs($0 - values.map(\.value).reduce(0, +) / 7) < 1e-6 } == true)
    #expect(first["unit"] == "steps" && first["from"] == "2025-06-23" && first["to"] == "2025-06-29")
    #expect(first["days"] == .number(7))
    #expect(first["sentence"]?.stringValue?.hasSuffix("(7 days).") == true)
    let refused = try #require(report["refused"]?.arrayValue)
    #expect(refused.count == 1 && refused.first?["claim"] == future)
    #expect(refused.first?["reason"]?.stringValue?.contains("in the future") == true)
    #expect(report["toolCalls"]?.arrayValue?.first?["name"] == "answer")
  }

  @Test func theAnswerToolsSchemaListsEveryClaimKindWithItsFields() throws {
    let function = try #require(ToolConversation.functions.last?["function"])
    #expect(function["name"] == "answer")
    let kinds = try #require(function["parameters"]?["properties"]?["claims"]?["items"]?["anyOf"]?.arrayValue)
    var fields: [String: Set<String>] = [:]
    for kind in kinds {
      guard let name = kind["properties"]?["kind"]?["enum"]?.arrayValue?.first?.stringValue,
        case .object(let properties)? = kind["properties"]
      else { continue }
      fields[name] = Set(properties.keys)
    }
    #expect(
      fields == [
        "stat": ["kind", "metric", "stat", "from", "to", "on"],
        "extreme": ["kind", "metric", "which", "from", "to", "on"],
        "compare": ["kind", "metric", "stat", "from", "to", "baseFrom", "baseTo", "on"],
        "count": ["kind", "metric", "op", "value", "unit", "from", "to", "on"],
        "streak": ["kind", "metric", "op", "value", "unit", "from", "to"],
        "workouts": ["kind", "type", "stat", "from", "to"], "insight": ["kind", "category", "period"],
        "relations": ["kind"], "alerts": ["kind", "from", "to"], "tag": ["kind", "tag", "from", "to"],
        "afterTag": ["kind", "tag", "metric", "from", "to"],
      ])
    // Claims of the new kinds are valid against the schema the model sees, strict or not; a tag
    // claim without its tag is not.
    let tag = AskClaims.claim(["kind": "tag", "tag": "alcohol", "from": "2025-06-01", "to": "2025-06-30"])
    let after = AskClaims.claim([
      "kind": "afterTag", "tag": "symptom:headache", "metric": "hrv", "from": "2025-04-01", "to": "2025-06-30",
    ])
    for strict in [false, true] {
      let schema = Claim.answerSchema(strict: strict)
      #expect(SchemaValidator.problems(.object(["claims": .array([tag, after])]), against: schema).isEmpty)
      let missing = AskClaims.claim(["kind": "tag", "from": "2025-06-01", "to": "2025-06-30"])
      #expect(!SchemaValidator.problems(.object(["claims": .array([missing])]), against: schema).isEmpty)
    }
    let described = kinds.compactMap { $0["properties"]?["tag"]?["description"]?.stringValue }
    #expect(described.count == 2 && described.allSatisfy { $0.contains("symptom:headache") })
  }
}
