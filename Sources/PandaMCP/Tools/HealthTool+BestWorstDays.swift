import PandaCore
import PandaStore

extension HealthTool {
  /// The most days `best_worst_days` lists at each end.
  static let maximumExtremeDays = 10

  /// `best_worst_days`: the highest and lowest whole days of one metric, each with its date.
  static let bestWorstDays = HealthTool(
    name: "best_worst_days", title: "Best and worst days",
    description: """
      One metric's highest and lowest whole days from `from` to `to` (at most \(maximumDays) days), each \
      with its date, and which end is better for this metric (`betterIs`: higher, lower, or null where \
      neither is, such as a level best kept within a range). `count` days at each end, 1 to \
      \(maximumExtremeDays) (default 3). Partly recorded days are left out.
      """,
    inputSchema: ToolSchema.object(
      [
        ("metric", ToolSchema.string("a metric id from list_metrics, such as activity.steps")),
        ("from", ToolSchema.date("the first day, YYYY-MM-DD")),
        ("to", ToolSchema.date("the last day, YYYY-MM-DD, not in the future")),
        ("count", ToolSchema.typed(["integer"], "how many days at each end, 1 to \(maximumExtremeDays) (default 3)")),
      ], required: ["metric", "from", "to"]),
    outputSchema: ToolSchema.object(
      [
        ("metric", ToolSchema.string("the metric id")), ("name", ToolSchema.string("the metric's name")),
        ("unit", ToolSchema.string("the unit of every value")),
        ("from", ToolSchema.date("the first day")), ("to", ToolSchema.date("the last day")),
        (
          "highest",
          ToolSchema.array(
            ToolSchema.object(
              [("day", ToolSchema.date("the day")), ("value", ToolSchema.number("its value"))],
              required: ["day", "value"]), "the highest days, highest first")
        ),
        (
          "lowest",
          ToolSchema.array(
            ToolSchema.object(
              [("day", ToolSchema.date("the day")), ("value", ToolSchema.number("its value"))],
              required: ["day", "value"]), "the lowest days, lowest first")
        ),
        ("betterIs", ToolSchema.typed(["string", "null"], "higher, lower, or null where neither end is better")),
      ] + ToolSchema.completeness,
      required: [
        "metric", "unit", "from", "to", "highest", "lowest", "betterIs", "daysWithData", "partialDaysLeftOut",
        "truncated",
      ])
  ) { arguments, context in
    let metric = try arguments.metric()
    let range = try arguments.period()
    guard range.count <= maximumDays else {
      throw ToolError(
        "The range is longer than \(maximumDays) days: ask for a year or less at a time (period_summary sums up longer ranges)."
      )
    }
    var count = 3
    switch arguments.values["count"] {
    case .none, .null?: break
    case .number(let number)? where number.rounded() == number && (1...Double(maximumExtremeDays)).contains(number):
      count = Int(number)
    default: throw ToolError("count must be a whole number from 1 to \(maximumExtremeDays).")
    }
    let points = try DailyValueReader(database: context.database).points(
      metric: metric.id, from: range.first, through: range.last)
    let whole = points.filter { !$0.isPartial }
    func listed(_ days: some Sequence<DailyPoint>) -> JSONValue {
      .array(days.map { .object(["day": .string($0.day.iso), "value": .number($0.value)]) })
    }
    // Ties go to the earlier day.
    let ordered = whole.sorted { $0.value != $1.value ? $0.value > $1.value : $0.day < $1.day }
    let rising = whole.sorted { $0.value != $1.value ? $0.value < $1.value : $0.day < $1.day }
    let better: JSONValue =
      switch metric.direction {
      case .up: "higher"
      case .down: "lower"
      case .towards, .neutral: .null
      }
    return .object([
      "metric": .string(metric.id), "name": .string(metric.name), "unit": .string(metric.unit),
      "from": .string(range.first.iso), "to": .string(range.last.iso),
      "highest": listed(ordered.prefix(count)), "lowest": listed(rising.prefix(count)), "betterIs": better,
      "daysWithData": .number(Double(points.count)), "partialDaysLeftOut": .number(Double(points.count - whole.count)),
      "truncated": .bool(false),
    ])
  }
}
