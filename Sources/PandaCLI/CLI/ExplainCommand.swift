import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// `panda explain METRIC --date D`: the samples behind one day's value, what of each was counted
/// and why the rest was not.
enum ExplainCommand: PandaCommand {
  static let spec = CommandSpec(
    "explain", summary: "the samples behind one day's value, and what of each was counted",
    forms: [
      .init(
        operands: "METRIC", operandValues: MetricCatalogue.all.map(\.id),
        options: [
          Self.date, .format([.text, .json]), .database, .timeZone, .sourcePriority,
        ])
    ],
    details: """
      Lists each sample of the day with its source, device, start, end and value, the part of it
      that was counted and, where not all of it was, why: a source trusted more covered that time,
      a duplicate, outside the day, a placeholder zero. Says how much of the day was recorded and
      whether it counts as partly recorded. The counted parts add up to the day's value, the value
      `panda series` shows; for a metric that is the day's mean (heart rate, HRV), each reading
      counted is shown as it is, and their mean is the day's value. Figures are shown as the day's
      value is, in the metric's precision. For sleep: the night's intervals per source and their
      union.
      """)

  /// `--date DAY`, which this command cannot do without.
  static let date = OptionSpec("date", valueName: "DAY", isRequired: true, help: "the day to explain")

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let metric = try MetricArgument.only(arguments)
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    guard let day = try DailyContextOptions.day(arguments, Self.date, console: console) else {
      throw UsageError.missingArgument("--date DAY")
    }
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    let database = try DatabaseLocation.openForReading(path, context: context)
    let store = DailyValueStore(database: database, context: context)
    let explanation = try store.explain(metric, on: day)
    var document = ExplainedDay.make(
      metric, day: day, explanation: explanation, stored: try store.storedDay(metric, on: day),
      names: try SourceNames.load(from: database), zone: context.zone)
    let ends = try store.recordingEnds()
    let grid = DayGrid(from: day, through: day, zone: context.zone)
    if document.value != nil, document.partial {
      if let until = ends.exported, DailyValueStore.exportedUntilDay(of: metric, until, grid: grid) != nil {
        document.recordedUntil = ExplainedDay.timestamp(until, zone: context.zone)
      } else if let until = ends.pushed, DailyValueStore.recordedUntilDay(of: metric, until, grid: grid) != nil {
        document.recordedUntil = ExplainedDay.timestamp(until, zone: context.zone)
      }
    }
    if arguments.format == .json {
      console.output(try JSONOutput.string(document) + "\n")
    } else {
      console.output(
        document.text(metric: metric, units: Settings.load(environment: console.environment).displayUnits))
    }
    return .success
  }
}
