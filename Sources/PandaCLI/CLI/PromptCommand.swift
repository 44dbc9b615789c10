import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// `panda prompt`: prints exactly the messages that would be sent for one insight, sending
/// nothing, so a user can see what leaves the machine.
enum PromptCommand: PandaCommand {
  static let spec = CommandSpec(
    "prompt", summary: "the messages an LLM provider would be sent, without sending them",
    forms: [
      .init(
        options: [category, period, .asOf, .demo, .database, .timeZone, .sourcePriority])
    ],
    details: """
      Prints the system and user messages the chat-completions provider would send for one insight.
      Nothing is sent. During an early warning that names metrics of the category, the messages
      carry the warning's figures (warning.md). The prompts are the built-in ones unless a file of
      the same name is in $XDG_CONFIG_HOME/panda/prompts/ (system.md, daily.md, weekly.md,
      monthly.md, warning.md).
      """)

  /// `--category CATEGORY`, which this command cannot do without.
  static let category = OptionSpec(
    "category", valueName: "CATEGORY", allowed: HealthCategory.analysed.map(\.rawValue), isRequired: true,
    help: "the insight's category")
  /// `--period PERIOD`, which this command cannot do without.
  static let period = OptionSpec(
    "period", valueName: "PERIOD", allowed: InsightPeriod.allCases.map(\.rawValue), isRequired: true,
    help: "the insight's period")

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    // Both are required and their values checked by the parser.
    guard let category = arguments.value(Self.category).flatMap(HealthCategory.init(rawValue:)),
      let period = arguments.value(Self.period).flatMap(InsightPeriod.init(rawValue:))
    else { throw UsageError.missingArgument("--category and --period") }
    let job = InsightJob(category: category, period: period)
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let today = DailyContextOptions.today(in: context)
    let asOf = try DailyContextOptions.day(arguments, .asOf, default: today, notAfter: today, console: console)
    guard
      let opened = try DemoData.openForReading(
        arguments, context: context, asOf: asOf, console: console, quiet: true)
    else { return .noInput }
    let database = opened.database
    defer { withExtendedLifetime(opened.demo) {} }
    let snapshot = try HealthFetcher(database: database).loadAll(asOf: asOf)
    // The early warnings the insights run finds in the same snapshot: the request carries the
    // one its insight is written within.
    let alertWindow = AlertDetector.defaultWindow(asOf: asOf)
    let warnings = AlertDetector.scan(snapshot, from: alertWindow.first, to: alertWindow.last).alerts
    let request = InsightRequest.request(
      from: snapshot, category: job.category, period: job.period, report: ReportTrends.of(snapshot),
      warnings: warnings)
    guard request.hasData else {
      console.output("No \(job.category.dataName) for this period: no request would be sent.\n")
      return .success
    }
    let folder = SettingsFile.folder(environment: console.environment)
    let prompt = InsightPrompt(
      templates: PromptTemplates(overrideFolder: (folder as NSString).appendingPathComponent("prompts")))
    for message in prompt.messages(for: request) {
      console.output("--- \(message.role) ---\n\(message.content)\n")
    }
    return .success
  }
}
