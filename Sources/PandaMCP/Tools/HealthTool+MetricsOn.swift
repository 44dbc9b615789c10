import PandaStore

extension HealthTool {
  /// `metrics_on`: every metric's value on one day.
  static let metricsOn = HealthTool(
    name: "metrics_on", title: "Every metric on one day",
    description: """
      Every metric's value on one day, as `panda metrics --date` shows it: null where the day has no \
      value, `partial` where it was only partly recorded, a warning outside the plausible range, and the \
      day's workouts by type. A measure that rarely changes (height) shows its latest value and `measured` day.
      """,
    inputSchema: ToolSchema.object(
      [("date", ToolSchema.date("the day, YYYY-MM-DD, not in the future"))], required: ["date"]),
    outputSchema: ToolSchema.object(
      [
        ("date", ToolSchema.date("the day")),
        ("timeZone", ToolSchema.string("the zone the day is counted in")),
        ("available", ToolSchema.number("metrics with a value that day")),
        ("total", ToolSchema.number("metrics in the catalogue")),
        (
          "metrics",
          ToolSchema.array(
            ToolSchema.typed(["object"], "metric, name, category, unit, value, partial, warning, measured"),
            "every metric, in catalogue order")
        ),
        (
          "workouts",
          ToolSchema.array(ToolSchema.typed(["object"], "one activity type's workouts"), "the day's workouts")
        ),
        ("partialMetrics", ToolSchema.number("metrics whose day was only partly recorded")),
        ("truncated", ToolSchema.typed(["boolean"], "always false: one day is never cut")),
      ], required: ["date", "timeZone", "available", "total", "metrics", "workouts", "partialMetrics", "truncated"])
  ) { arguments, context in
    let day = try arguments.requiredDay("date")
    let snapshot = try HealthFetcher(database: context.database).loadAll(asOf: day)
    let report = DayReport.compute(snapshot, zone: context.daily.zone)
    guard case .object(var answer) = try HealthTools.json(report) else { return .null }
    answer["partialMetrics"] = .number(Double(report.metrics.filter(\.partial).count))
    answer["truncated"] = .bool(false)
    return .object(answer)
  }
}
