import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaServices
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// The model hears the early warning: during a warning whose signals are metrics of the
/// category, the request sent to the chat-completions endpoint carries the warning's statement
/// and figures, its figures pass the checks, praise of its signals does not, and a model's
/// insight cached outside the warning is not reused within it.
@Suite struct InsightPromptWarningTests {
  /// `IllPerson`, falling ill two days before the last day.
  static let snapshot = HealthSnapshot(
    asOf: IllPerson.asOf, window: DayRange(IllPerson.days.firstDay...IllPerson.asOf),
    series: IllPerson.days.series())

  /// The early warnings found as of `asOf` in `snapshot`, as the insights run finds them.
  static func warnings(asOf: CalendarDay) -> [HealthAlert] {
    let window = AlertDetector.defaultWindow(asOf: asOf)
    return AlertDetector.scan(snapshot, from: window.first, to: window.last).alerts
  }

  /// The heart request as of `asOf`, with the warnings found then.
  static func heartRequest(asOf: CalendarDay, period: InsightPeriod = .weekly) -> InsightRequest {
    let snapshot = HealthSnapshot(
      asOf: asOf, window: DayRange(IllPerson.days.firstDay...asOf), series: Self.snapshot.series)
    return InsightRequest.request(
      from: snapshot, category: .heart, period: period, report: ReportTrends.of(snapshot),
      warnings: warnings(asOf: asOf))
  }

  /// The user message of the first request `server` received.
  static func userMessage(_ server: LoopbackServer) throws -> String {
    let sent = try #require(server.requests.first)
    let messages = try #require(JSONValue.parse(sent.text)?["messages"]?.arrayValue)
    return try #require(messages.last?["content"]?.stringValue)
  }

