import PandaServices

extension HealthTool {
  /// `alerts`: days when several body signals left the person's usual range together, or resting
  /// heart rate alone stayed above it.
  static let alerts = HealthTool(
    name: "alerts", title: "Early warnings",
    description: """
      Days when at least two of resting heart rate, HRV, respiratory rate, sleeping wrist temperature and \
      blood oxygen were outside the person's own usual range together, in the direction that goes with \
      strain (`level` "warning"), or resting heart rate alone above it for several days (`level` \
      "possible", one signal: less certain, say "possibly"), as `panda alerts` finds them. Each band comes \
      from the 60 days before the day judged. Consecutive days form one alert; `active` is true while it \
      includes the last day, or while its signals have had no readings since (`noReadingsSince`): then \
      say the readings stopped, not that it ended. Each signal gives the day's value, the usual and the \
      band (low, high); `evidence` names steps well below usual, sleep far from usual, or a symptom \
      recorded in Health (`symptom`, `days`), which makes a one-signal alert a "warning". Luteal-phase \
      rises are allowed for where Health records the menstrual cycle. Never name a \
      disease: say no more than `sentence` says. By default the 90 days up to the day before as_of.
      """,
    inputSchema: ToolSchema.object([
      ("as_of", ToolSchema.date("look as of that day (default today); the last day judged is the day before")),
      ("from", ToolSchema.date("the first day judged (default 89 days before `to`)")),
      ("to", ToolSchema.date("the last day judged (default the day before as_of)")),
    ]),
    outputSchema: ToolSchema.object(
      [
        ("from", ToolSchema.date("the first day judged")),
        ("to", ToolSchema.date("the last day judged")),
        (
          "alerts",
          ToolSchema.array(
            ToolSchema.object(
              [
                ("start", ToolSchema.date("the first day with the pattern")),
                ("end", ToolSchema.date("the last day with it so far")),
                (
                  "signals",
                  ToolSchema.array(
                    ToolSchema.object(
                      [
                        ("metric", ToolSchema.string("the metric id")),
                        ("value", ToolSchema.number("the reading furthest outside the band during the alert")),
                        ("usual", ToolSchema.number("the median of the weeks before")),
                        ("low", ToolSchema.number("the band's lower edge")),
                        ("high", ToolSchema.number("the band's upper edge")),
                      ], required: ["metric", "value", "usual", "low", "high"]),
                    "the signals outside their bands")
                ),
                ("sentence", ToolSchema.string("what panda says about it")),
                (
                  "active",
                  ToolSchema.typed(
                    ["boolean"], "whether it includes the last day judged or its signals have had no readings since")
                ),
                (
                  "level",
                  ToolSchema.string(
                    "\"warning\" for two or more signals, \"possible\" for one", allowed: ["warning", "possible"])
                ),
                (
                  "noReadingsSince",
                  ToolSchema.date("while active only because the readings stopped: the last day with a reading")
                ),
                ("backInRange", ToolSchema.date("once ended: the first day readings showed the signals back in range")),
                (
                  "evidence",
                  ToolSchema.array(
                    ToolSchema.object(
                      [
                        ("metric", ToolSchema.string("the metric id (steps, sleep), or the symptom's Health type")),
                        (
                          "value",
                          ToolSchema.number("its mean over the alert's days; for a symptom, the days recorded")
                        ),
                        (
                          "usual",
                          ToolSchema.number(
                            "the median of the weeks before; for a symptom, its days in the 60 days before")
                        ),
                        ("symptom", ToolSchema.string("a symptom recorded in Health: its name (fever)")),
                        (
                          "days",
                          ToolSchema.array(ToolSchema.date("a day"), "a symptom's days, oldest first")
                        ),
                      ], required: ["metric", "value", "usual"]),
                    "what goes with it: steps well below usual, sleep far from usual, symptoms Health recorded")
                ),
                (
                  "logged",
                  ToolSchema.array(
                    ToolSchema.object(
                      [
                        ("day", ToolSchema.date("the day it was logged or recorded")),
                        (
                          "kind",
                          ToolSchema.string(
                            "\"tag\" (logged with panda log tag) or \"symptom\" (recorded in Health)",
                            allowed: ["tag", "symptom"])
                        ),
                        ("name", ToolSchema.string("the tag's or symptom's name (travel, fever)")),
                      ], required: ["day", "kind", "name"]),
                    "the tags logged from 3 days before its start through its end, oldest first (symptoms are in evidence); "
                      + "absent when none")
                ),
              ], required: ["start", "end", "signals", "sentence", "active", "level", "evidence"]),
            "the alerts, oldest first")
        ),
        ("note", ToolSchema.string("when no day could be judged: why, and how much more data is needed")),
        ("truncated", ToolSchema.typed(["boolean"], "always false: the alerts are never cut")),
      ], required: ["from", "to", "alerts", "truncated"])
  ) { arguments, context in
    let (_, window) = try HealthTools.window(arguments, context: context, defaultLength: 90)
    let output = try AlertsRun(window: window, zone: context.daily.zone).run(on: context.database)
    guard case .object(var json) = try HealthTools.json(output) else { return .null }
    json["truncated"] = .bool(false)
    return .object(json)
  }
}
