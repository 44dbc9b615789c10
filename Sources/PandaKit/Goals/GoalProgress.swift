/// How the last complete days compare with a daily goal the user set (`goal.steps`,
/// `goal.water`…): on how many days it was reached, and the mean.
public struct GoalProgress: Sendable, Equatable, Encodable {
  /// The setting (`goal.steps`).
  public var goal: String
  /// The metric it applies to (`activity.steps`).
  public var metric: String
  /// The goal per day, in the metric's unit.
  public var target: Double
  /// The metric's unit.
  public var unit: String
  /// The first and last day compared.
  public var from: CalendarDay
  public var to: CalendarDay
  /// Days in the window with a value.
  public var days: Int
  /// Days whose value reached the goal.
  public var met: Int
  /// The mean of the days with a value.
  public var mean: Double?

  /// Goals that are reached by reaching at least the target each day, and their metrics.
  static let dailyGoals: [(key: String, metric: String)] = [
    ("goal.steps", "activity.steps"), ("goal.water", "nutrition.water"), ("goal.sleep", "sleep.asleep"),
    ("goal.exercise", "activity.exerciseMinutes"), ("goal.mindful", "mindfulness.mindfulMinutes"),
  ]

  /// The progress of every goal set in `settings` over the `length` days ending on `last`;
  /// `points` reads a metric's daily values over a range of days.
  public static func compute(
    settings: Settings, through last: CalendarDay, length: Int = 7,
    points: (Metric, CalendarDay, CalendarDay) throws -> [DailyPoint]
  ) rethrows -> [GoalProgress] {
    let first = last.adding(days: -(length - 1))
    var progress: [GoalProgress] = []
    for (key, id) in dailyGoals {
      guard let target = settings.number(key), let metric = MetricCatalogue.metric(id) else { continue }
      let values = try points(metric, first, last).filter { $0.day >= first && $0.day <= last }.map(\.value)
      progress.append(
        GoalProgress(
          goal: key, metric: id, target: target, unit: metric.unit, from: first, to: last, days: values.count,
          met: values.filter { $0 >= target }.count,
          mean: values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)))
    }
    return progress
  }

  /// `Steps: goal 8,000 steps a day, reached on 4 of the last 7 days (mean 7,512 steps).`
  public var sentence: String {
    let name = MetricCatalogue.metric(metric)?.name ?? metric
    let length = from.days(to: to) + 1
    let head = "\(name): goal \(MetricFormatter.string(target, unit: unit)) a day"
    guard let mean else { return "\(head), nothing recorded in the last \(length) days." }
    let span = days == length ? "of the last \(length) days" : "of the \(days) days with data in the last \(length)"
    return "\(head), reached on \(met) \(span) (mean \(MetricFormatter.string(mean, unit: unit)))."
  }
}
