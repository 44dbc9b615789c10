import Testing

@testable import PandaKit

@Suite struct GroundingTests {
  @Test func numbersAreReadAsWritten() {
    let numbers = Grounding.numbers(in: "You took 8,432 steps, up 12.5 % from 7,500; 6 h 5 min.")
    #expect(numbers.map(\.value) == [8_432, 12.5, 7_500, 6, 5])
    #expect(numbers.map(\.tolerance) == [0.5, 0.05, 50, 0.5, 0.5])
  }

  @Test func roundingAndHoursAsMinutesAreAllowed() {
    let trend = ChatFixtures.trend("sleep.asleep", current: 6 + 5.0 / 60, baseline: 7.25, assessment: .declining)
    var request = ChatFixtures.request
    request.trends = [trend]
    let allowed = Grounding.allowedNumbers(request: request)
    for text in [
      "6 h 5 min", "365 minutes", "about 6.1 hours", "70 minutes less", "1 h 10 min less", "the last 7 days",
    ] {
      #expect(Grounding.numbers(in: text).allSatisfy { Grounding.matches($0, allowed: allowed) }, "\(text)")
    }
    for text in ["5 h 40 min", "8 hours", "45 minutes less", "30 minutes less", "21 nights in a row", "since 2025"] {
      #expect(!Grounding.numbers(in: text).allSatisfy { Grounding.matches($0, allowed: allowed) }, "\(text)")
    }
  }

  @Test func theDifferenceOfTheFiguresAsShownIsAllowed() {
    var request = ChatFixtures.request
    request.trends = [
      ChatFixtures.trend("activity.steps", current: 12_202.6, baseline: 10_697.4, assessment: .improving)
    ]
    let allowed = Grounding.allowedNumbers(request: request)
    // 12,203 − 10,697 as shown; the unrounded change is 1,505.2.
    #expect(Grounding.numbers(in: "1,506 steps more").allSatisfy { Grounding.matches($0, allowed: allowed) })
    #expect(!Grounding.numbers(in: "1,509 steps more").allSatisfy { Grounding.matches($0, allowed: allowed) })
  }
}

@Suite struct JSONValueTests {
  @Test func parsesAndWritesBack() throws {
    let value = try #require(JSONValue.parse(#" {"b": [1, 2.5, true, null], "a": "x\"\u00e9\n"} "#))
    #expect(value["a"]?.stringValue == "x\"é\n")
    #expect(value["b"]?.arrayValue?.count == 4)
    #expect(value.text == #"{"a":"x\"é\n","b":[1,2.5,true,null]}"#)
  }

  @Test(arguments: ["", "{", #"{"a":}"#, "[1,]", #"{"a":1} trailing"#, "tru"])
  func rejectsWhatIsNotJSON(text: String) {
    #expect(JSONValue.parse(text) == nil)
  }

  @Test func schemaProblemsNameTheirPlace() {
    let schema = InsightPrompt.schema(for: ChatFixtures.request)
    let reply = JSONValue.parse(
      #"{"summary":1,"metrics":[{"metric":"activity.steps","assessment":"great","message":"x","extra":2}],"encouragement":[],"suggestions":[]}"#
    )!
    #expect(
      schema.problems(in: reply) == [
        "reply.summary should be a string",
        "reply.metrics[0].assessment should be one of improving, declining, stable, not \"great\"",
        "reply.metrics[0].extra is not allowed",
      ])
  }
}
