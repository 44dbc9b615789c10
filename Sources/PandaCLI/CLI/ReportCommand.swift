import Foundation
import PandaAnalysis
import PandaCore
import PandaReport
import PandaServices

/// `panda report`: the insights and the last 90 days of every metric as one HTML page.
enum ReportCommand: PandaCommand {
  static let spec = CommandSpec(
    "report", summary: "the insights and 90 days of charts as one HTML page",
    forms: [
      .init(
        options: [
          OptionSpec.asOf.explained("report as of that day (the latest complete day is the day before)"),
          InsightsCommand.category, output,
          OptionSpec.demo.explained("report on built-in synthetic data in a temporary database"),
          .database, .timeZone, .sourcePriority, .quiet,
        ])
    ],
    details: """
      One self-contained HTML file (inline CSS and SVG, no script, nothing fetched from the
      network): per category the daily, weekly and monthly insights as panda insights writes them
      with the offline analyzer, and a chart of each metric's daily values over the last 90 days with
      the usual range shaded and partly recorded days drawn hollow, the goals as rings and bars, and
      the workouts by type. Every chart has a title for screen readers and its figures in a table.
      Light and dark, readable on a phone, prints on A4. Reads the database, never writes it.
      """)

  /// `--output FILE`.
  static let output = OptionSpec(
    "output", valueName: "FILE", default: "standard output", help: "write the page to FILE")

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let options = try Options(arguments, console: console)
    let (context, today, asOf) = (options.context, options.today, options.asOf)
    guard
      let opened = try DemoData.openForReading(
        arguments, context: context, asOf: asOf, console: console, quiet: options.quiet)
    else { return .noInput }
    let database = opened.database
    defer { withExtendedLifetime(opened.demo) {} }
    let settings = Settings.load(environment: console.environment)
    var run = InsightsRun(asOf: asOf, today: today, daily: context)
    run.categories = options.categories
    run.width = 4
    run.goals = GoalTarget.all(in: settings)
    run.units = settings.displayUnits
    let output = try await run.run(on: database, now: Int64(Date().timeIntervalSince1970))
    let report = HTMLReport(
      asOf: asOf, provider: output.provider, outcomes: output.outcomes, snapshot: output.snapshot,
      recency: output.recency, units: output.units, findings: output.findings)
    let html = report.html()
    guard let output = options.output else {
      console.output(html)
      return .success
    }
    do {
      try Data(html.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
      console.error("panda: cannot write the report to \(output): \(error.localizedDescription)\n")
      return .cannotCreate
    }
    return .success
  }
}
