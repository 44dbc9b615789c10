import Foundation
import PandaCore
import PandaServices
import PandaStore

/// `panda export daily|samples`: daily values or raw samples, for spreadsheets and other tools.
enum ExportCommand: PandaCommand {
  static let spec = CommandSpec(
    "export", summary: "daily values as a table, or every stored sample, as CSV or JSON",
    forms: [
      .init(
        Action.daily.rawValue,
        options: [.from, .to, metric, .format([.csv, .json]), .database, .timeZone, .sourcePriority]),
      .init(Action.samples.rawValue, options: [type, .from, .to, .format([.csv, .jsonl]), .database, .timeZone]),
      .init(Action.tags.rawValue, options: [.from, .to, .format([.csv, .jsonl]), .database, .timeZone]),
    ],
    details: """
      daily: one row per day with data, a date column and one column per metric (catalogue ids as
      headers), values as `panda series` prints them, and a last column, partial, naming the metrics
      only partly recorded that day.
      samples: every stored sample (type, source, device, start and end in UTC, value, unit,
      category, route), streamed as it is read: the export's (route export), those logged with
      panda log (log), then Health Auto Export's buckets (file or push, the way they came).
      tags: one row per day and tag you logged (panda log tag) or symptom Health recorded: date, kind
      (tag or symptom), name.
      --from/--to are days in your zone.
      """)

  /// What `panda export` writes: its subcommands.
  enum Action: String, CaseIterable {
    /// `export daily`: one row per day, one column per metric.
    case daily
    /// `export samples`: every stored sample.
    case samples
    /// `export tags`: one row per day and tag or symptom.
    case tags
  }

  /// `--metric METRIC...`, for `export daily`.
  static let metric = OptionSpec(
    "metric", kind: .repeatedValue, valueName: "METRIC", default: "every metric",
    help: "a column for this metric (an id or a short name: steps, sleep, hrv)"
  ).completing(MetricCatalogue.all.map(\.id))
  /// `--type TYPE...`, for `export samples`.
  static let type = OptionSpec(
    "type", kind: .repeatedValue, valueName: "TYPE", default: "every type",
    help: "only this Health type (StepCount, HKQuantityTypeIdentifierStepCount) or metric id")

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    guard let action = arguments.positionals.first.flatMap(Action.init(rawValue:)) else {
      throw UsageError.missingArgument(CommandSpec.list(Action.allCases.map(\.rawValue)))
    }
    if arguments.positionals.count > 1 { throw UsageError.unexpectedArgument(arguments.positionals[1]) }
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let days = try DailyContextOptions.bounds(arguments, console: console)
    switch action {
    case .daily:
      let format = arguments.format
      // A metric named twice is one column, where it was first named.
      var metrics: [Metric] = []
      for id in arguments.all(metric) {
        let metric = try MetricArgument.metric(id)
        if !metrics.contains(where: { $0.id == metric.id }) { metrics.append(metric) }
      }
      guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
      let database = try DatabaseLocation.openForReading(path, context: context)
      let table = try DailyTable.load(
        database: database, metrics: metrics.isEmpty ? MetricCatalogue.all : metrics,
        from: days.from, to: days.to)
      console.output(format == .json ? table.json() : table.csv())
      return .success
    case .tags:
      let format = arguments.format
      guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
      let database = try DatabaseLocation.openForReading(path, context: context)
      let events = try DayEventReader(database: database, zone: context.zone).events(
        from: days.from ?? CalendarDay(ordinal: 0), through: days.to ?? CalendarDay(ordinal: 200 * 366))
      if format == .jsonl {
        for event in events {
          console.output(
            JSONText.object([
              (key: "date", value: event.day.iso), (key: "kind", value: event.kind.rawValue),
              (key: "name", value: event.name),
            ]).map { $0 + "\n" } ?? "")
        }
      } else {
        console.output("date,kind,name\n" + events.map { "\($0.day.iso),\($0.kind.rawValue),\($0.name)\n" }.joined())
      }
      return .success
    case .samples:
      return try samples(arguments, context: context, days: days, console: console)
    }
  }

  /// `export samples`: every stored sample of the types `--type` names, streamed to the console.
  private static func samples(_ arguments: Arguments, context: DailyContext, days: DayBounds, console: Console) throws
    -> ExitCode
  {
    let format = arguments.format
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    let exporter = SampleExporter(database: try DatabaseLocation.openForReading(path))
    var types: [String]?
    let names = arguments.all(type)
    if !names.isEmpty {
      types = try names.flatMap { name throws -> [String] in
        let matched = try exporter.typeIdentifiers(matching: name)
        if !matched.isEmpty { return matched }
        // A metric's short name (`steps`): the types it is read from.
        let metric: Metric
        do {
          metric = try MetricArgument.metric(name)
        } catch {
          if case UsageError.ambiguousMetric = error { throw error }
          let nearest = MetricArgument.nearest(to: name.lowercased().filter { $0.isLetter || $0.isNumber })
          throw UsageError.invalidValue(
            option: type.name, value: name,
            expected: "a stored Health type such as StepCount, a metric id or a short name such as steps"
              + (nearest.isEmpty ? "" : "; did you mean \(nearest.joined(separator: " or "))?"))
        }
        return try exporter.typeIdentifiers(matching: metric.id)
      }
    }
    let instants = days.instants(in: context.zone)
    try exporter.write(
      format: format == .jsonl ? .jsonl : .csv, types: types, from: instants.from, to: instants.to,
      sink: console.output)
    return .success
  }
}
