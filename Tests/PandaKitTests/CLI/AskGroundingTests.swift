import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaKit

/// `panda ask` against two scripted models that fetch a month of steps and of sleep: a careful
/// one whose sentences state the tools' figures and the arithmetic people do on them (means of
/// weekdays, counts of days over a line, a best day with its date), and an inventive one whose
/// sentences invent figures, streaks, correlations, dates, risks and diagnoses. Each sentence
/// is checked in the answer shown; the test prints both rates.
@Suite struct AskGroundingTests {
  let data: PlantedTrends
  let environment = ["PANDA_TIMEZONE": "UTC", "XDG_CONFIG_HOME": "/nonexistent"]

  init() throws {
    data = try PlantedTrends()
  }

  /// One whole day of a fetched series.
  struct Day {
    var day: CalendarDay
    var value: Double
  }

  /// The whole days of the tool message answering `id`, from the request the model received.
  static func days(_ request: JSONValue?, id: String) -> [Day] {
    let message = request?["messages"]?.arrayValue?.last { $0["tool_call_id"] == .string(id) }
    let result = JSONValue.parse(message?["content"]?.stringValue ?? "")
    return (result?["days"]?.arrayValue ?? []).compactMap { entry in
      guard entry["isPartial"] != .bool(true), let day = entry["day"]?.stringValue.flatMap(CalendarDay.init(iso:)),
        let value = entry["value"]?.numberValue
      else { return nil }
      return Day(day: day, value: value)
    }
  }

