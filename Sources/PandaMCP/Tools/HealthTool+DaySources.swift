import PandaAnalysis
import PandaCore
import PandaStore

extension HealthTool {
  /// The most sources `day_sources` lists.
  static let maximumSources = 50

  /// `day_sources`: which app or device recorded what of one metric on one day.
  static let daySources = HealthTool(
    name: "day_sources", title: "Sources of one day's value",
    description: """
      Which apps and devices recorded one metric on one day, and what each said: its samples, what they \
      add up to (or their mean, for a level such as heart rate), and the part panda counted in the day's \
      value after preferring one source where two overlap (`panda explain` shows each sample). At most \
      \(maximumSources) sources, the largest counted part first.
      """,
    inputSchema: ToolSchema.object(
      [
        ("metric", ToolSchema.string("a metric id from list_metrics, such as activity.steps")),
        ("date", ToolSchema.date("the day, YYYY-MM-DD, not in the future")),
      ], required: ["metric", "date"]),
    outputSchema: ToolSchema.object(
      [
        ("metric", ToolSchema.string("the metric id")), ("name", ToolSchema.string("the metric's name")),
        ("unit", ToolSchema.string("the unit of every figure")), ("date", ToolSchema.date("the day")),
        ("value", ToolSchema.number("the day's value, as daily_values gives it", nullable: true)),
        ("isPartial", ToolSchema.typed(["boolean"], "whether the day was only partly recorded")),
        (
          "sources",
          ToolSchema.array(
            ToolSchema.object(
              [
                ("source", ToolSchema.string("the app or device, with the device's name when known")),
                ("samples", ToolSchema.number("its samples read for the day")),
                (
                  "recorded",
                  ToolSchema.number(
                    "their values added up (their mean for a level); whole samples, even across midnight",
                    nullable: true)
                ),
                ("counted", ToolSchema.number("the part panda counted in the day's value", nullable: true)),
              ], required: ["source", "samples", "recorded", "counted"]), "each source, largest counted part first")
        ),
      ] + ToolSchema.completeness,
      required: [
        "metric", "unit", "date", "value", "isPartial", "sources", "daysWithData", "partialDaysLeftOut", "truncated",
      ])
  ) { arguments, context in
    let metric = try arguments.metric()
    let day = try arguments.requiredDay("date")
    let explanation = try DailyValueStore(database: context.database, context: context.daily).explain(metric, on: day)
    let names = try SourceNames.load(from: context.database)
    struct Tally {
      var samples = 0
      var values: [Double] = []
      var counted: Double?
    }
    var tallies: [String: Tally] = [:]
    for entry in explanation.entries {
      let label = names.both(entry.sample.source, entry.sample.device)
      var tally = tallies[label] ?? Tally()
      tally.samples += 1
      if let value = entry.sample.value { tally.values.append(value) }
      if let counted = entry.counted { tally.counted = (tally.counted ?? 0) + counted }
      tallies[label] = tally
    }
    let summed = MetricStatistics.isSummed(metric)
    let ordered = tallies.sorted { ($0.value.counted ?? -1, $1.key) > ($1.value.counted ?? -1, $0.key) }
    let listed = ordered.prefix(maximumSources).map { label, tally -> JSONValue in
      let total = tally.values.reduce(0, +)
      let recorded: JSONValue =
        tally.values.isEmpty ? .null : .number(summed ? total : total / Double(tally.values.count))
      return .object([
        "source": .string(label), "samples": .number(Double(tally.samples)), "recorded": recorded,
        "counted": tally.counted.map(JSONValue.number) ?? .null,
      ])
    }
    let hasValue = explanation.value != nil
    return .object([
      "metric": .string(metric.id), "name": .string(metric.name), "unit": .string(metric.unit),
      "date": .string(day.iso), "value": explanation.value.map(JSONValue.number) ?? .null,
      "isPartial": .bool(explanation.isPartial), "sources": .array(listed),
      "daysWithData": .number(hasValue ? 1 : 0), "partialDaysLeftOut": .number(0),
      "truncated": .bool(ordered.count > maximumSources),
    ])
  }
}