  @Test func duringAWarningTheRequestBodyCarriesItsStatementAndFigures() async throws {
    let request = Self.heartRequest(asOf: IllPerson.asOf)
    let warning = try #require(request.warning)
    #expect(warning.alert.isActive)
    #expect(warning.signals.contains { $0.metric == "heart.restingHeartRate" })
    let server = try LoopbackServer { _, _ in .respond(status: 200, body: chatCompletion("{}")) }
    _ = try? await ChatFixtures.provider(server).insight(for: request)
    let message = try Self.userMessage(server)
    #expect(message.contains("Early warning: " + WarningStory.statement(warning.alert, signals: warning.signals)))
    #expect(message.contains("Write within this warning."))
    // The figures are the warning's own, as JSON: its start, days and each signal's value,
    // usual and difference.
    let figuresText = try #require(
      message.components(separatedBy: "(not the comparison above):\n").last?.components(separatedBy: "\n\n").first)
    let figures = try #require(JSONValue.parse(figuresText))
    #expect(figures["start"]?.stringValue == warning.alert.start.iso)
    #expect(figures["days"]?.numberValue == Double(warning.alert.days))
    #expect(figures["goingOn"] == .bool(true))
    let signals = try #require(figures["signals"]?.arrayValue)
    #expect(signals.count == warning.signals.count)
    for (sent, signal) in zip(signals, warning.signals) {
      #expect(sent["metric"]?.stringValue == signal.metric)
      #expect(sent["value"]?.numberValue == InsightPrompt.rounded(signal.value))
      #expect(sent["usual"]?.numberValue == InsightPrompt.rounded(signal.usual))
      #expect(sent["difference"]?.numberValue == InsightPrompt.rounded(signal.value - signal.usual))
    }
    // The system prompt says how to write within it.
    let first = try #require(server.requests.first)
    let system = try #require(JSONValue.parse(first.text)?["messages"]?.arrayValue?.first?["content"]?.stringValue)
    #expect(system.contains("early warning"))
  }

  @Test func outsideAWarningTheRequestBodySaysNothingOfOne() async throws {
    // Sixty days earlier the person was well; and sleep is no signal of the warning.
    let earlier = IllPerson.asOf.adding(days: -60)
    let well = Self.heartRequest(asOf: earlier)
    #expect(Self.warnings(asOf: earlier).allSatisfy { !$0.isActive && $0.end < earlier.adding(days: -7) })
    #expect(well.hasData && well.warning == nil)
    let sleep = InsightRequest.request(
      from: Self.snapshot, category: .sleep, period: .weekly, report: ReportTrends.of(Self.snapshot),
      warnings: Self.warnings(asOf: IllPerson.asOf))
    #expect(sleep.hasData && sleep.warning == nil)
    for request in [well, sleep] {
      let server = try LoopbackServer { _, _ in .respond(status: 200, body: chatCompletion("{}")) }
      _ = try? await ChatFixtures.provider(server).insight(for: request)
      let message = try Self.userMessage(server)
      #expect(!message.contains("Early warning"))
      #expect(!message.contains("{{"))
    }
  }

  @Test func theWarningsFiguresPassTheChecksAndPraiseOfItsSignalsDoesNot() throws {
    let request = Self.heartRequest(asOf: IllPerson.asOf)
    let warning = try #require(request.warning)
    let signal = try #require(warning.signals.first { $0.metric == "heart.restingHeartRate" })
    var outside = request
    outside.warning = nil
    let value = MetricFormatter.decimal(signal.value, places: 0)
    let usual = MetricFormatter.decimal(signal.usual, places: 0)
    let difference = MetricFormatter.decimal(signal.value - signal.usual, places: 0)
    let cited =
      "Since \(warning.alert.start.iso), your resting heart rate has been \(difference) bpm above your usual "
      + "(\(value) against \(usual) bpm)."
    let part = InsightReply.Part.metric("heart.restingHeartRate")
    #expect(SentenceJudge(request: request).verdict(on: cited, in: part) == nil)
    // Without the warning those figures are not panda's.
    #expect(SentenceJudge(request: outside).verdict(on: cited, in: part)?.reason == .figure)
    // Praise of a signal, or calling it steady, is withheld within the warning.
    let praise = "Great resting heart rate!"
    #expect(SentenceJudge(request: request).verdict(on: praise, in: .encouragement(0))?.reason == .assessment)
    let steady = "Your resting heart rate held steady."
    #expect(SentenceJudge(request: request).verdict(on: steady, in: .summary)?.reason == .assessment)
  }

  @Test func aModelsInsightCachedOutsideTheWarningIsWrittenAgainWithinIt() async throws {
    let folder = try TemporaryFolder()
    let database = try Database.openPanda(at: try await IllPerson.database(in: folder))
    let asOf = IllPerson.asOf
    let request = Self.heartRequest(asOf: asOf)
    let warnings = Self.warnings(asOf: asOf)
    #expect(request.warning != nil)
    // Whatever the model writes, the insight is kept (with the offline analyzer's words where
    // the checks refuse the model's) and cached.
    var reply: [String: JSONValue] = [
      "summary": .string("Your heart this week."), "encouragement": .array([]), "suggestions": .array([]),
    ]
    reply["metrics"] = .array(
      request.trends.map {
        .object([
          "metric": .string($0.metric), "assessment": .string($0.assessment.rawValue),
          "message": .string("Your \($0.catalogueMetric?.name.lowercased() ?? $0.metric) this week."),
        ])
      })
    let content = JSONValue.object(reply).text
    let server = try LoopbackServer { _, _ in .respond(status: 200, body: chatCompletion(content)) }
    let pipeline = InsightsPipeline(database: database, provider: ChatFixtures.provider(server), width: 1)
    let jobs = [InsightJob(category: .heart, period: .weekly)]
    func run(_ warnings: [HealthAlert]) async throws -> InsightOutcome {
      let outcomes = try await pipeline.run(jobs: jobs, asOf: asOf, now: 0, refresh: false, warnings: warnings)
      return try #require(outcomes.first)
    }
    #expect(try await run([]).source == .fresh)
    let outside = server.requests.count
    #expect(outside > 0)
    #expect(try await run([]).source == .cache)
    #expect(server.requests.count == outside)
    // Within the warning the model is asked again, and that insight is then reused.
    #expect(try await run(warnings).source == .fresh)
    let within = server.requests.count
    #expect(within > outside)
    #expect(try await run(warnings).source == .cache)
    #expect(server.requests.count == within)
    // The offline analyzer's words do not depend on the warning: its cache is shared.
    let offline = InsightsPipeline(database: database, provider: HeuristicProvider(), width: 1)
    #expect(try await offline.run(jobs: jobs, asOf: asOf, now: 0, refresh: false).first?.source == .fresh)
    #expect(
      try await offline.run(jobs: jobs, asOf: asOf, now: 0, refresh: false, warnings: warnings).first?.source == .cache)
  }

  @Test func pandaPromptShowsTheWarningItsInsightIsWrittenWithin() async throws {
    let folder = try TemporaryFolder()
    let path = try await IllPerson.database(in: folder)
    func prompt(_ category: String) async -> String {
      let shown = await runPanda([
        "prompt", "--db", path, "--timezone", "UTC", "--as-of", IllPerson.asOf.iso, "--category", category,
        "--period", "weekly",
      ])
      #expect(shown.status == .success, "\(shown.error)")
      return shown.output
    }
    let warning = try #require(Self.warnings(asOf: IllPerson.asOf).first { $0.isActive })
    let heart = await prompt("heart")
    #expect(heart.contains("Early warning: In an early warning since \(warning.start.iso)"), "\(heart)")
    #expect(heart.contains("Write within this warning."))
    // Sleep is no signal of the warning: its prompt says nothing of it.
    #expect(!(await prompt("sleep")).contains("Early warning"))
  }

  @Test func theTemplatesVersionCoversTheWarningsTemplate() {
    let builtIn = PromptTemplates()
    #expect(builtIn.files["warning.md"]?.contains("{{warning_figures}}") == true)
    for period in InsightPeriod.allCases {
      #expect(builtIn.files["\(period.rawValue).md"]?.contains("{{warning}}") == true)
    }
    // Editing the warning's template alone changes the version, so insights written with the
    // old one are not reused.
    let folder = try? TemporaryFolder()
    if let folder {
      _ = try? folder.write("warning.md", "Early warning: {{warning_statement}}")
      #expect(PromptTemplates(overrideFolder: folder.path).version != builtIn.version)
    }
  }

  @Test func aTemplateWithoutAPlaceForTheWarningStillCarriesIt() throws {
    let folder = try TemporaryFolder()
    _ = try folder.write("weekly.md", "Weekly {{category}}.\n{{figures}}\n{{example}}")
    let request = Self.heartRequest(asOf: IllPerson.asOf)
    let warning = try #require(request.warning)
    let prompt = InsightPrompt(templates: PromptTemplates(overrideFolder: folder.path))
    let user = try #require(prompt.messages(for: request).last?.content)
    #expect(user.contains("Early warning: " + WarningStory.statement(warning.alert, signals: warning.signals)))
  }
}
