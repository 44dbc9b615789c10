import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// `panda series METRIC`: the daily values of one metric.
enum SeriesCommand: PandaCommand {
  static let spec = CommandSpec(
    "series", summary: "the daily values of one metric",
    forms: [
      .init(
        operands: "METRIC", operandValues: MetricCatalogue.all.map(\.id),
        options: [
          OptionSpec.from.explained("the first day (default 29 days before --to)"),
          OptionSpec.to.explained("the last day (default today; a later day counts as today)"),
          .format([.text, .json, .csv]), .database, .timeZone, .sourcePriority,
        ])
    ],
    details: """
      By default the 30 days up to today. METRIC is a catalogue id, or a short name that fits one
      (steps, sleep, hrv, resting-heart-rate, weight):
      \(MetricCatalogue.all.map(\.id).joined(separator: ", ")).
      A day the sources recorded for only part of is marked "(partly recorded)" (CSV: partial,
      JSON: isPartial); `panda stats` and insights leave such days out of their figures.
      METRIC tags lists the days with tags you logged and symptoms Health recorded; tag:NAME or
      symptom:NAME (tag:alcohol, symptom:headache) only the days with that one.
      """)

  package struct Series: Encodable {
    package var metric: String
    var unit: String
    var from: CalendarDay
    var to: CalendarDay
    var points: [DailyPoint]
  }

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let format = arguments.format
    if let operand = arguments.positionals.first, isEvents(operand) {
      return try runEvents(operand, arguments: arguments, console: console)
    }
    let metric = try MetricArgument.only(arguments)
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let today = DailyContextOptions.today(in: context)
    let days = try DailyContextOptions.days(arguments, ending: today, length: 30, today: today, console: console)
    let (from, to) = (days.first, days.last)
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    let database = try DatabaseLocation.openForReading(path, context: context)
    let points = try DailyValueReader(database: database).points(metric: metric.id, from: from, through: to)
    let series = Series(metric: metric.id, unit: metric.unit, from: from, to: to, points: points)
    switch format {
    case .json: console.output(try JSONOutput.string(series) + "\n")
    case .csv: console.output(csv(series))
    default:
      console.output(text(series, metric: metric, units: Settings.load(environment: console.environment).displayUnits))
    }
    return .success
  }

  /// CSV: the date, the value and whether the day was only partly recorded (`true` or `false`).
  static func csv(_ series: Series) -> String {
    var text = "date,\(series.metric) (\(series.unit)),partial\n"
    for point in series.points {
      text += "\(point.day.iso),\(JSONText.number((point.value * 10_000).rounded() / 10_000)),\(point.isPartial)\n"
    }
    return text
  }

  /// The values as text, in `units`.
  package static func text(_ series: Series, metric: Metric, units: DisplayUnits) -> String {
    var text = "\(metric.name) (\(metric.id)), \(series.from.iso) to \(series.to.iso)\n"
    if series.points.isEmpty {
      return text + "No values in these days. Import a newer export (panda import export.zip) or widen --from/--to.\n"
    }
    for point in series.points {
      text += "  \(point.day.iso)  \(units.string(point.value, unit: metric.unit))"
      var marks: [String] = []
      if point.isDerived { marks.append("derived") }
      if point.isPartial { marks.append("(partly recorded)") }
      text += marks.isEmpty ? "\n" : "  " + marks.joined(separator: "  ") + "\n"
    }
    let derived = series.points.filter(\.isDerived).count
    if derived > 0 {
      text +=
        "\(derived.counted("day")) marked derived had no recorded \(metric.name.lowercased()): "
        + "\(derived == 1 ? "its value is" : "their values are") derived from heart rate and steps "
        + "(panda explain \(metric.id) --date DAY shows how).\n"
    }
    return text
  }
}
