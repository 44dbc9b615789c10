import Foundation
import PandaAnalysis
import PandaCore
import PandaReport
import PandaServices
import PandaStore

/// `panda insights`: how each category is going today, this week and this month.
enum InsightsCommand: PandaCommand {
  static let spec = CommandSpec(
    "insights", summary: "how each category is going today, this week and this month",
    forms: [
      .init(
        options: [
          category, period, detail, refresh,
          OptionSpec.asOf.explained("analyse as of that day (the latest complete day is the day before)"), jobs,
          OptionSpec.demo.explained("run on built-in synthetic data in a temporary database"), notify,
          .format([.text, .json, .markdown]),
        ] + ProviderOptions.options + [.quiet, .database, .timeZone, .sourcePriority])
    ],
    details: """
      For each category (\(HealthCategory.analysed.map(\.rawValue).joined(separator: ", "))) and period, compares
      the latest day, the last 7 days or the last 30 days with the days before, and says what is going
      well and what to improve. The text opens with what stands out and gives one line per category;
      --detail (or --category) prints every card, and JSON and Markdown keep everything. Insights are cached: daily ones for 1 day, weekly for 3, monthly for 7.
      --notify queues the insights in the outbox in the transaction that stores them, then sends them
      at once; what fails is named on stderr and retried by `panda deliver` (the exit status stays
      that of the insights).
      Runs on one database wait for each other up to PANDA_LOCK_WAIT seconds (default 10), then exit 75.
      """)

  /// `--category CATEGORY...`.
  static let category = OptionSpec(
    "category", kind: .repeatedValue, valueName: "CATEGORY", allowed: HealthCategory.analysed.map(\.rawValue),
    default: "all", help: "only this category")
  /// `--period PERIOD...`.
  static let period = OptionSpec(
    "period", kind: .repeatedValue, valueName: "PERIOD", allowed: InsightPeriod.allCases.map(\.rawValue),
    default: "all three", help: "only this period")
  /// `--detail`.
  static let detail = OptionSpec(
    "detail", kind: .flag, help: "print every card in text, not only what stands out and a line per category")
  /// `--refresh`.
  static let refresh = OptionSpec(
    "refresh", kind: .flag, help: "recompute insights even where cached ones are still fresh")
  /// `--jobs N`.
  static let jobs = OptionSpec(
    "jobs", valueName: "N", default: "4, or 1 for a server on this machine or network",
    help: "how many insights to ask for at once (1 to 64)")

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let options = try Options(arguments, console: console)
    let (format, context, today, asOf) = (options.format, options.context, options.today, options.asOf)
    let quiet = options.quiet
    let notify = options.notify
    if notify && options.demo {
      console.error(
        "panda: --notify cannot be used with --demo: the demo's numbers are synthetic, not yours to send. "
          + "Run panda insights --notify on your own database.\n")
      return .usage
    }

    let demo: DemoData?
    let database: Database
    let lock: RunLock?
    if options.demo {
      let demoData = try DemoData(context: context, lastDay: asOf.adding(days: -1), console: console, quiet: quiet)
      demo = demoData
      database = demoData.database
      lock = nil
    } else {
      demo = nil
      guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
      guard let acquired = try DatabaseLocation.runLock(for: path, console: console) else {
        return .temporaryFailure
      }
      lock = acquired
      database = try DatabaseLocation.openExisting(path, context: context)
    }
    defer { withExtendedLifetime((demo, lock)) {} }
    let destinations = notify ? try notifyDestinations(database, console: console) : []

    let (provider, chat) = try ProviderOptions.provider(arguments, console: console, database: database)
    let settings = Settings.load(environment: console.environment)
    var run = InsightsRun(asOf: asOf, today: today, daily: context)
    run.categories = options.categories
    run.periods = options.periods
    run.refresh = options.refresh
    run.stores = true
    run.provider = provider
    run.fallback = chat == nil ? nil : HeuristicProvider().write
    // A local server usually generates one reply at a time: more requests would only queue.
    run.width = options.jobs ?? (chat?.isLocal == true ? 1 : 4)
    run.goals = GoalTarget.all(in: settings)
    run.units = settings.displayUnits
    let showProgress = console.errorIsTerminal && !quiet
    var queued: [String] = []
    let output = try await run.run(
      on: database, now: Int64(Date().timeIntervalSince1970),
      alongside: destinations.isEmpty
        ? nil
        : { output in queued = try queueDeliveries(output, to: destinations, database: database) }
    ) { outcome, done, total in
      guard showProgress else { return }
      let job = "\(outcome.job.category.rawValue) \(outcome.job.period.rawValue)"
      console.error("\r\u{1B}[2K[\(done)/\(total)] \(job) (\(outcome.source.rawValue))")
    }
    if showProgress { console.error("\r\u{1B}[2K") }
    if let chat {
      try CapabilityStore(database: database).remember(
        chat.currentStructuredOutput, endpoint: chat.baseURL, model: chat.model)
    }

    let outcomes = output.outcomes
    let report = output.report
    switch format {
    case .json: console.output(try report.json() + "\n")
    case .markdown: console.output(report.markdown())
    default:
      let colour = console.outputIsTerminal && (console.environment["NO_COLOR"] ?? "").isEmpty
      console.output(options.detail ? report.text(colour: colour) : report.overview(colour: colour))
    }
    if !queued.isEmpty { await deliverQueued(queued, database: database, console: console, quiet: quiet) }
    let status = exitCode(outcomes)
    // What the sentence judge withheld from the model's replies written in this run.
    if let withheld = SentenceJudgement.summary(
      outcomes.filter { $0.source == .fresh }.compactMap(\.insight.judgement))
    {
      console.error("panda: \(withheld)\n")
    }
    // Cron keeps standard error: a non-zero status says why there too, not only in the report.
    if let reason = exitReason(outcomes, status: status) { console.error("panda: \(reason)\n") }
    return status
  }

  /// Why `outcomes` end with `status`, in one line for standard error; `nil` for success.
  static func exitReason(_ outcomes: [InsightOutcome], status: ExitCode) -> String? {
    let fallbacks = outcomes.compactMap(\.fallback)
    let first = fallbacks.first.map { ": \($0.reason)" } ?? ""
    switch status {
    case .success: return nil
    case .unavailable:
      return "the provider could not be reached for any insight; the offline analyzer wrote them instead\(first)"
    case .temporaryFailure:
      return "the provider failed for \(fallbacks.count) of \(outcomes.count) insights; the offline analyzer "
        + "wrote those instead\(first)"
    default:
      let failed = outcomes.filter { $0.insight.status == .failed }
      return "\(failed.count) of \(outcomes.count) insights could not be written"
        + (failed.first.map { " (\($0.job.category.rawValue) \($0.job.period.rawValue): \($0.insight.summary))" } ?? "")
    }
  }

  /// 0 when every job succeeded; 69 when the provider was unreachable for every job that
  /// needed it; 75 when some fell back to the offline analyzer; 70 when a job failed.
  static func exitCode(_ outcomes: [InsightOutcome]) -> ExitCode {
    if outcomes.contains(where: { $0.insight.status == .failed }) { return .software }
    let fallbacks = outcomes.compactMap(\.fallback)
    guard !fallbacks.isEmpty else { return .success }
    let askedProvider = outcomes.filter { $0.source == .fresh && $0.insight.status == .ok }
    if fallbacks.count == askedProvider.count && fallbacks.allSatisfy(\.unreachable) { return .unavailable }
    return .temporaryFailure
  }
}
