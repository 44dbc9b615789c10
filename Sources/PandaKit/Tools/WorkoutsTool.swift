import Foundation

extension HealthTool {
  /// The most workouts `workouts` returns in one answer.
  public static let maximumWorkouts = 200

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
    if let type { try type.check(against: try WorkoutFilter.recordedTypes(in: context.database)) }
    let zone = context.daily.zone
    var entries = try WorkoutReader(database: context.database, context: context.daily)
      .workouts(from: asked.lowerBound, through: asked.upperBound)
    if let type { entries = entries.filter { type.matches($0.activityType) } }
    var covered = asked
    var next = JSONValue.null
    if entries.count > maximumWorkouts {
      // The newest workouts, cut at a day's boundary, so the next call ends where this one starts.
      let firstDay = LocalDay.day(of: entries[entries.count - maximumWorkouts - 1].start, in: zone)
      let kept = entries.filter { LocalDay.day(of: $0.start, in: zone) > firstDay }
      if !kept.isEmpty {
        entries = kept
        covered = firstDay.adding(days: 1)...asked.upperBound
      } else {
        entries = Array(entries.suffix(maximumWorkouts))
        covered = firstDay...asked.upperBound
      }
      next = .object([
        "from": .string(asked.lowerBound.iso), "to": .string(covered.lowerBound.adding(days: -1).iso),
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
      "from": .string(covered.lowerBound.iso), "to": .string(covered.upperBound.iso), "workouts": .array(listed),
      "count": .number(Double(entries.count)),
      "totalMinutes": .number((entries.reduce(0) { $0 + $1.minutes } * 10).rounded() / 10),
      "daysWithData": .number(Double(days)), "partialDaysLeftOut": .number(0), "truncated": .bool(next != .null),
      "next": next,
    ])
  }
}

/// An activity type as a caller names it: `running`, `Running` or `HKWorkoutActivityTypeRunning`.
struct WorkoutFilter: Sendable {
  let name: String

  init(_ text: String) {
    name = WorkoutFilter.shortName(text).lowercased()
  }

  /// Common HealthKit activity types, in their short names: known even before one is recorded.
  static let commonTypes = [
    "running", "walking", "cycling", "swimming", "hiking", "yoga", "traditionalStrengthTraining",
    "functionalStrengthTraining", "highIntensityIntervalTraining", "elliptical", "rowing", "stairClimbing",
    "mixedCardio", "coreTraining", "pilates", "dance", "cooldown", "tennis", "soccer", "basketball", "golf",
    "crossTraining", "wheelchairRunPace", "wheelchairWalkPace", "mindAndBody", "flexibility", "other",
  ]

  /// The activity types of the workouts recorded, with how many of each, most first.
  static func recordedTypes(in database: Database) throws -> [(name: String, count: Int)] {
    let rows = try database.rows(
      "SELECT activity_type, COUNT(*) AS workouts FROM workouts GROUP BY activity_type ORDER BY workouts DESC")
    return rows.compactMap { row in
      row.text("activity_type").map { (shortName($0), Int(row.integer("workouts") ?? 0)) }
    }
  }

  /// Throws when no recorded or common activity type has this name, naming the known types
  /// nearest first (with how many workouts each has).
  func check(against recorded: [(name: String, count: Int)]) throws(ToolError) {
    guard !name.isEmpty else {
      throw ToolError("type is empty: name an activity such as running, or leave type out for every workout.")
    }
    let counts = Dictionary(recorded.map { ($0.name.lowercased(), $0.count) }, uniquingKeysWith: +)
    var known = recorded.map(\.name)
    for common in Self.commonTypes where counts[common.lowercased()] == nil { known.append(common) }
    guard !known.contains(where: { $0.lowercased() == name }) else { return }
    let nearest = known.enumerated().sorted { first, second in
      let a = Self.closeness(name, first.element)
      let b = Self.closeness(name, second.element)
      return a != b ? a < b : first.offset < second.offset
    }.map(\.element)
    let listed = nearest.prefix(8).map { type in
      counts[type.lowercased()].map { "\(type) (\($0) recorded)" } ?? type
    }
    throw ToolError(
      "There is no workout type \"\(ToolArguments.quoted(name))\". Known types, nearest first: "
        + listed.joined(separator: ", ") + ".")
  }

  /// How far `type` is from what was asked: a prefix ("run" of running) counts as near.
  private static func closeness(_ asked: String, _ type: String) -> Int {
    let lowered = type.lowercased()
    if lowered.hasPrefix(asked) || asked.hasPrefix(lowered) { return 0 }
    return 1 + Suggestion.distance(asked, lowered)
  }

  /// Whether the stored `activityType` is this one.
  func matches(_ activityType: String) -> Bool {
    WorkoutFilter.shortName(activityType).lowercased() == name
  }

  /// `HKWorkoutActivityTypeRunning` → `running`; other names as they are, in lower camel case.
  static func shortName(_ type: String) -> String {
    let prefix = "HKWorkoutActivityType"
    let bare = type.hasPrefix(prefix) ? String(type.dropFirst(prefix.count)) : type
    guard let first = bare.first else { return bare }
    return first.lowercased() + bare.dropFirst()
  }
}
