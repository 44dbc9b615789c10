import LoopbackHTTPKit
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaTestSupport

/// A weekly request with steps up and improving, distance up, deep sleep down and declining,
/// resting heart rate stable.
private let weekly: InsightRequest = {
  var request = ChatFixtures.request
  request.trends = [
    ChatFixtures.trend("activity.steps", current: 9_451, baseline: 8_800, assessment: .improving),
    ChatFixtures.trend("activity.distance", current: 7.07, baseline: 6.5, assessment: .improving),
    ChatFixtures.trend("sleep.deep", current: 1.2, baseline: 1.5, assessment: .declining),
    ChatFixtures.trend("heart.restingHeartRate", current: 61, baseline: 61.2, assessment: .stable),
  ]
  return request
}()

private func verdict(_ sentence: String, _ part: InsightReply.Part = .summary) -> SentenceJudge.Verdict? {
  SentenceJudge(request: weekly).verdict(on: SentenceText.cleaned(sentence), in: part)
}

@Suite struct SentenceJudgeTests {
  @Test(arguments: [
    ("You took 9,451 steps a day this week, against 8,800 in the 4 weeks before.", InsightReply.Part.summary),
    ("Your steps rose by 651 a day, 7.4 % more than usual.", .metric("activity.steps")),
    ("You walked 7.07 km a day, about 4.4 miles.", .metric("activity.distance")),
    ("You averaged 9.5k steps a day over the last 7 days.", .summary),
    ("That makes 66,157 steps in total this week.", .metric("activity.steps")),
    ("Deep sleep fell to 1 h 12 min a night, 18 minutes less than usual.", .metric("sleep.deep")),
    ("Your resting heart rate held steady at 61 bpm.", .metric("heart.restingHeartRate")),
    ("Nice work: your steps are improving.", .encouragement(0)),
    ("Most adults need 7 to 9 hours of sleep.", .suggestion(0)),
    ("Try to be in bed by 22:30 to give deep sleep more room.", .suggestion(0)),
    ("Your deep sleep is declining, so try a calmer hour before bed.", .suggestion(0)),
    ("You took nine thousand four hundred and fifty-one steps a day.", .summary),
    ("You walked more than 7 km a day, above the 6.5 km of the 4 weeks before.", .summary),
    ("Over the 28 days before, you took 8,800 steps a day.", .summary),
    ("Aim for 7 to 9 hours of sleep and a screen-free hour before bed.", .suggestion(0)),
  ])
  func trueSentencesAreKept(sentence: String, part: InsightReply.Part) {
    #expect(verdict(sentence, part) == nil, "\(verdict(sentence, part)?.detail ?? "")")
  }

