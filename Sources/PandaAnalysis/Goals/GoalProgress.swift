import PandaCore
import PandaStore

/// How the days of a window compare with a daily goal the user set (`goal.steps`,
/// `goal.water`…): on how many days it was reached, and the mean.
package struct GoalProgress: Sendable, Equatable, Codable {
  /// The setting (`goal.steps`).
  var goal: String
  /// The metric it applies to (`activity.steps`).
  package var metric: String
  /// The goal per day, in the metric's unit.
  var target: Double
  /// The metric's unit.
  var unit: String
  /// The first and last day compared.
  package var from: CalendarDay
  var to: CalendarDay
  /// Days in the window with a value.
  package var days: Int
  /// Days whose value reached the goal.
  package var met: Int
  /// The mean of the days with a value.
  var mean: Double?

  /// The progress toward `goal` over the days `from` through `to` of `points` (a metric's daily
  /// values; days outside the window are ignored).
  static func progress(
    toward goal: GoalTarget, points: some Sequence<DailyPoint>, from: CalendarDay, to: CalendarDay
  ) -> GoalProgress {
    let values = points.filter { $0.day >= from && $0.day <= to }.map(\.value)
    return GoalProgress(
      goal: goal.goal, metric: goal.metric, target: goal.target,
      unit: MetricCatalogue.metric(goal.metric)?.unit ?? "", from: from, to: to, days: values.count,
      met: values.filter { $0 >= goal.target }.count,
      mean: values.isEmpty ? nil : values.reduce(0, +) / Double(values.count))
  }

  /// `Steps: goal 8,000 steps a day, reached on 4 of the last 7 days (mean 7,643 steps).`; over
  /// one day, `Steps: goal 8,000 steps a day, reached (9,120 steps).`
  /// Figures in `units`.
  package func sentence(units: DisplayUnits = .metric) -> String {
    "\(MetricCatalogue.metric(metric)?.name ?? metric): \(phrase(units: units))"
  }

  /// The sentence without the metric's name, for where the name is already said:
  /// `goal 8,000 steps a day, reached on 4 of the last 7 days (mean 7,643 steps).`
  package func phrase(units: DisplayUnits = .metric) -> String {
    let length = from.days(to: to) + 1
    // Sleep is counted by the night it ends on.
    let (each, plural) = metric == "sleep.asleep" ? ("night", "nights") : ("day", "days")
    let head = "goal \(units.string(target, unit: unit)) a \(each)"
    guard let mean else {
      return "\(head), nothing recorded " + (length == 1 ? "that \(each)." : "in the last \(length) \(plural).")
    }
    let value = units.string(mean, unit: unit)
    if length == 1 {
      return met == 1
        ? "\(head), reached (\(value))."
        : "\(head), not reached (\(value), \(units.string(target - mean, unit: unit)) short)."
    }
    let span =
      days == length ? "of the last \(length) \(plural)" : "of the \(days) \(plural) with data in the last \(length)"
    return "\(head), reached on \(met) \(span) (mean \(value))."
  }

  /// Creates a value from its stored properties.
  init(
    goal: String, metric: String, target: Double, unit: String, from: CalendarDay, to: CalendarDay, days: Int, met: Int,
    mean: Double? = nil
  ) {
    self.goal = goal
    self.metric = metric
    self.target = target
    self.unit = unit
    self.from = from
    self.to = to
    self.days = days
    self.met = met
    self.mean = mean
  }
}
