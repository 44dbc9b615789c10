import PandaAnalysis
import PandaCore
import PandaStore

extension HealthTool {
  /// The most days `daily_values` returns in one answer; a longer range is cut, and says so.
  static let maximumDays = 366

  /// `daily_values`: one metric's days, with the period's figures computed.
  static let dailyValues = HealthTool(
    name: "daily_values", title: "Daily values of one metric",
    description: """
      One metric's value on each day from `from` to `to` (the same figures as `panda series`), with \
      which days were only partly recorded, and the period's mean, total, minimum and maximum computed \
      by panda over the whole days: quote them rather than computing your own. At most \
      \(maximumDays) days per call: a longer range gives its newest days, with `truncated: true` and \
      `next` naming the older range to ask for next.
      """,
    inputSchema: ToolSchema.object(
      [
        ("metric", ToolSchema.string("a metric id from list_metrics, such as activity.steps")),
        ("from", ToolSchema.date("the first day, YYYY-MM-DD")),
        ("to", ToolSchema.date("the last day, YYYY-MM-DD, not in the future")),
      ], required: ["metric", "from", "to"]),
    outputSchema: ToolSchema.object(
      [
        ("metric", ToolSchema.string("the metric id")),
        ("name", ToolSchema.string("the metric's name")),
        ("unit", ToolSchema.string("the unit of every value")),
        ("from", ToolSchema.date("the first day covered")),
        ("to", ToolSchema.date("the last day covered (before the asked end when truncated)")),
        (
          "days",
          ToolSchema.array(
            ToolSchema.object([
              ("day", ToolSchema.date("the day")), ("value", ToolSchema.number("the day's value")),
              ("isPartial", ToolSchema.typed(["boolean"], "whether the day was only partly recorded")),
              (
                "isDerived",
                ToolSchema.typed(
                  ["boolean"],
                  "whether the value was derived (resting heart rate from heart rate and steps), not recorded")
              ),
            ]), "the days with a value, oldest first; days without data are absent")
        ),
        (
          "summary",
          ToolSchema.object([
            ("days", ToolSchema.number("whole days the figures cover")),
            ("mean", ToolSchema.number("the mean of the whole days", nullable: true)),
            ("total", ToolSchema.number("their sum, for metrics whose days add up (steps, minutes)", nullable: true)),
            ("min", ToolSchema.number("the lowest whole day", nullable: true)),
            ("max", ToolSchema.number("the highest whole day", nullable: true)),
          ])
        ),
        ("daysInRange", ToolSchema.number("calendar days covered")),
        ("next", ToolSchema.typed(["object", "null"], "when truncated, the `from` and `to` to ask for the rest")),
        ("note", ToolSchema.string("how complete the answer is, in words")),
      ] + ToolSchema.completeness,
      required: ["metric", "unit", "from", "to", "days", "summary", "daysWithData", "partialDaysLeftOut", "truncated"])
  ) { arguments, context in
    let metric = try arguments.metric()
    var asked = try arguments.period()
    if asked.count > maximumDays,
      let first = try DailyValueReader(database: context.database).coverage()[metric.id]?.first,
      first > asked.first
    {
      // Nothing is recorded before the first day with data: no empty pages for the years before it.
      asked = DayRange(min(first, asked.last)...asked.last)
    }
    // A range longer than one page gives its newest days; `next` names the older ones.
    let covered = asked.count <= maximumDays ? asked : DayRange(last: asked.last, count: maximumDays)
    let truncated = covered != asked
    let points = try DailyValueReader(database: context.database).points(
      metric: metric.id, from: covered.first, through: covered.last)
    let whole = points.filter { !$0.isPartial }
    let summary = MetricStatistics.compute(
      metric: metric, points: whole, from: covered.first, to: covered.last, by: nil
    ).summary
    let partial = points.count - whole.count
    let daysInRange = covered.count
    var note =
      "\(points.count.counted("day")) with data of \(daysInRange) from \(covered.first.iso) "
      + "to \(covered.last.iso)"
    if partial > 0 { note += "; \(partial.counted("partly recorded day")) left out of the figures" }
    note += "."
    var next = JSONValue.null
    if truncated {
      let nextTo = covered.first.adding(days: -1)
      next = .object(["from": .string(asked.first.iso), "to": .string(nextTo.iso)])
      note +=
        " Cut at \(maximumDays) days, the newest: call again with from \(asked.first.iso) and to \(nextTo.iso) "
        + "for the older days."
    }
    func figure(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
    return .object([
      "metric": .string(metric.id), "name": .string(metric.name), "unit": .string(metric.unit),
      "from": .string(covered.first.iso), "to": .string(covered.last.iso),
      "days": .array(
        points.map { point in
          .object([
            "day": .string(point.day.iso), "value": .number(point.value), "isPartial": .bool(point.isPartial),
            "isDerived": .bool(point.isDerived),
          ])
        }),
      "summary": .object([
        "days": .number(Double(summary.days)), "mean": figure(summary.mean), "total": figure(summary.total),
        "min": figure(summary.min), "max": figure(summary.max),
      ]),
      "daysInRange": .number(Double(daysInRange)), "daysWithData": .number(Double(points.count)),
      "partialDaysLeftOut": .number(Double(partial)), "truncated": .bool(truncated), "next": next,
      "note": .string(note),
    ])
  }
}
