import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// `panda metrics`: every metric for one day, like a dashboard.
enum MetricsCommand: PandaCommand {
  static let spec = CommandSpec(
    "metrics", summary: "every metric for one day, like a dashboard",
    forms: [
      .init(
        options: [
          .date, .format([.text, .json]), .database, .timeZone, .sourcePriority,
        ])
    ],
    details: """
      All metrics for one day. Missing metrics show as missing; values outside the plausible range
      carry a warning.
      """)

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let format = arguments.format
    if let extra = arguments.positionals.first { throw UsageError.unexpectedArgument(extra) }
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let today = DailyContextOptions.today(in: context)
    let day = try DailyContextOptions.day(arguments, .date, default: today, notAfter: today, console: console)
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    let database = try DatabaseLocation.openForReading(path, context: context)
    let snapshot = try HealthFetcher(database: database).loadAll(asOf: day)
    let report = DayReport.compute(snapshot, zone: context.zone)
    console.output(
      format == .json
        ? try JSONOutput.string(report) + "\n"
        : text(report, units: Settings.load(environment: console.environment).displayUnits))
    return .success
  }

  /// The report as text, values in `units`.
  package static func text(_ report: DayReport, units: DisplayUnits = .metric) -> String {
    var text = "\(report.date.iso) (\(report.timeZone)): \(report.available) of \(report.total) metrics\n"
    var category: HealthCategory?
    let width = report.metrics.map(\.name.count).max() ?? 0
    for entry in report.metrics {
      if entry.category != category {
        category = entry.category
        text += "\n\(entry.category.heading)\n"
      }
      let shown = entry.value.map { units.string($0, unit: entry.unit) } ?? "—"
      text += "  " + entry.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + shown
      if let measured = entry.measured { text += "  (measured \(measured.iso))" }
      if entry.partial { text += "  (partly recorded)" }
      if let warning = entry.warning { text += "  ⚠ \(warning)" }
      text += "\n"
      if entry.metric == "activity.workouts" {
        for total in report.workouts {
          text += "    \(WorkoutPhrases.summary(total, withEnergy: true, units: units))\n"
        }
      }
    }
    if report.available == 0 {
      text +=
        "\nNothing recorded on this day. Import a newer export (panda import export.zip) or pick another --date.\n"
    }
    return text
  }
}
