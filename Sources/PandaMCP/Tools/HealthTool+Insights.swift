import Foundation
import PandaAnalysis
import PandaCore
import PandaServices

extension HealthTool {
  /// `insights`: the offline analyzer's insights, as `panda insights --format json` writes them.
  static let insights = HealthTool(
    name: "insights", title: "Insights",
    description: """
      How each category is going: for the latest complete day, the last 7 days and the last 30 days \
      compared with the days before, the JSON of `panda insights` from panda's offline analyzer. Each \
      metric has its figures, `evidence`, `size`, `assessment` and a checked `message`; quote those \
      rather than drawing stronger conclusions.
      """,
    inputSchema: ToolSchema.object([
      (
        "category",
        ToolSchema.string("only this category (default all)", allowed: HealthCategory.analysed.map(\.rawValue))
      ),
      (
        "period",
        ToolSchema.string("only this period (default all three)", allowed: InsightPeriod.allCases.map(\.rawValue))
      ),
      ("as_of", ToolSchema.date("analyse as of this day (default today; the latest complete day is the day before)")),
    ]),
    outputSchema: ToolSchema.object(
      [
        ("asOf", ToolSchema.date("the day analysed as of")),
        ("provider", ToolSchema.string("who wrote the words: heuristic, the offline analyzer")),
        ("lastDataDay", ToolSchema.typed(["string", "null"], "the last day with any data")),
        ("sentenceUnits", ToolSchema.string("the units of the sentences; figures are in each metric's unit")),
        (
          "highlights",
          ToolSchema.array(
            ToolSchema.object(
              [
                ("kind", ToolSchema.string("what stands out", allowed: Highlight.Kind.allCases.map(\.rawValue))),
                ("sentence", ToolSchema.string("one sentence with its figure")),
                ("metric", ToolSchema.string("the metric it is about")),
                ("category", ToolSchema.string("the category it is about")),
                ("period", ToolSchema.string("the period whose insight holds its detail")),
                ("detail", ToolSchema.string("the insight or section that holds its detail")),
              ], required: ["kind", "sentence", "detail"]),
            "what stands out, most important first: every warning and flagged level, up to five items in all")
        ),
        ("insights", ToolSchema.array(ToolSchema.typed(["object"], "one category and period"), "the insights")),
        (
          "cycle",
          ToolSchema.typed(
            ["object"],
            "the menstrual cycle's lengths, periods, luteal wrist temperature and a late period, only where Health "
              + "records menstrual flow and no category is chosen")
        ),
        ("truncated", ToolSchema.typed(["boolean"], "always false: at most 21 insights")),
      ], required: ["asOf", "provider", "insights", "truncated"])
  ) { arguments, context in
    let category = try arguments.choice("category", among: HealthCategory.analysed.map(\.rawValue))
    let period = try arguments.choice("period", among: InsightPeriod.allCases.map(\.rawValue))
    let asOf = try arguments.day("as_of") ?? context.today
    var run = InsightsRun(asOf: asOf, today: context.today, daily: context.daily)
    run.categories = category.flatMap(HealthCategory.init(rawValue:)).map { [$0] } ?? []
    run.periods = period.flatMap(InsightPeriod.init(rawValue:)).map { [$0] } ?? []
    run.goals = context.goals
    run.units = context.units
    let report = try await run.run(on: context.database, now: Int64(Date().timeIntervalSince1970)).report
    guard case .object(var answer) = JSONValue.parse(try report.json()) else {
      throw ToolError("The insights could not be written as JSON.")
    }
    answer["truncated"] = .bool(false)
    return .object(answer)
  }
}
