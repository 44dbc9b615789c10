import Foundation
import PandaAnalysis
import PandaCore
import PandaServices
import PandaStore

/// `panda stats METRIC`: total, mean, minimum and maximum of a metric's days over a period.
enum StatsCommand: PandaCommand {
  static let spec = CommandSpec(
    "stats", summary: "total, mean, min and max of a metric over a period, per week or month",
    forms: [
      .init(
        operands: "METRIC", operandValues: MetricCatalogue.all.map(\.id),
        options: [
          OptionSpec.from.explained("the first day (default 29 days before --to)"),
          OptionSpec.to.explained(
            "the last day (default yesterday, as today is not over yet; a later day counts as today)"),
          by, .format([.text, .json, .csv]), .database, .timeZone, .sourcePriority,
        ])
    ],
    details: """
      Over the days from --from to --to (default the 30 days up to yesterday: today is not over yet,
      name it with --to to include it): the total (for metrics whose days add up: steps, distance,
      energy, minutes, water), the mean of the days with data, the lowest and highest day, and how many
      days had data. The figures are those of `panda series` over the same days, whole days only: a
      partly recorded day (marked in `panda series`) is left out, and the line says how many were.
      """)

  /// `--by week|month`: also per calendar week or month.
  static let by = OptionSpec(
    "by", valueName: "PERIOD", allowed: ["week", "month"], help: "also per calendar week (Monday to Sunday) or month")

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let format = arguments.format
    let metric = try MetricArgument.only(arguments)
    var grouping: MetricStatistics.Grouping?
    if let text = arguments.value(by) {
      guard let named = MetricStatistics.Grouping(rawValue: text) else {
        throw UsageError.invalidValue(option: by.name, value: text, expected: "week or month")
      }
      grouping = named
    }
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let today = DailyContextOptions.today(in: context)
    // Today is still being recorded: a partial day would pull down the mean and the minimum.
    let days = try DailyContextOptions.days(
      arguments, ending: today.adding(days: -1), length: 30, today: today, console: console)
    let (from, to) = (days.first, days.last)
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    let database = try DatabaseLocation.openForReading(path, context: context)
    let points = try DailyValueReader(database: database).points(metric: metric.id, from: from, through: to)
    let stats = MetricStatistics.compute(metric: metric, points: points, from: from, to: to, by: grouping)
    switch format {
    case .json: console.output(try JSONOutput.string(stats) + "\n")
    case .csv: console.output(csv(stats))
    default:
      console.output(text(stats, metric: metric, units: Settings.load(environment: console.environment).displayUnits))
    }
    return .success
  }

  /// One CSV row per period.
  static func csv(_ stats: MetricStatistics) -> String {
    var text = "period,from,to,days,total,mean,min,max,partialDaysLeftOut\n"
    for summary in stats.groups.isEmpty ? [stats.summary] : stats.groups {
      let figures = [summary.total, summary.mean, summary.min, summary.max].map { $0.map(DailyTable.number) ?? "" }
      text += ([summary.period, summary.from.iso, summary.to.iso, String(summary.days)] + figures).joined(
        separator: ",")
      text += ",\(summary.partialDaysLeftOut)"
      text += "\n"
    }
    return text
  }

  /// The figures as text, one line per period.
  package static func text(_ stats: MetricStatistics, metric: Metric, units: DisplayUnits = .metric) -> String {
    func figure(_ value: Double?) -> String { value.map { units.string($0, unit: metric.unit) } ?? "—" }
    func leftOut(_ summary: MetricStatistics.Summary) -> String {
      summary.partialDaysLeftOut.counted("partly recorded day") + " left out"
    }
    func line(_ summary: MetricStatistics.Summary) -> String {
      guard summary.days > 0 else {
        return summary.partialDaysLeftOut > 0 ? "no whole day with data, " + leftOut(summary) : "no data"
      }
      var parts: [String] = []
      if summary.total != nil { parts.append("total \(figure(summary.total))") }
      parts.append("mean \(figure(summary.mean))")
      parts.append("min \(figure(summary.min))")
      parts.append("max \(figure(summary.max))")
      let whole = summary.partialDaysLeftOut > 0 ? " whole" : ""
      parts.append("\(summary.days)\(whole) day\(summary.days == 1 ? "" : "s") with data")
      if summary.partialDaysLeftOut > 0 { parts.append(leftOut(summary)) }
      return parts.joined(separator: ", ")
    }
    let summary = stats.summary
    var text = "\(metric.name) (\(metric.id)), \(summary.from.iso) to \(summary.to.iso)\n"
    guard summary.days > 0 || summary.partialDaysLeftOut > 0 else {
      return text + "No values in these days. Import a newer export (panda import export.zip) or widen --from/--to.\n"
    }
    text += "  " + line(summary) + "\n"
    for group in stats.groups {
      text += "  \(group.period.padding(toLength: 10, withPad: " ", startingAt: 0))  " + line(group) + "\n"
    }
    return text
  }
}
