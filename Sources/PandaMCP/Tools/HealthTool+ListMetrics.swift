import PandaCore
import PandaStore

extension HealthTool {
  /// `list_metrics`: every metric with how much data it has.
  static let listMetrics = HealthTool(
    name: "list_metrics", title: "List metrics",
    description: """
      Every health metric panda knows, with its id (to pass to the other tools), name, unit, category, \
      how many days have a value, and the first and last of them. Call it first to see what data there is.
      """,
    inputSchema: ToolSchema.object([]),
    outputSchema: ToolSchema.object(
      [
        (
          "metrics",
          ToolSchema.array(
            ToolSchema.object([
              ("id", ToolSchema.string("the metric id, such as activity.steps")),
              ("name", ToolSchema.string("the metric's name")),
              ("unit", ToolSchema.string("the unit of its values")),
              ("category", ToolSchema.string("its category")),
              ("daysWithData", ToolSchema.number("days with a value")),
              ("firstDay", ToolSchema.typed(["string", "null"], "the first day with a value")),
              ("lastDay", ToolSchema.typed(["string", "null"], "the last day with a value")),
            ]), "every metric in the catalogue")
        ),
        ("metricsWithData", ToolSchema.number("metrics with at least one day of data")),
        ("timeZone", ToolSchema.string("the zone days are counted in")),
        ("today", ToolSchema.string("the latest day a date may name")),
        ("truncated", ToolSchema.typed(["boolean"], "always false: the list is short")),
      ], required: ["metrics", "metricsWithData", "timeZone", "today", "truncated"])
  ) { _, context in
    let coverage = try DailyValueReader(database: context.database).coverage()
    let metrics = MetricCatalogue.all.map { metric -> JSONValue in
      let covered = coverage[metric.id]
      return .object([
        "id": .string(metric.id), "name": .string(metric.name), "unit": .string(metric.unit),
        "category": .string(metric.category.rawValue), "daysWithData": .number(Double(covered?.days ?? 0)),
        "firstDay": covered.map { .string($0.first.iso) } ?? .null,
        "lastDay": covered.map { .string($0.last.iso) } ?? .null,
      ])
    }
    return .object([
      "metrics": .array(metrics), "metricsWithData": .number(Double(coverage.count)),
      "timeZone": .string(context.daily.zone.identifier), "today": .string(context.today.iso),
      "truncated": .bool(false),
    ])
  }
}
