import Testing

@testable import PandaKit

/// Which sentences of an answer survive: figures from the tools, or computed from them as people
/// compute, and never a diagnosis.
@Suite struct AnswerCheckTests {
  let results: [JSONValue] = [
    .object([
      "metric": "sleep.asleep", "unit": "h",
      "days": .array(
        [6.5, 7.25, 8.0, 5.75].enumerated().map { index, value in
          .object(["day": .string("2025-06-0\(index + 1)"), "value": .number(value), "isPartial": .bool(false)])
        }),
      "summary": .object(["mean": .number(6.875), "days": .number(4)]),
    ]),
    .object(["metric": "activity.steps", "unit": "steps", "current": .number(8_432), "baseline": .number(7_900)]),
  ]

  @Test(arguments: [
    "You slept 6 h 53 min a night on average.",  // the mean, in hours and minutes
    "The first two nights averaged about 6.9 hours.",  // a mean of the first days, rounded
    "Your steps rose by 532 a day, about 6.7 % more than before.",  // a difference and a percent change
    "On 2025-06-03 you slept 8 hours.",  // a date's parts and a value
    "Adults need 7 to 9 hours of sleep.",  // a guideline figure
    "Those 4 nights add up to 27.5 hours.",  // a sum of the days
  ])
  func figuresFromTheResultsAreShown(sentence: String) {
    #expect(AnswerCheck(results: results).problem(sentence) == nil)
  }

  @Test(arguments: [
    ("You slept 9 h 40 min on Tuesday.", "a figure not in your data"),
    ("Your steps rose by 1,200 a day.", "a figure not in your data"),
    ("Sleeping this little suggests insomnia.", "a diagnosis"),
  ])
  func inventionsAndDiagnosesAreWithheld(sentence: String, reason: String) {
    #expect(AnswerCheck(results: results).problem(sentence) == reason)
  }

  @Test func withheldSentencesLeaveTheRestInPlace() {
    let (shown, withheld) = AnswerCheck(results: results).check(
      "You slept 6.9 hours a night. You slept 9.9 hours on Tuesday. Keep it up!\n\n- Sleep apnea is likely.")
    #expect(shown == "You slept 6.9 hours a night. Keep it up!")
    #expect(withheld.map(\.reason) == ["a figure not in your data", "a diagnosis"])
  }
}
