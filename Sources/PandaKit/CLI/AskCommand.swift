import Foundation

/// `panda ask "QUESTION"`: a chat model answers from your data through panda's tools, and
/// panda shows only the sentences its figures support.
enum AskCommand: PandaCommand {
  static let spec = CommandSpec(
    "ask", summary: "ask a chat model about your data, answered through panda's tools",
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
      The configured chat-completions model (see --provider) is offered panda's tools (list_metrics,
      daily_values, metrics_on, compare_periods, insights, workouts, period_summary, best_worst_days,
      day_sources); panda runs the calls it makes on
      the database, read-only, and sends back the results. Of the answer, panda shows only the sentences
      whose figures, dates and counts are in the results or follow from them (a mean or total, also of
      weekdays or weekend days, a difference or percent change, a minimum or maximum with its day, the
      days meeting a condition), and none that diagnoses, speaks of risk, or claims a streak or
      correlation; an answer given without any tool call is withheld whole. It lists what it withheld
      and why; when nothing can be shown it says why on stderr and exits 65. --format json adds the
      withheld sentences in full and every tool call with its arguments and result.
      """)

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
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
    let answer: String
    let calls: [RecordedCall]
    let roundsUsedUp: Bool
    // The provider shows its progress on a terminal's last line (see ProviderOptions): cleared
    // before anything else is written.
    let clearProgress = {
      if console.errorIsTerminal && arguments.count("verbose") == 0 { console.error("\r\u{1B}[2K") }
    }
    do {
      (answer, calls, roundsUsedUp) = try await conversation.ask(question)
      clearProgress()
    } catch let error as ProviderError {
      clearProgress()
      console.error("panda: \(error)\n")
      if case .invalidReply = error { return .dataError }
      if case .outOfTime = error { return .temporaryFailure }
      return .unavailable
    }
    let check = AnswerCheck(results: calls.compactMap(\.result.structured))
    let (shown, withheld) = check.check(answer)
    if roundsUsedUp {
      console.error(
        "panda: the model used all \(rounds) rounds of tool calls (--max-rounds); its answer was asked for without tools.\n"
      )
    }
    if arguments.format == .json {
      console.output(
        try JSONOutput.string(
          Report(
            question: question, asOf: asOf, provider: chat.name, model: chat.model, answer: shown, withheld: withheld,
            toolCalls: calls.map { ReportCall(name: $0.name, arguments: $0.arguments, result: $0.result) },
            roundsUsedUp: roundsUsedUp)) + "\n")
    } else if !shown.isEmpty {
      var text = shown
      if !withheld.isEmpty { text += "\n\n" + withheldLines(withheld) }
      console.output(text + "\n")
    }
    guard shown.isEmpty else { return .success }
    console.error("panda: nothing in the model's answer could be shown: \(nothingShownReason(withheld)).\n")
    return .dataError
  }

  /// Why nothing was shown, for standard error.
  static func nothingShownReason(_ withheld: [AnswerCheck.Withheld]) -> String {
    if withheld.isEmpty { return "the answer was empty" }
    if withheld.contains(where: { $0.reason == AnswerCheck.noToolCall }) {
      return "the model answered without calling any of panda's tools, so nothing in its answer comes from your data"
    }
    var reasons: [String] = []
    for item in withheld where !reasons.contains(item.reason) { reasons.append(item.reason) }
    let count = withheld.count == 1 ? "its one sentence was withheld" : "all \(withheld.count) sentences were withheld"
    return "\(count) (\(reasons.joined(separator: "; ")))"
  }

  /// The withheld sentences, each with its reason, under a line counting them. A diagnosis or
  /// a word of risk is not repeated, even as withheld: only its reason is listed.
  static func withheldLines(_ withheld: [AnswerCheck.Withheld]) -> String {
    let lines = withheld.map { item in
      [AnswerCheck.diagnosis, AnswerCheck.risk].contains(item.reason)
        ? "- \(item.reason)" : "- \(item.reason): \"\(quoted(item.sentence))\""
    }
    return ([withheldLine(withheld) + " (--format json has them in full):"] + lines).joined(separator: "\n")
  }

  /// A withheld sentence as listed: its first 60 characters with its figures blanked, so that
  /// nothing it invented is shown as if it were the person's.
  static func quoted(_ sentence: String) -> String {
    var text = String(sentence.map { $0.isNumber ? "#" : $0 })
    if text.count > 60 { text = String(text.prefix(57)) + "..." }
    return text
  }

  /// "1 sentence withheld: a figure not in your data".
  static func withheldLine(_ withheld: [AnswerCheck.Withheld]) -> String {
    var reasons: [String] = []
    for item in withheld where !reasons.contains(item.reason) { reasons.append(item.reason) }
    let count = withheld.count == 1 ? "1 sentence" : "\(withheld.count) sentences"
    return "\(count) withheld: \(reasons.joined(separator: "; "))"
  }

  /// `--format json`.
  struct Report: Encodable {
    var question: String
    var asOf: CalendarDay
    var provider: String
    var model: String
    /// The sentences shown.
    var answer: String
    /// The sentences withheld, with the reasons.
    var withheld: [AnswerCheck.Withheld]
    /// Every call the model made, in order.
    var toolCalls: [ReportCall]
    /// Whether the model used every round of tool calls allowed.
    var roundsUsedUp: Bool
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
