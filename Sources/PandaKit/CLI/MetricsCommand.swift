import Foundation

/// `panda metrics`: every metric for one day, like a dashboard.
enum MetricsCommand: PandaCommand {
  static let spec = CommandSpec(
    "metrics", summary: "every metric for one day, like a dashboard",
    forms: [
      .init(
        options: [
          OptionSpec("date", valueName: "YYYY-MM-DD", default: "today", help: "the day (not in the future)"),
          .format(["text", "json"]), .database, .timeZone, .sourcePriority,
        ])
    ],
    details: """
      All metrics for one day. Missing metrics show as missing; values outside the plausible range
      carry a warning.
      """)

  /// One metric's value on the day, as printed.
  struct Entry: Encodable {
    var metric: String
    var category: HealthCategory
    var name: String
    var unit: String
    var value: Double?
    /// Whether the day was only partly recorded (see README, "How panda counts a day").
    var partial: Bool
    var warning: String?
    /// For a measure that rarely changes (height), the day of the latest value shown.
    var measured: CalendarDay?
  }

  /// The day's report.
  struct Report: Encodable {
    var date: CalendarDay
    var timeZone: String
    var available: Int
    var total: Int
    var metrics: [Entry]
    /// The day's workouts by activity type.
    var workouts: [WorkoutDayTotal]
  }

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let format = arguments.format
    if let extra = arguments.positionals.first { throw UsageError.unexpectedArgument(extra) }
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let today = DailyContextOptions.today(in: context)
    let day = try DailyContextOptions.day(arguments, "date") ?? today
    guard day <= today else {
      throw UsageError.invalidValue(option: "date", value: day.iso, expected: "today (\(today.iso)) or earlier")
    }
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    let database = try DatabaseLocation.openForReading(path, context: context)
    let snapshot = try HealthFetcher(database: database).loadAll(asOf: day)
    let report = Self.report(snapshot, zone: context.zone)
    console.output(
      format == "json"
        ? try JSONOutput.string(report) + "\n"
        : text(report, units: Settings.load(environment: console.environment).displayUnits))
    return .success
  }

  static func report(_ snapshot: HealthSnapshot, zone: TimeZone) -> Report {
    let entries = snapshot.series.map { series in
      let metric = series.metric
      // A measure that rarely changes is shown by its latest value, with its day.
      let latest =
        !metric.isTrended && metric.aggregation == .latest && series.value(on: snapshot.asOf) == nil
        ? series.lastDay : nil
      let value = latest == nil ? series.value(on: snapshot.asOf) : series.lastValue
      let partial = series.points.last { $0.day == snapshot.asOf }?.isPartial ?? false
      let warning = value.flatMap { value in
        metric.isImplausible(value)
          ? "outside the plausible range \(MetricFormatter.decimal(metric.plausibleRange.lowerBound, places: 1))–"
            + "\(MetricFormatter.string(metric.plausibleRange.upperBound, unit: metric.unit))"
          : nil
      }
      return Entry(
        metric: metric.id, category: metric.category, name: metric.name, unit: metric.unit, value: value,
        partial: partial, warning: warning, measured: latest)
    }
    return Report(
      date: snapshot.asOf, timeZone: zone.identifier,
      available: entries.filter { $0.value != nil && $0.measured == nil }.count,
      total: entries.count, metrics: entries,
      workouts: snapshot.workoutTypes(from: snapshot.asOf, through: snapshot.asOf))
  }

  /// The report as text, values in `units`.
  static func text(_ report: Report, units: DisplayUnits = .metric) -> String {
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
