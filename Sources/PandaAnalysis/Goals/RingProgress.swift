import PandaCore
import PandaStore

/// How the days of a window compare with the Move, Exercise or Stand goal of the Health app's
/// activity summaries: "Move: 540 of 600 kcal" for a day, "Move goal reached on 4 of 7 days"
/// for a week.
///
/// The value of a day is panda's daily value, the one the insight's figures use: samples win
/// over the summary's own figure where both exist (they are merged by source priority and cut at
/// your midnight), and the summary's figure stands in where there are no samples. The goal is the
/// one the summary holds for that day; days without a goal are not counted.
package struct RingProgress: Sendable, Equatable, Codable {
  /// `move`, `exercise` or `stand`.
  package var ring: String
  /// The metric the ring is measured by (`activity.activeEnergy`).
  package var metric: String
  package var unit: String
  /// The first and last day of the window.
  package var from: CalendarDay
  package var to: CalendarDay
  /// Days of the window with both a goal and a value.
  package var days: Int
  /// Days whose value reached the day's goal.
  package var met: Int
  /// The mean value and the mean goal of those days (the day's own over one day).
  package var value: Double
  package var goal: Double
  /// The lowest and highest goal of those days, when they differ.
  var goalRange: ClosedRange<Double>?

  /// The rings, in the Health app's order, with the metric that measures each.
  static let rings: [(ring: String, metric: String)] = [
    ("move", "activity.activeEnergy"), ("exercise", "activity.exerciseMinutes"), ("stand", "activity.standHours"),
  ]

  private static func goal(of ring: String, on day: ActivityGoalDay) -> Double? {
    switch ring {
    case "move": day.move
    case "exercise": day.exercise
    default: day.stand
    }
  }

  /// The progress of each ring with a goal in the window `from` through `to`.
  static func progress(goals: [ActivityGoalDay], snapshot: HealthSnapshot, from: CalendarDay, to: CalendarDay)
    -> [RingProgress]
  {
    rings.compactMap { ring in
      guard let series = snapshot.series(ring.metric) else { return nil }
      var pairs: [(value: Double, goal: Double)] = []
      for day in goals where day.day >= from && day.day <= to {
        guard let goal = goal(of: ring.ring, on: day), goal > 0, let value = series.value(on: day.day) else { continue }
        pairs.append((value, goal))
      }
      guard !pairs.isEmpty else { return nil }
      let count = Double(pairs.count)
      let lowest = pairs.map(\.goal).min() ?? 0
      let highest = pairs.map(\.goal).max() ?? 0
      return RingProgress(
        ring: ring.ring, metric: ring.metric, unit: series.metric.unit, from: from, to: to, days: pairs.count,
        met: pairs.filter { $0.value >= $0.goal }.count, value: pairs.map(\.value).reduce(0, +) / count,
        goal: pairs.map(\.goal).reduce(0, +) / count, goalRange: lowest < highest ? lowest...highest : nil)
    }
  }

  /// `Move: 540 of 600 kcal (90 %).`; over a week, `Move goal reached on 4 of 7 days (goal 600 kcal).`
  package var sentence: String {
    let name = ring.prefix(1).uppercased() + ring.dropFirst()
    let length = from.days(to: to) + 1
    if length == 1 {
      let share = goal > 0 ? Int((value / goal * 100).rounded()) : 0
      let of = "\(number(value)) of \(figure(goal))"
      return met == 1 ? "\(name): \(of), goal reached." : "\(name): \(of) (\(share) %)."
    }
    let goals = goalRange.map { "goals \(number($0.lowerBound))–\(figure($0.upperBound))" } ?? "goal \(figure(goal))"
    let span =
      days == length ? "of the last \(length) days" : "of the \(days) days with a goal and data in the last \(length)"
    return "\(name) goal reached on \(met) \(span) (\(goals))."
  }

  private func figure(_ value: Double) -> String { MetricFormatter.string(value, unit: unit) }

  /// The figure without its unit, for "540 of 600 kcal".
  private func number(_ value: Double) -> String { String(figure(value).prefix { $0 != " " }) }

  /// Creates a value from its stored properties.
  init(
    ring: String, metric: String, unit: String, from: CalendarDay, to: CalendarDay, days: Int, met: Int, value: Double,
    goal: Double, goalRange: ClosedRange<Double>? = nil
  ) {
    self.ring = ring
    self.metric = metric
    self.unit = unit
    self.from = from
    self.to = to
    self.days = days
    self.met = met
    self.value = value
    self.goal = goal
    self.goalRange = goalRange
  }
}
