import Foundation
import PandaAnalysis
import PandaCore
import PandaMCP

/// `panda ask "QUESTION"`: a chat model turns the question into claims, which panda checks,
/// computes from your data and words itself.
package enum AskCommand: PandaCommand {
  package static let spec = CommandSpec(
    "ask", summary: "ask about your data: a chat model chooses what to compute, panda computes and words it",
    forms: [
      .init(
        operands: "QUESTION",
        options: [
          OptionSpec(
            "as-of", valueName: "DAY", default: "today", help: "answer as if today were that day"),
          OptionSpec(
            "max-rounds", valueName: "N", default: "6",
            help: "the most rounds of tool calls before the answer (1 to 20)"),
          OptionSpec(
            "timeout", valueName: "SECONDS", default: "120",
            help: "the most time the whole exchange with the model may take (1 to 3600)"),
          .format([.text, .json]),
        ] + ProviderOptions.options + [.database, .timeZone, .sourcePriority])
    ],
    details: """
      The configured chat-completions model (see --provider) turns the question into claims: what panda
      should compute (a mean, total, median, lowest or highest day, days meeting a condition, the longest
      run of such days, a comparison of two periods, workouts, the days a tag or symptom was logged, a
      metric on the days after it, or panda's own insights, links and warnings), of which metric, over
      which days. It may first call panda's read tools (list_metrics, daily_values, metrics_on,
      compare_periods, insights, workouts, period_summary, best_worst_days, day_sources, relations,
      alerts, tags) and ends with the tool answer; a server without tool calling is asked for the
      claims through structured output. panda checks each claim, computes it from your data and writes
      the sentence itself, in your units, with the days it used. The claims it cannot compute go back
      to the model once, with the reasons, to be corrected; one still refused is listed with the
      reason. Nothing the model writes is shown: a reply in words instead of claims shows
      nothing and exits 65, with the reason on stderr, and a question no claim can answer (a diagnosis,
      medication, a prediction) gets panda's sentence saying what it can answer, and exits 65.
      --format json has every claim with its sentence, figure, unit and days, the refused ones with
      their reasons, and every tool call with its arguments and result.
      """)

  package static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    guard let question = arguments.positionals.first, !question.allSatisfy(\.isWhitespace) else {
      throw UsageError.missingArgument("the QUESTION, in quotes (e.g. \"How did I sleep last week?\")")
    }
    if arguments.positionals.count > 1 { throw UsageError.unexpectedArgument(arguments.positionals[1]) }
    var rounds = 6
    if let text = arguments.value("max-rounds") {
      guard let number = Int(text), (1...20).contains(number) else {
        throw UsageError.invalidValue(option: "max-rounds", value: text, expected: "a whole number from 1 to 20")
      }
      rounds = number
    }
    var timeout = 120
    if let text = arguments.value("timeout") {
      guard let number = Int(text), (1...3_600).contains(number) else {
        throw UsageError.invalidValue(option: "timeout", value: text, expected: "a whole number of seconds, 1 to 3600")
      }
      timeout = number
    }
    let daily = try DailyContextOptions.context(arguments, environment: console.environment)
    let today = DailyContextOptions.today(in: daily)
    let asOf = try DailyContextOptions.day(arguments, "as-of", default: today, notAfter: today, console: console)
    let (_, configured) = try ProviderOptions.provider(arguments, console: console, database: nil)
    guard let chat = configured else {
      console.error(
        """
        panda: panda ask needs a chat model: the offline analyzer writes insights but cannot answer questions.
        Name one for this run (panda ask "…" --provider ollama --model llama3.2), or for every run with
        PANDA_PROVIDER and PANDA_MODEL or `provider` and `model` in the config file (see panda help insights).

        """)
      return .configuration
    }
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    let database = try DatabaseLocation.openForReading(path, context: daily)
    let settings = Settings.load(environment: console.environment)
    let context = ToolContext(
      database: database, daily: daily, today: asOf, units: settings.displayUnits, goals: GoalTarget.all(in: settings))
    let conversation = ToolConversation(chat: chat, context: context, maxRounds: rounds, timeLimit: .seconds(timeout))
    let reply: ToolConversation.Reply
    let calls: [RecordedCall]
    let roundsUsedUp: Bool
    // The provider shows its progress on a terminal's last line (see ProviderOptions): cleared
    // before anything else is written.
    let clearProgress = {
      if console.errorIsTerminal && arguments.count("verbose") == 0 { console.error("\r\u{1B}[2K") }
    }
    do {
      (reply, calls, roundsUsedUp) = try await conversation.ask(question)
      clearProgress()
    } catch let error as ProviderError {
      clearProgress()
      console.error("panda: \(error)\n")
      if case .invalidReply = error { return .dataError }
      if case .outOfTime = error { return .temporaryFailure }
      return .unavailable
    }
    if roundsUsedUp {
      console.error(
        "panda: the model used all \(rounds) rounds of tool calls (--max-rounds); its claims were asked for without tools.\n"
      )
    }
    var answers: [ClaimAnswer] = []
    if case .answers(let answered) = reply { answers = answered }
    let computed = answers.filter { $0.sentence != nil }
    let refused = answers.filter { $0.sentence == nil }
    if arguments.format == .json {
      console.output(
        try JSONOutput.string(
          Report(
            question: question, asOf: asOf, claims: computed.map(ReportClaim.init),
            refused: refused.map { ReportRefusal(claim: $0.claim, reason: $0.reason ?? "") },
            toolCalls: calls.map { ReportCall(name: $0.name, arguments: $0.arguments, result: $0.result) })) + "\n")
    }
    switch reply {
    case .words(let reason):
      console.error("panda: nothing is shown: \(reason).\n")
      return .dataError
    case .answers(let answered) where answered.isEmpty:
      if arguments.format != .json { console.output(cannotAnswer + "\n") }
      console.error("panda: the model found no claim that answers the question.\n")
      return .dataError
    case .answers:
      if arguments.format != .json { console.output(text(computed: computed, refused: refused)) }
      guard computed.isEmpty else { return .success }
      console.error(
        "panda: \(refused.count == 1 ? "the model's one claim could not" : "none of the model's \(refused.count) claims could") be computed.\n"
      )
      return .dataError
    }
  }

  /// What panda says to a question no claim can answer.
  static let cannotAnswer = """
    panda answers from your recorded figures: means, totals, medians, lowest and highest days, days meeting a \
    level, the longest runs of such days, comparisons of two periods, workouts, and its own insights, links \
    and early warnings. It does not diagnose, advise on medication or predict; for those, talk to a clinician.
    """

  /// The sentences, one a line, then the claims that could not be computed with their reasons.
  package static func text(computed: [ClaimAnswer], refused: [ClaimAnswer]) -> String {
    var lines = computed.compactMap(\.sentence)
    if !refused.isEmpty {
      if !lines.isEmpty { lines.append("") }
      let count = refused.count == 1 ? "1 claim" : "\(refused.count) claims"
      lines.append("\(count) could not be computed:")
      lines += refused.map { "- \(claimName($0.claim)): \($0.reason ?? "")" }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// "a stat claim of steps", as a refused claim is listed (its words escaped and cut).
  static func claimName(_ claim: JSONValue) -> String {
    let kind = claim["kind"]?.stringValue.map { EchoedText.quoted($0, limit: 20) } ?? "a"
    let metric = claim["metric"]?.stringValue.map { " of \(EchoedText.quoted($0, limit: 40))" } ?? ""
    return "\(kind) claim\(metric)"
  }

  /// `--format json`.
  package struct Report: Encodable {
    /// The question as asked.
    package var question: String
    /// The day answered as of.
    package var asOf: CalendarDay
    /// The claims computed, each with panda's sentence.
    package var claims: [ReportClaim]
    /// The claims refused, each with its reason.
    package var refused: [ReportRefusal]
    /// Every call the model made, in order.
    var toolCalls: [ReportCall]

    /// Creates a value from its stored properties.
    init(
      question: String, asOf: CalendarDay, claims: [ReportClaim], refused: [ReportRefusal], toolCalls: [ReportCall]
    ) {
      self.question = question
      self.asOf = asOf
      self.claims = claims
      self.refused = refused
      self.toolCalls = toolCalls
    }
  }

  /// One computed claim in `--format json`.
  package struct ReportClaim: Encodable {
    /// The claim as the model sent it.
    package var claim: JSONValue
    /// panda's sentence.
    package var sentence: String
    /// The figure, in `unit`.
    package var value: Double?
    /// The catalogue's unit of `value` (or `days`, `workouts`).
    package var unit: String?
    /// The first day covered.
    package var from: CalendarDay?
    /// The last day covered.
    package var to: CalendarDay?
    /// The days with data the figure comes from.
    package var days: Int?

    /// The computed `answer`.
    init(_ answer: ClaimAnswer) {
      claim = answer.claim
      sentence = answer.sentence ?? ""
      value = answer.value
      unit = answer.unit
      from = answer.from
      to = answer.to
      days = answer.days
    }

    package enum CodingKeys: String, CodingKey { case claim, sentence, value, unit, from, to, days }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(JSONFragment(claim), forKey: .claim)
      try container.encode(sentence, forKey: .sentence)
      try container.encode(value, forKey: .value)
      try container.encode(unit, forKey: .unit)
      try container.encode(from, forKey: .from)
      try container.encode(to, forKey: .to)
      try container.encode(days, forKey: .days)
    }
  }

  /// One refused claim in `--format json`.
  package struct ReportRefusal: Encodable {
    /// The claim as the model sent it.
    package var claim: JSONValue
    /// Why panda did not compute it.
    package var reason: String

    package enum CodingKeys: String, CodingKey { case claim, reason }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(JSONFragment(claim), forKey: .claim)
      try container.encode(reason, forKey: .reason)
    }
  }

  /// One tool call in `--format json`.
  struct ReportCall: Encodable {
    var name: String
    var arguments: JSONValue
    var result: ToolResult

    enum CodingKeys: String, CodingKey { case name, arguments, result, isError }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(JSONFragment(arguments), forKey: .arguments)
      try container.encode(JSONFragment(result.structured ?? .string(result.text)), forKey: .result)
      try container.encode(result.isError, forKey: .isError)
    }
  }
}
