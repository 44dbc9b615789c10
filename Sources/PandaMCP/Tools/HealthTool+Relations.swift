import PandaServices

extension HealthTool {
  /// `relations`: links between habits and body signals, as `panda relations` finds them.
  static let relations = HealthTool(
    name: "relations", title: "Links between habits and body signals",
    description: """
      Which habits went with which body signals day to day, as `panda relations` finds them: a fixed set \
      of pairs (last night's sleep with that day's HRV, resting heart rate and steps; the day's activity, \
      mindful minutes and dietary energy with that night's sleep and the next day's HRV and resting heart \
      rate), each metric's slow trend and weekly rhythm taken away, at one 5 % false-discovery bar over all \
      pairs tested. `slope` is in effect units per cause unit. A link says what went together, never what \
      caused what: say no more than each `sentence` says. By default the 365 days up to the day before as_of.
      """,
    inputSchema: ToolSchema.object([
      ("as_of", ToolSchema.date("look as of that day (default today); the last day is the day before")),
      ("from", ToolSchema.date("the first day (default 364 days before `to`)")),
      ("to", ToolSchema.date("the last day (default the day before as_of)")),
    ]),
    outputSchema: ToolSchema.object(
      [
        ("asOf", ToolSchema.date("the day looked from")),
        ("from", ToolSchema.date("the first day")),
        ("to", ToolSchema.date("the last day")),
        ("tested", ToolSchema.number("pairs tested, the family the false-discovery bar is set over")),
        (
          "relations",
          ToolSchema.array(
            ToolSchema.object(
              [
                ("cause", ToolSchema.string("the behaviour's metric id")),
                ("effect", ToolSchema.string("the response's metric id")),
                ("lagDays", ToolSchema.number("the effect's day minus the cause's (a night is the day you wake up)")),
                ("days", ToolSchema.number("paired days")),
                ("slope", ToolSchema.number("effect units per cause unit (robust slope)")),
                ("causeUnit", ToolSchema.string("the cause's unit")),
                ("effectUnit", ToolSchema.string("the effect's unit")),
                ("qValue", ToolSchema.number("Benjamini–Hochberg q-value over all pairs tested")),
                ("sentence", ToolSchema.string("what panda says about it")),
                (
                  "taggedDays",
                  ToolSchema.number(
                    "for a tag or symptom (cause tag:NAME or symptom:NAME): the days with it; slope is then the "
                      + "effect's difference on the day after one, in its unit")
                ),
              ],
              required: [
                "cause", "effect", "lagDays", "days", "slope", "causeUnit", "effectUnit", "qValue", "sentence",
              ]),
            "the links found, clearest first")
        ),
        ("note", ToolSchema.string("when no pair could be tested: why, and how much more data is needed")),
        ("truncated", ToolSchema.typed(["boolean"], "always false: the links are never cut")),
      ], required: ["asOf", "from", "to", "tested", "relations", "truncated"])
  ) { arguments, context in
    let (asOf, window) = try HealthTools.window(arguments, context: context, defaultLength: 365)
    let output = try RelationsRun(asOf: asOf, window: window, zone: context.daily.zone).run(on: context.database)
    guard case .object(var json) = try HealthTools.json(output) else { return .null }
    json["truncated"] = .bool(false)
    return .object(json)
  }
}
