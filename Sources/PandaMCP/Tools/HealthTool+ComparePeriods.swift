import PandaAnalysis
import PandaCore
import PandaStore

extension HealthTool {
  /// The schema of one period of `compare_periods`.
  private static func window(_ description: String) -> JSONValue {
    ToolSchema.object(
      [
        ("from", ToolSchema.date("its first day")), ("to", ToolSchema.date("its last day")),
        ("value", ToolSchema.number("its figure; null when there is none", nullable: true)),
        ("daysWithData", ToolSchema.number("whole days with a value")),
        ("partialDays", ToolSchema.number("partly recorded days, left out")),
      ], required: ["from", "to", "value", "daysWithData", "partialDays"], description: description)
  }

  /// `compare_periods`: one metric over two stretches of days, judged by the trend engine.
  static let comparePeriods = HealthTool(
    name: "compare_periods", title: "Compare two periods",
    description: """
      Compares one metric over two stretches of days (each at most \(maximumDays) days): both means (or \
      latest readings, for occasional measures such as weight), the change and its percent, whether the \
      readings are enough to claim anything (`evidence`), how large the change is next to the person's \
      day-to-day spread (`size`), whether that is better or worse (`assessment`), and the sentence panda \
      would write. Partly recorded days are left out. Where Health records the menstrual cycle, resting \
      heart rate, HRV, respiratory rate and wrist temperature are also compared with the person's own \
      luteal shift taken off the luteal days of both periods (`lutealShift`, `lutealAdjustedChange`): a \
      change is called only when both comparisons make it. Say no more than `sentence` says.
      """,
    inputSchema: ToolSchema.object(
      [
        ("metric", ToolSchema.string("a metric id from list_metrics")),
        ("current_from", ToolSchema.date("the first day of the period to judge")),
        ("current_to", ToolSchema.date("its last day, not in the future")),
        ("baseline_from", ToolSchema.date("the first day of the period to compare with")),
        ("baseline_to", ToolSchema.date("its last day")),
      ], required: ["metric", "current_from", "current_to", "baseline_from", "baseline_to"]),
    outputSchema: ToolSchema.object(
      [
        ("metric", ToolSchema.string("the metric id")),
        ("name", ToolSchema.string("the metric's name")),
        ("unit", ToolSchema.string("the unit of the figures")),
        ("current", window("the period judged; value is its mean, or the latest reading (see currentIs)")),
        ("baseline", window("the period compared with; value is its mean")),
        ("currentIs", ToolSchema.string("what the current value is", allowed: ["mean", "latest"])),
        ("change", ToolSchema.number("current minus baseline", nullable: true)),
        ("changePercent", ToolSchema.number("the change as a percent of the baseline", nullable: true)),
        ("evidence", ToolSchema.typed(["string", "null"], "enough, fewReadings or partialDay")),
        ("size", ToolSchema.typed(["string", "null"], "negligible, withinNoise or clear")),
        ("assessment", ToolSchema.typed(["string", "null"], "improving, declining or stable")),
        ("direction", ToolSchema.typed(["string", "null"], "up, down or flat: which way the value moved")),
        (
          "threshold",
          ToolSchema.number("the change below which panda calls it negligible, in the unit", nullable: true)
        ),
        ("shortfall", ToolSchema.typed(["string", "null"], "why there is no comparison: noCurrentData, tooFewDays")),
        (
          "lutealShift",
          ToolSchema.number(
            "the person's luteal shift taken off the luteal days of both periods, from their earlier cycles; "
              + "null without cycle records or for a metric the cycle does not move", nullable: true)
        ),
        (
          "lutealAdjustedChange",
          ToolSchema.number(
            "the change with lutealShift taken off; a change is called only when it and change make it",
            nullable: true)
        ),
        ("sentence", ToolSchema.string("what panda would write")),
      ] + ToolSchema.completeness,
      required: [
        "metric", "unit", "current", "baseline", "sentence", "daysWithData", "partialDaysLeftOut", "truncated",
      ])
  ) { arguments, context in
    let metric = try arguments.metric()
    let current = try arguments.period("current_from", "current_to")
    let baseline = try arguments.period("baseline_from", "baseline_to")
    for (name, range) in [("current", current), ("baseline", baseline)]
    where range.count > maximumDays {
      throw ToolError("The \(name) period is longer than \(maximumDays) days: compare shorter periods.")
    }
    let first = min(current.first, baseline.first)
    let last = max(current.last, baseline.last)
    let reader = DailyValueReader(database: context.database)
    // A metric the luteal phase moves is also compared with the person's shift taken off, as
    // the insights compare it: the shift is measured on the days before the current period.
    var cycles: CycleCalendar?
    if LutealShift.moved[metric.id] != nil {
      let records = try CategoryRecordReader(database: context.database).records(
        from: current.first.adding(days: -LutealShift.trendDays), through: last)
      if !records.flowDays.isEmpty || !records.cycleStarts.isEmpty, !records.cycles.isEmpty { cycles = records.cycles }
    }
    let history = try reader.points(
      metric: metric.id, from: min(first, current.first.adding(days: cycles == nil ? 0 : -LutealShift.trendDays)),
      through: last)
    let points = history.filter { $0.day >= first }
    let series = MetricSeries(metric: metric, points: history, lastDay: points.last?.day, availability: .current)
    func inside(_ range: DayRange) -> [DailyPoint] { points.filter { range.contains($0.day) } }
    func window(_ range: DayRange, value: Double?, days: Int?) -> JSONValue {
      let all = inside(range)
      return .object([
        "from": .string(range.first.iso), "to": .string(range.last.iso),
        "value": value.map(JSONValue.number) ?? .null,
        "daysWithData": .number(Double(days ?? all.filter { !$0.isPartial }.count)),
        "partialDays": .number(Double(all.filter(\.isPartial).count)),
      ])
    }
    var answer: [String: JSONValue] = [
      "metric": .string(metric.id), "name": .string(metric.name), "unit": .string(metric.unit),
      "truncated": .bool(false),
    ]
    switch TrendCalculator.trend(series, current: current, baseline: baseline, cycles: cycles) {
    case .trend(let trend):
      answer["current"] = window(current, value: trend.current, days: trend.currentDays)
      answer["baseline"] = window(baseline, value: trend.baseline, days: trend.baselineDays)
      answer["currentIs"] = .string(metric.aggregation == .latest ? "latest" : "mean")
      answer["change"] = .number(trend.change)
      answer["changePercent"] = trend.changePercent.map(JSONValue.number) ?? .null
      answer["evidence"] = trend.evidence.map { .string($0.rawValue) } ?? .null
      answer["size"] = trend.size.map { .string($0.rawValue) } ?? .null
      answer["assessment"] = .string(trend.assessment.rawValue)
      answer["direction"] = .string(trend.direction.rawValue)
      answer["threshold"] = trend.threshold.map(JSONValue.number) ?? .null
      answer["shortfall"] = .null
      answer["daysWithData"] = .number(Double(trend.currentDays + trend.baselineDays))
      answer["partialDaysLeftOut"] = .number(Double(trend.partialDaysLeftOut ?? 0))
      answer["lutealShift"] = trend.lutealShift.map(JSONValue.number) ?? .null
      answer["lutealAdjustedChange"] = trend.lutealAdjustedChange.map(JSONValue.number) ?? .null
      var sentence = ComparisonPhrases.sentence(
        trend, metric: metric, current: current, baseline: baseline, units: context.units)
      if let shift = trend.lutealShift, let adjusted = trend.lutealAdjustedChange {
        sentence += " " + lutealSentence(shift: shift, adjusted: adjusted, metric: metric, units: context.units)
      }
      answer["sentence"] = .string(sentence)
    case .shortfall(let shortfall):
      let whole = points.filter { !$0.isPartial }
      answer["current"] = window(current, value: nil, days: nil)
      answer["baseline"] = window(baseline, value: nil, days: nil)
      for key in ["change", "changePercent", "evidence", "size", "assessment", "lutealShift", "lutealAdjustedChange"] {
        answer[key] = .null
      }
      answer["shortfall"] = .string(shortfall == .noCurrentData ? "noCurrentData" : "tooFewDays")
      answer["daysWithData"] = .number(Double(whole.count))
      answer["partialDaysLeftOut"] = .number(Double(points.count - whole.count))
      answer["sentence"] = .string(
        ComparisonPhrases.shortfall(shortfall, metric: metric, current: current, baseline: baseline))
    }
    return .object(answer)
  }

  /// "This allows for your luteal rise of 2.4 bpm, from your own earlier cycles: with it taken off
  /// the luteal days of both periods, the change is a rise of 0.8 bpm. A change is called only
  /// when both comparisons make it."
  private static func lutealSentence(shift: Double, adjusted: Double, metric: Metric, units: DisplayUnits) -> String {
    func amount(_ value: Double) -> String {
      let converted = units.convertedDifference(abs(value), unit: metric.unit)
      return MetricFormatter.difference(converted.value, unit: converted.unit, places: 1)
    }
    let change =
      amount(adjusted) == amount(0)
      ? "less than \(amount(0.1)) either way" : "\(adjusted > 0 ? "a rise" : "a fall") of \(amount(adjusted))"
    return "This allows for your luteal \(shift > 0 ? "rise" : "fall") of \(amount(shift)), from your own earlier "
      + "cycles: with it taken off the luteal days of both periods, the change is \(change). "
      + "A change is called only when both comparisons make it."
  }
}
