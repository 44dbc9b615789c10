import Foundation
import PandaCore
import PandaStore

extension HealthTool {
  /// The most workouts `workouts` returns in one answer.
  static let maximumWorkouts = 200

  /// `workouts`: the workouts of a range of days, one by one.
  static let workouts = HealthTool(
    name: "workouts", title: "Workouts",
    description: """
      The workouts that started from `from` to `to`, oldest first: activity type, start (local time with \
      its UTC offset), duration in minutes, distance in km and active energy in kcal (null when not \
      recorded), and the app or device that recorded it. A session recorded by two sources is listed \
      once. At most \(maximumWorkouts) per call: of more, the newest come, with `truncated: true` and `next` \
      naming the older range.
      """,
    inputSchema: ToolSchema.object(
      [
        ("from", ToolSchema.date("the first day, YYYY-MM-DD")),
        ("to", ToolSchema.date("the last day, YYYY-MM-DD, not in the future")),
        ("type", ToolSchema.string("only this activity type, such as running or walking (HealthKit names work too)")),
      ], required: ["from", "to"]),
    outputSchema: ToolSchema.object(
      [
        ("from", ToolSchema.date("the first day")),
        ("to", ToolSchema.date("the last day covered")),
        (
          "workouts",
          ToolSchema.array(
            ToolSchema.object([
              ("type", ToolSchema.string("the activity, such as running")),
              ("start", ToolSchema.string("the start, ISO 8601 with the UTC offset")),
              ("day", ToolSchema.date("the local day it started on")),
              ("durationMinutes", ToolSchema.number("how long it lasted")),
              ("distanceKm", ToolSchema.number("the distance", nullable: true)),
              ("energyKcal", ToolSchema.number("the active energy", nullable: true)),
              ("source", ToolSchema.string("the app or device that recorded it")),
            ]), "the workouts, oldest first")
        ),
        ("count", ToolSchema.number("workouts returned")),
        ("totalMinutes", ToolSchema.number("their minutes added up")),
        ("next", ToolSchema.typed(["object", "null"], "when truncated, the `from` and `to` to ask for the rest")),
      ] + ToolSchema.completeness,
      required: ["from", "to", "workouts", "count", "daysWithData", "partialDaysLeftOut", "truncated"])
  ) { arguments, context in
    let asked = try arguments.period()
    let type = try arguments.string("type").map(WorkoutFilter.init)
    let reader = WorkoutReader(database: context.database, context: context.daily)
    if let type { try type.check(against: try WorkoutFilter.recordedTypes(reader)) }
    let zone = context.daily.zone
    var entries = try reader.workouts(from: asked.first, through: asked.last)
    if let type { entries = entries.filter { type.matches($0.activityType) } }
    var covered = asked
    var next = JSONValue.null
    if entries.count > maximumWorkouts {
      // The newest workouts, cut at a day's boundary, so the next call ends where this one starts.
      let firstDay = LocalDay.day(of: entries[entries.count - maximumWorkouts - 1].start, in: zone)
      let kept = entries.filter { LocalDay.day(of: $0.start, in: zone) > firstDay }
      if !kept.isEmpty {
        entries = kept
        covered = DayRange(firstDay.adding(days: 1)...asked.last)
      } else {
        entries = Array(entries.suffix(maximumWorkouts))
        covered = DayRange(firstDay...asked.last)
      }
      next = .object([
        "from": .string(asked.first.iso), "to": .string(covered.first.adding(days: -1).iso),
      ])
    }
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = zone
    formatter.formatOptions = [.withInternetDateTime]
    let listed = entries.map { entry -> JSONValue in
      .object([
        "type": .string(WorkoutFilter.shortName(entry.activityType)),
        "start": .string(formatter.string(from: Date(timeIntervalSince1970: Double(entry.start)))),
        "day": .string(LocalDay.day(of: entry.start, in: zone).iso),
        "durationMinutes": .number((entry.minutes * 10).rounded() / 10),
        "distanceKm": entry.distance.map { .number(($0 * 1_000).rounded() / 1_000) } ?? .null,
        "energyKcal": entry.energy.map { .number($0.rounded()) } ?? .null,
        "source": .string(entry.source),
      ])
    }
    let days = Set(entries.map { LocalDay.day(of: $0.start, in: zone) }).count
    return .object([
      "from": .string(covered.first.iso), "to": .string(covered.last.iso), "workouts": .array(listed),
      "count": .number(Double(entries.count)),
      "totalMinutes": .number((entries.reduce(0) { $0 + $1.minutes } * 10).rounded() / 10),
      "daysWithData": .number(Double(days)), "partialDaysLeftOut": .number(0), "truncated": .bool(next != .null),
      "next": next,
    ])
  }
}
