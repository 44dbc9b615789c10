import PandaCore

/// A daily goal the user set with `panda config` (`goal.steps = 8000`): reached on a day whose
/// value is at least the target.
package struct GoalTarget: Sendable, Hashable {
  /// The setting (`goal.steps`).
  var goal: String
  /// The metric it applies to (`activity.steps`).
  package var metric: String
  /// The goal per day, in the metric's unit.
  var target: Double

  /// A goal of `target` a day for `metric`.
  init(goal: String, metric: String, target: Double) {
    self.goal = goal
    self.metric = metric
    self.target = target
  }

  /// The settings that are daily goals, and their metrics.
  static let settings: [(key: String, metric: String)] = [
    ("goal.steps", "activity.steps"), ("goal.water", "nutrition.water"), ("goal.sleep", "sleep.asleep"),
    ("goal.exercise", "activity.exerciseMinutes"), ("goal.mindful", "mindfulness.mindfulMinutes"),
  ]

  /// The daily goals set in `settings`, in the order `panda config list` shows them.
  package static func all(in settings: Settings) -> [GoalTarget] {
    Self.settings.compactMap { key, metric in
      settings.number(key).map { GoalTarget(goal: key, metric: metric, target: $0) }
    }
  }

  /// What identifies a set of goals in the insight cache: `goal.steps=8000,goal.water=2000`.
  static func fingerprint(_ goals: [GoalTarget]) -> String {
    goals.map { "\($0.goal)=\(JSONText.number($0.target))" }.joined(separator: ",")
  }
}
