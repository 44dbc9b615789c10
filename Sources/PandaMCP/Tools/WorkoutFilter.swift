import PandaCore
import PandaStore

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
  static func recordedTypes(_ reader: WorkoutReader) throws -> [(name: String, count: Int)] {
    try reader.activityTypes().map { (shortName($0.type), $0.count) }
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