  static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(1, values.count)) }
  static func count(_ value: Double) -> String { Int(value.rounded()).grouped }
  static func hours(_ value: Double) -> String { String(format: "%.1f", value) }
  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]
  static func written(_ day: CalendarDay) -> String {
    let parts = day.components
    return "\(monthNames[parts.month - 1]) \(parts.day)"
  }
  /// Monday is 0.
  static func weekday(_ day: CalendarDay) -> Int { ((day.ordinal + 3) % 7 + 7) % 7 }

  /// The careful model's sentences, from the days it was sent.
  static func carefulSentences(steps: [Day], sleep: [Day]) -> [String] {
    let stepValues = steps.map(\.value)
    let sleepValues = sleep.map(\.value)
    let best = steps.max { $0.value < $1.value }!
    let worst = steps.min { $0.value < $1.value }!
    let longest = sleep.max { $0.value < $1.value }!
    let weekdays = steps.filter { weekday($0.day) < 5 }.map(\.value)
    let weekends = steps.filter { weekday($0.day) >= 5 }.map(\.value)
    let weekdayMean = mean(weekdays).rounded()
    let weekendMean = mean(weekends).rounded()
    let sleepMean = mean(sleepValues)
    let sleepMinutes = Int((sleepMean * 60).rounded())
    let over = stepValues.filter { $0 >= 10_000 }.count
    let short = sleepValues.filter { $0 < 7 }.count
    let firstWeek = mean(Array(stepValues.prefix(7)))
    let mid = sleep[sleep.count / 2]
    return [
      "You averaged \(count(mean(stepValues))) steps a day.",
      "In all you took \(count(stepValues.reduce(0, +))) steps.",
      "Your best day was \(written(best.day)), with \(count(best.value)) steps.",
      "Your quietest day was \(worst.day.iso) at \(count(worst.value)) steps.",
      "On weekdays you averaged \(count(weekdayMean)) steps and on weekends \(count(weekendMean)).",
      "That is a difference of \(count(abs(weekendMean - weekdayMean))) steps a day.",
      "Weekends were about \(Int((abs(weekendMean - weekdayMean) / weekdayMean * 100).rounded())) % apart from weekdays.",
      "You reached 10,000 steps on \(over) days.",
      "Steps were recorded on \(steps.count) days.",
      "Over the first 7 days you averaged about \(count((firstWeek / 10).rounded() * 10)) steps.",
      "You slept \(sleepMinutes / 60) h \(sleepMinutes % 60) min a night on average.",
      "That is about \(hours(sleepMean)) hours.",
      "You slept less than 7 hours on \(short) nights.",
      "On \(written(mid.day)) you slept \(hours(mid.value)) hours.",
      "Your longest night was \(hours(longest.value)) hours, on \(longest.day.iso).",
      "Adults need 7 to 9 hours of sleep, so keep a regular bedtime.",
    ]
  }

  /// The inventive model's sentences: each one wrong about the days it was sent.
  static func inventedSentences(steps: [Day], sleep: [Day]) -> [String] {
    let stepValues = steps.map(\.value)
    let over = stepValues.filter { $0 >= 10_000 }.count
    let counts = Set([over, stepValues.filter { $0 > 10_000 }.count, stepValues.count - over, stepValues.count])
    let wrongCount =
      (1...29).first { !counts.contains($0) && ![1, 3, 4, 7, 14, 28].contains($0) && $0 > over + 2 } ?? 29
    let best = steps.max { $0.value < $1.value }!
    let other = steps.first { $0.day != best.day && abs($0.value - best.value) > 200 }!
    let sleepMean = mean(sleep.map(\.value))
    return [
      "You averaged \(count(mean(stepValues) * 1.23 + 17)) steps a day.",
      "Your longest streak above 10,000 steps was 23 days.",
      "You hit your goal 9 days in a row.",
      "Your sleep and your steps correlate strongly (r = 0.87).",
      "More steps are linked to better sleep for you.",
      "You walked 31 km on \(written(steps[7].day)).",
      "You took no steps on \(written(steps[9].day)).",
      "On \(written(other.day)) you took \(count(best.value)) steps.",
      "On July 15 you slept 8.1 hours.",
      "You reached 10,000 steps on \(wrongCount) days.",
      "You slept \(hours(sleepMean + 2.4)) hours a night.",
      "You are at risk of burnout.",
      "Your resting heart rate is dangerous.",
      "Sleeping this little suggests insomnia.",
      "Your mood shows signs of depression.",
    ]
  }

  /// A model that asks for `month` of steps and sleep, then answers with `sentences`.
  static func model(
    month: (String, String), streamed: Bool, sentences: @escaping @Sendable ([Day], [Day]) -> [String]
  ) throws -> LoopbackServer {
    try LoopbackServer { request, index in
      if index == 0 {
        let calls = [("call_steps", "activity.steps"), ("call_sleep", "sleep.asleep")].map { id, metric in
          JSONValue.object([
            "id": .string(id), "type": "function",
            "function": .object([
              "name": "daily_values",
              "arguments": .string(#"{"metric":"\#(metric)","from":"\#(month.0)","to":"\#(month.1)"}"#),
            ]),
          ])
        }
        return AskCommandTests.reply(content: nil, calls: calls, streamed: streamed)
      }
      let body = JSONValue.parse(request.text)
      let text = sentences(days(body, id: "call_steps"), days(body, id: "call_sleep")).joined(separator: " ")
      return AskCommandTests.reply(content: text, calls: [], streamed: streamed)
    }
  }

  func ask(_ server: LoopbackServer, format: String = "json") async -> (
    status: ExitCode, output: String, error: String
  ) {
    await runPanda(
      [
        "ask", "How were my steps and sleep?", "--db", data.path, "--as-of", "2025-07-01", "--provider", "openai",
        "--base-url", server.baseURL + "/v1", "--model", "scripted", "--format", format,
        // A loaded test run can hold a loopback reply up for minutes; the limit has its own test.
        "--timeout", "3600",
      ], environment: environment)
  }

  /// The sentences the model wrote and those shown, over every month and both transports.
  func rates(
    _ sentences: @escaping @Sendable ([Day], [Day]) -> [String]
  ) async throws -> (written: [String], shown: [String]) {
    var written: [String] = []
    var shown: [String] = []
    for month in [("2025-04-01", "2025-04-30"), ("2025-05-01", "2025-05-31"), ("2025-06-01", "2025-06-30")] {
      for streamed in [true, false] {
        let server = try Self.model(month: month, streamed: streamed, sentences: sentences)
        let result = await ask(server)
        let report = try #require(JSONValue.parse(result.output), "\(result.error)")
        let answer = report["answer"]?.stringValue ?? ""
        let request = try #require(JSONValue.parse(server.requests.last?.text ?? ""))
        let asked = sentences(Self.days(request, id: "call_steps"), Self.days(request, id: "call_sleep"))
        written += asked
        shown += asked.filter { answer.contains($0) }
      }
    }
    return (written, shown)
  }

  @Test func inventionsAreNeverShownAndCarefulFiguresAre() async throws {
    let invented = try await rates(Self.inventedSentences)
    let careful = try await rates(Self.carefulSentences)
    let carefulRate = Double(careful.shown.count) / Double(careful.written.count)
    print(
      "ask grounding: invented sentences shown \(invented.shown.count) of \(invented.written.count); "
        + "careful sentences shown \(careful.shown.count) of \(careful.written.count) "
        + "(\(String(format: "%.1f", carefulRate * 100)) %)")
    #expect(invented.shown.isEmpty, "shown: \(invented.shown)")
    let missing = careful.written.filter { !careful.shown.contains($0) }
    #expect(carefulRate >= 0.95, "withheld: \(missing)")
  }

  @Test(arguments: [true, false])
  func anAnswerWithoutAToolCallIsWithheldWholeSayingWhy(streamed: Bool) async throws {
    let server = try LoopbackServer { _, _ in
      AskCommandTests.reply(
        content: "Yes, your resting heart rate is fine. You slept 8 hours a night.", calls: [], streamed: streamed)
    }
    let result = await ask(server, format: "text")
    #expect(result.status == .dataError)
    #expect(result.output.isEmpty)
    #expect(result.error.contains("without calling any of panda's tools"), "\(result.error)")
  }

  @Test func whenNothingCanBeShownTheExitStatusSaysSo() async throws {
    let server = try Self.model(month: ("2025-06-01", "2025-06-30"), streamed: false) { _, _ in
      ["You are at risk of burnout.", "Your longest streak was 23 days."]
    }
    let result = await ask(server, format: "text")
    #expect(result.status == .dataError)
    #expect(result.output.isEmpty)
    #expect(result.error.contains("all 2 sentences were withheld"), "\(result.error)")
    #expect(result.error.contains(AnswerCheck.risk) && result.error.contains(AnswerCheck.streak))
  }
}
