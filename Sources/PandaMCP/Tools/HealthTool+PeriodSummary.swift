import PandaAnalysis
import PandaCore
import PandaStore

extension HealthTool {
  /// The most weeks, months or years `period_summary` returns in one answer.
  static let maximumGroups = 60

  /// The schema of one stretch's figures, in `period_summary` and its whole-period summary.
  private static let stretch = ToolSchema.object(
    [
      ("period", ToolSchema.string("2025-06 for a month, the Monday 2025-06-02 for a week, 2025 for a year")),
      ("from", ToolSchema.date("its first day")), ("to", ToolSchema.date("its last day")),
      ("days", ToolSchema.number("whole days with a value")),
      ("total", ToolSchema.number("their sum, for metrics whose days add up (steps, minutes)", nullable: true)),
      ("mean", ToolSchema.number("their mean", nullable: true)),
      ("min", ToolSchema.number("the lowest whole day", nullable: true)),
      ("max", ToolSchema.number("the highest whole day", nullable: true)),
    ], required: ["period", "from", "to", "days", "total", "mean", "min", "max"])

  /// `period_summary`: totals and means of one metric per week, month or year, in one call.
  static let periodSummary = HealthTool(
    name: "period_summary", title: "Totals and means per week, month or year",
    description: """
      One metric's total (for metrics whose days add up), mean, minimum and maximum over each calendar \
      week (Monday to Sunday), month or year from `from` to `to`, over whole days only, and for the whole \
      range: quote these rather than adding daily values yourself. Stretches without a day of data are left \
      out. At most \(maximumGroups) stretches per call: a longer range gives the newest, with `truncated: true` \
      and `next` naming the older range, up to its last day with data.
      """,
    inputSchema: ToolSchema.object(
      [
        ("metric", ToolSchema.string("a metric id from list_metrics, such as activity.steps")),
        ("from", ToolSchema.date("the first day, YYYY-MM-DD")),
        ("to", ToolSchema.date("the last day, YYYY-MM-DD, not in the future")),
        ("by", ToolSchema.string("the stretch to sum up by", allowed: ["week", "month", "year"])),
      ], required: ["metric", "from", "to", "by"]),
    outputSchema: ToolSchema.object(
      [
        ("metric", ToolSchema.string("the metric id")), ("name", ToolSchema.string("the metric's name")),
        ("unit", ToolSchema.string("the unit of every figure")),
        ("by", ToolSchema.string("week, month or year", allowed: ["week", "month", "year"])),
        ("from", ToolSchema.date("the first day covered")), ("to", ToolSchema.date("the last day covered")),
        ("groups", ToolSchema.array(stretch, "each week, month or year with data, oldest first")),
        ("summary", stretch),
        ("next", ToolSchema.typed(["object", "null"], "when truncated, the `from` and `to` of the older stretches")),
      ] + ToolSchema.completeness,
      required: [
        "metric", "unit", "by", "from", "to", "groups", "summary", "daysWithData", "partialDaysLeftOut", "truncated",
      ])
  ) { arguments, context in
    let metric = try arguments.metric()
    var asked = try arguments.period()
    let by = try arguments.choice("by", among: ["week", "month", "year"]) ?? "month"
    let reader = DailyValueReader(database: context.database)
    if let first = try reader.coverage()[metric.id]?.first, first > asked.first {
      // Nothing is recorded before the first day with data: no empty pages for the years before it.
      asked = DayRange(min(first, asked.last)...asked.last)
    }
    var points = try reader.points(metric: metric.id, from: asked.first, through: asked.last)
    // The stretches holding a day with data, newest last, each cut to the range: a stretch with
    // none is left out, so a gap of years between two stretches of data costs no pages.
    var starts: [CalendarDay] = []
    for point in points {
      let start = max(asked.first, periodStart(of: point.day, by: by))
      if starts.last != start { starts.append(start) }
    }
    var next = JSONValue.null
    if starts.count > maximumGroups {
      starts.removeFirst(starts.count - maximumGroups)
      let older = points.filter { $0.day < starts[0] }
      next = .object(["from": .string(asked.first.iso), "to": .string(older.last?.day.iso ?? asked.first.iso)])
      asked = DayRange(starts[0]...asked.last)
      points.removeAll { $0.day < starts[0] }
    }
    let whole = points.filter { !$0.isPartial }
    func figures(_ label: String, _ range: DayRange) -> JSONValue {
      let summary = MetricStatistics.compute(
        metric: metric, points: whole, from: range.first, to: range.last, by: nil
      ).summary
      func figure(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
      return .object([
        "period": .string(label), "from": .string(range.first.iso), "to": .string(range.last.iso),
        "days": .number(Double(summary.days)), "total": figure(summary.total), "mean": figure(summary.mean),
        "min": figure(summary.min), "max": figure(summary.max),
      ])
    }
    let groups = starts.map { start in
      let end = min(
        asked.last,
        periodStart(of: periodStart(of: start, by: by).adding(days: periodLength[by] ?? 31), by: by).adding(days: -1))
      let label =
        switch by {
        case "week": periodStart(of: start, by: "week").iso
        case "year": String(start.iso.prefix(4))
        default: String(start.iso.prefix(7))
        }
      return figures(label, DayRange(start...end))
    }
    return .object([
      "metric": .string(metric.id), "name": .string(metric.name), "unit": .string(metric.unit), "by": .string(by),
      "from": .string(asked.first.iso), "to": .string(asked.last.iso), "groups": .array(groups),
      "summary": figures("\(asked.first.iso)/\(asked.last.iso)", asked),
      "daysWithData": .number(Double(points.count)), "partialDaysLeftOut": .number(Double(points.count - whole.count)),
      "truncated": .bool(next != .null), "next": next,
    ])
  }

  /// Days that always reach from the first day of a week, month or year into the next one.
  private static let periodLength = ["week": 7, "month": 31, "year": 366]

  /// The first day of the week (Monday), month or year holding `day`.
  static func periodStart(of day: CalendarDay, by: String) -> CalendarDay {
    let (year, _, dayOfMonth) = day.components
    switch by {
    case "week": return day.adding(days: -(((day.ordinal + 3) % 7 + 7) % 7))
    case "year":
      let digits = String(year)
      return CalendarDay(iso: String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "-01-01") ?? day
    default: return day.adding(days: -(dayOfMonth - 1))
    }
  }
}
