import Foundation
import PandaAnalysis
import PandaCore
import PandaMCP

/// `panda ask "QUESTION"`: a chat model turns the question into claims, which panda checks,
/// computes from your data and words itself.
enum AskCommand: PandaCommand {
  /// `--as-of`: the day answered as of.
  static let asOf = OptionSpec("as-of", valueName: "DAY", default: "today", help: "answer as if today were that day")
  /// `--max-rounds`: the most rounds of tool calls.
  static let maxRounds = OptionSpec(
    "max-rounds", valueName: "N", default: "6", help: "the most rounds of tool calls before the answer (1 to 20)")
  /// `--timeout`: the most time the exchange with the model may take.
  static let timeout = OptionSpec(
    "timeout", valueName: "SECONDS", default: "120",
    help: "the most time the whole exchange with the model may take (1 to 3600)")

  static let spec = CommandSpec(
    "ask", summary: "ask about your data: a chat model chooses what to compute, panda computes and words it",
    forms: [
      .init(
        operands: "QUESTION",
        options: [
          asOf, maxRounds, timeout, .format([.text, .json]),
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

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    guard let question = arguments.positionals.first, !question.allSatisfy(\.isWhitespace) else {
      throw UsageError.missingArgument("the QUESTION, in quotes (e.g. \"How did I sleep last week?\")")
    }
    if arguments.positionals.count > 1 { throw UsageError.unexpectedArgument(arguments.positionals[1]) }
    var rounds = 6
    if let text = arguments.value(Self.maxRounds) {
      guard let number = Int(text), (1...20).contains(number) else {
        throw UsageError.invalidValue(option: Self.maxRounds.name, value: text, expected: "a whole number from 1 to 20")
      }
      rounds = number
    }
    var seconds = 120
    if let text = arguments.value(Self.timeout) {
      guard let number = Int(text), (1...3_600).contains(number) else {
        throw UsageError.invalidValue(
          option: Self.timeout.name, value: text, expected: "a whole number of seconds, 1 to 3600")
      }
      seconds = number
    }
    let daily = try DailyContextOptions.context(arguments, environment: console.environment)
    let today = DailyContextOptions.today(in: daily)
    let asOf = try DailyContextOptions.day(arguments, Self.asOf, default: today, notAfter: today, console: console)
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
    var run = AskRun(question: question, asOf: asOf, chat: chat, daily: daily)
    run.maxRounds = rounds
    run.timeLimit = .seconds(seconds)
    run.units = settings.displayUnits
    run.goals = GoalTarget.all(in: settings)
    let output: AskRun.Output
    // The provider shows its progress on a terminal's last line (see ProviderOptions): cleared
    // before anything else is written.
    let clearProgress = {
      if console.errorIsTerminal && arguments.count(ProviderOptions.verbose) == 0 { console.error("\r\u{1B}[2K") }
    }
    do {
      output = try await run.run(on: database)
      clearProgress()
    } catch let error as ProviderError {
      clearProgress()
      console.error("panda: \(error)\n")
      if case .invalidReply = error { return .dataError }
      if case .outOfTime = error { return .temporaryFailure }
      return .unavailable
    }
    if output.roundsUsedUp {
      console.error(
        "panda: the model used all \(rounds) rounds of tool calls (--max-rounds); its claims were asked for without tools.\n"
      )
    }
    if arguments.format == .json {
      console.output(try JSONOutput.string(output) + "\n")
    } else if let text = output.text {
      console.output(text)
    }
    switch output.reply {
    case .words(let reason):
      console.error("panda: nothing is shown: \(reason).\n")
      return .dataError
    case .answers(let answered) where answered.isEmpty:
      console.error("panda: the model found no claim that answers the question.\n")
      return .dataError
    case .answers:
      let refused = output.refused
      guard output.computed.isEmpty else { return .success }
      console.error(
        "panda: \(refused.count == 1 ? "the model's one claim could not" : "none of the model's \(refused.count) claims could") be computed.\n"
      )
      return .dataError
    }
  }
}
