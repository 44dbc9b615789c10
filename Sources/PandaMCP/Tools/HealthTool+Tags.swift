import Foundation
import PandaCore
import PandaStore

extension HealthTool {
  /// `tags`: the tags logged and the symptoms Health recorded, day by day.
  static let tags = HealthTool(
    name: "tags", title: "Tags and symptoms",
    description: """
      The tags the person logged (`panda log tag alcohol`) and the symptoms Health recorded (headache, \
      fever…) from `from` to `to`, one entry per day that has any, oldest first, and how many days each \
      name has. Names are lowercase with hyphens. `relations` tests them against the night after and \
      the next day's HRV, resting heart rate and steps.
      """,
    inputSchema: ToolSchema.object(
      [
        ("from", ToolSchema.date("the first day, YYYY-MM-DD")),
        ("to", ToolSchema.date("the last day, YYYY-MM-DD, not in the future")),
      ], required: ["from", "to"]),
    outputSchema: ToolSchema.object(
      [
        ("from", ToolSchema.date("the first day")),
        ("to", ToolSchema.date("the last day")),
        (
          "days",
          ToolSchema.array(
            ToolSchema.object(
              [
                ("day", ToolSchema.date("the local day")),
                ("tags", ToolSchema.array(ToolSchema.string("a tag's name"), "the tags logged that day")),
                ("symptoms", ToolSchema.array(ToolSchema.string("a symptom's name"), "the symptoms Health has")),
              ], required: ["day", "tags", "symptoms"]), "the days with a tag or symptom, oldest first")
        ),
        (
          "counts",
          ToolSchema.array(
            ToolSchema.object(
              [
                ("name", ToolSchema.string("the tag's or symptom's name")),
                ("kind", ToolSchema.string("where it comes from", allowed: ["tag", "symptom"])),
                ("days", ToolSchema.number("days in the range with it")),
              ], required: ["name", "kind", "days"]), "each name with its days, most days first")
        ),
        ("truncated", ToolSchema.typed(["boolean"], "always false: every day is listed")),
      ], required: ["from", "to", "days", "counts", "truncated"])
  ) { arguments, context in
    let asked = try arguments.period()
    let events = try DayEventReader(database: context.database, zone: context.daily.zone).events(
      from: asked.first, through: asked.last)
    var days: [JSONValue] = []
    for (day, onDay) in Dictionary(grouping: events, by: \.day).sorted(by: { $0.key < $1.key }) {
      days.append(
        .object([
          "day": .string(day.iso),
          "tags": .array(onDay.filter { $0.kind == .tag }.map { .string($0.name) }),
          "symptoms": .array(onDay.filter { $0.kind == .symptom }.map { .string($0.name) }),
        ]))
    }
    let counted = Dictionary(grouping: events, by: \.key).values.compactMap { group -> (DayEvent, Int)? in
      group.first.map { ($0, group.count) }
    }
    let counts = counted.sorted { ($1.1, $0.0.key) < ($0.1, $1.0.key) }.map { event, count -> JSONValue in
      .object([
        "name": .string(event.name), "kind": .string(event.kind.rawValue), "days": .number(Double(count)),
      ])
    }
    return .object([
      "from": .string(asked.first.iso), "to": .string(asked.last.iso), "days": .array(days),
      "counts": .array(counts), "truncated": .bool(false),
    ])
  }
}