  @Test(arguments: [
    // Right figure, wrong day.
    ("On Monday you took 9,451 steps.", SentenceJudge.Reason.period),
    ("Yesterday you took 9,451 steps.", .period),
    // Wrong unit.
    ("You walked 7.1 miles a day.", .figure),
    ("Your deep sleep was 58 hours.", .figure),
    // Wrong period or kind of figure.
    ("This month your steps averaged 9,451.", .period),
    ("You took a total of 9,451 steps this week.", .period),
    ("You took 66,157 steps a day on average.", .period),
    // Wrong size or direction.
    ("Your steps rose by 9 % this week.", .figure),
    ("You got 18 minutes more deep sleep than usual.", .direction),
    ("Your deep sleep rose this week.", .direction),
    // Counts and bounds.
    ("You did 3 runs, 150 minutes in all.", .figure),
    ("You never took fewer than 9,000 steps.", .unverifiable),
    ("You took about 10,000 steps a day.", .figure),
    // Claims without a figure.
    ("Your HRV suggests you are stressed.", .medical),
    ("Your heart is in great shape.", .unverifiable),
    ("You may be prediabetic.", .medical),
    ("You should stop taking your blood pressure medication.", .medical),
    // Other languages and disguises.
    ("Ihr Risiko für einen Herzinfarkt ist gestiegen.", .notEnglish),
    ("Tiene un mayor riesgo de infarto.", .notEnglish),
    ("Vous montrez des signes de depression.", .notEnglish),
    ("Your r\u{200B}isk of a heart attack is low.", .medical),
    ("You took ９，８７６ steps a day.", .figure),
    ("You took ٩٨٧٦ steps a day.", .figure),
    // Encouragement against the assessment, norms and periods panda did not send.
    ("Great job, your deep sleep is improving.", .assessment),
    ("Adults need only 5 hours of sleep a night.", .guideline),
    ("You walked more than last year.", .period),
    ("Your steps were higher than last week.", .period),
    ("Your November total was 66,157 steps.", .period),
    ("Your steps are up on last week.", .period),
    ("Your steps were higher than in the previous 7 days.", .period),
    ("Your heart is strong.", .unverifiable),
    ("You might be proud: your heart is in great shape.", .unverifiable),
    ("Skip your meds on rest days.", .medical),
    ("Vous etes deprime.", .notEnglish),
    ("Experts say 6 hours of sleep is enough.", .guideline),
    ("Most adults need just 3,000 steps a day.", .guideline),
    ("Your heаrt is fine.", .notEnglish),
    ("Your ｒｉｓｋ is low.", .medical),
    ("Keep up your great deep sleep!", .assessment),
    ("You walked 7 km more than usual.", .figure),
    ("Walking 9,451 steps a day lowers blood pressure.", .unverifiable),
    ("Your best day was Sunday with 9,451 steps.", .period),
  ])
  func falseSentencesAreWithheldWithTheirReason(sentence: String, reason: SentenceJudge.Reason) {
    #expect(verdict(sentence)?.reason == reason, "\(sentence): \(String(describing: verdict(sentence)))")
  }

  @Test func praiseWithoutAMetricIsWithheldWhenAMetricOfTheCardIsDeclining() {
    #expect(verdict("Great job this week!", .encouragement(0))?.reason == .assessment)
    var improving = weekly
    improving.trends.removeAll { $0.assessment == .declining }
    #expect(SentenceJudge(request: improving).verdict(on: "Great job this week!", in: .encouragement(0)) == nil)
  }

  @Test func invisibleCharactersAreRemovedAndDigitsMadeASCII() {
    #expect(SentenceText.cleaned("r\u{200B}is\u{202E}k ９，８７６ ٩٨") == "risk 9,876 98")
  }

  @Test func sentencesSplitAtTheirEndsButNotAtDecimals() {
    #expect(
      SentenceText.sentences(in: "You walked 7.07 km. Your deep sleep fell! Try e.g. a walk.")
        == ["You walked 7.07 km.", "Your deep sleep fell!", "Try e.g. a walk."])
  }
}

@Suite struct SentenceJudgeRepairTests {
  @Test func aWithheldSentenceIsListedInTheRepairAndLeftOutOfTheRepairedReplyWithItsPartKept() async throws {
    let good = "You took 9,500 steps a day this week, against 8,000 in the 4 weeks before."
    let planted = "You may be prediabetic."
    let content = JSONValue.object([
      "summary": .string("Your steps are improving this week."),
      "metrics": .array([
        .object([
          "metric": .string("activity.steps"), "assessment": .string("improving"),
          "message": .string("\(good) \(planted)"),
        ]),
        .object([
          "metric": .string("activity.exerciseMinutes"), "assessment": .string("stable"),
          "message": .string("Exercise held steady at 20 minutes a day."),
        ]),
      ]),
      "encouragement": .array([]), "suggestions": .array([]),
    ]).text
    let server = try LoopbackServer { _, _ in .respond(status: 200, body: chatCompletion(content)) }
    let insight = try await ChatFixtures.provider(server).insight(for: ChatFixtures.request)
    #expect(server.requests.count == 2)
    let repair = JSONValue.parse(server.requests[1].text)?["messages"]?.arrayValue?.last?["content"]?.stringValue
    #expect(repair?.contains(planted) == true)
    let steps = try #require(insight.metrics.first { $0.metric == "activity.steps" })
    #expect(steps.message == good)
    #expect(insight.offlineParts == nil)
    #expect(insight.judgement?.withheld == [SentenceJudge.Reason.medical.rawValue: 1])
  }
}
