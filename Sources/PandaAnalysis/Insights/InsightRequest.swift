import PandaCore
import PandaStore

/// Everything a provider needs to write one insight: panda's computed figures, nothing else.
package struct InsightRequest: Sendable, Equatable {
  var category: HealthCategory
  var period: InsightPeriod
  var windows: TrendWindows
  var trends: [MetricTrend]
  var shortfalls: [MetricShortfall]
  /// The last day with data of any of the category's metrics, on or before the snapshot's day.
  var lastDataDay: CalendarDay?
  /// The metric of the last reading on `lastDataDay` (the first in catalogue order).
  var lastDataMetric: String?
  /// The current window's workouts by activity type (activity only).
  var workouts: [WorkoutDayTotal] = []
  /// The progress of the goals set for the category's metrics over the current window.
  var goals: [GoalProgress]
  /// Falls recorded in the current window (mobility only): events, said whatever the trends.
  var falls = 0
  /// The Move, Exercise and Stand goals of the activity summaries over the current window
  /// (activity only).
  var rings: [RingProgress] = []
  /// The units the words are written in (the figures stay in the catalogue's).
  package var units: DisplayUnits
  /// The days of the current window that Health's menstrual flow records put in the cycle's
  /// luteal phase, as known on the latest complete day (heart, body and respiratory only; see
  /// `LutealNote`).
  var lutealDays = 0
  /// The early warning the insight is written within (see `InsightWarning`): its figures and
  /// baseline go to the model with the trends; `nil` outside a warning.
  var warning: InsightWarning?

  /// A request as given.
  init(
    category: HealthCategory, period: InsightPeriod, windows: TrendWindows, trends: [MetricTrend],
    shortfalls: [MetricShortfall], lastDataDay: CalendarDay?, lastDataMetric: String?,
    workouts: [WorkoutDayTotal] = [], goals: [GoalProgress], falls: Int = 0, rings: [RingProgress] = [],
    units: DisplayUnits, lutealDays: Int = 0, warning: InsightWarning?
  ) {
    self.category = category
    self.period = period
    self.windows = windows
    self.trends = trends
    self.shortfalls = shortfalls
    self.lastDataDay = lastDataDay
    self.lastDataMetric = lastDataMetric
    self.workouts = workouts
    self.goals = goals
    self.falls = falls
    self.rings = rings
    self.units = units
    self.lutealDays = lutealDays
    self.warning = warning
  }

  /// The request for `category` and `period` from a snapshot: the latest complete day is the
  /// day before the snapshot's. `goals` are every goal set; those of the category are kept.
  /// A change is claimed against the bar of `report`, the report the request is part of, or
  /// on its own against the bar of a single comparison. `warnings` are the early warnings found
  /// as of the snapshot's day; the one the insight is written within is kept.
  package static func request(
    from snapshot: HealthSnapshot, category: HealthCategory, period: InsightPeriod, goals: [GoalTarget] = [],
    units: DisplayUnits = .metric, report: ReportTrends?, warnings: [HealthAlert] = []
  ) -> InsightRequest {
    let lastDay = snapshot.asOf.adding(days: -1)
    let windows = TrendWindows.of(period: period, lastDay: lastDay)
    var trends: [MetricTrend] = []
    var shortfalls: [MetricShortfall] = []
    for series in snapshot.series(in: category) where series.metric.isTrended {
      let outcome =
        report?.outcome(series, period: period, lastDay: lastDay)
        ?? TrendCalculator.trend(series, period: period, lastDay: lastDay, cycles: snapshot.cycles)
      switch outcome {
      case .trend(let trend): trends.append(trend)
      case .shortfall(let shortfall):
        let needed = TrendCalculator.minimumDays(period: period, occasional: series.metric.isOccasional)
        let values = series.points(from: windows.current.lowerBound, through: windows.current.upperBound).map(\.value)
        shortfalls.append(
          MetricShortfall(
            metric: series.metric.id, shortfall: shortfall, currentNeeded: needed.current,
            baselineNeeded: needed.baseline,
            currentValue: series.metric.aggregation == .latest ? values.last : RobustStatistics.mean(values)))
      }
    }
    let warning =
      trends.isEmpty
      ? nil
      : InsightWarning.told(
        metrics: Set(trends.map(\.metric)), period: period, asOf: snapshot.asOf, among: warnings)
    let lastDataDay = snapshot.series(in: category).compactMap(\.lastDay).max()
    let lastDataMetric = snapshot.series(in: category).first { $0.lastDay != nil && $0.lastDay == lastDataDay }?
      .metric.id
    var falls = 0
    if category == .mobility, let series = snapshot.series("mobility.falls") {
      falls = Int(
        series.points(from: windows.current.lowerBound, through: windows.current.upperBound).map(\.value)
          .reduce(0, +).rounded())
    }
    var workouts: [WorkoutDayTotal] = []
    var rings: [RingProgress] = []
    if category == .activity {
      workouts = snapshot.workoutTypes(from: windows.current.lowerBound, through: windows.current.upperBound)
      rings = RingProgress.progress(
        goals: snapshot.activityGoals, snapshot: snapshot, from: windows.current.lowerBound,
        to: windows.current.upperBound)
    }
    let window = windows.current
    var lutealDays = 0
    if [.heart, .body, .respiratory].contains(category), !snapshot.records.flowDays.isEmpty {
      let cycles = snapshot.records.cycles
      lutealDays =
        (0...window.lowerBound.days(to: window.upperBound)).filter {
          cycles.phase(on: window.lowerBound.adding(days: $0), knownThrough: lastDay) == .luteal
        }.count
    }
    let progress = goals.compactMap { goal -> GoalProgress? in
      guard let series = snapshot.series(in: category).first(where: { $0.metric.id == goal.metric }) else {
        return nil
      }
      return GoalProgress.progress(
        toward: goal, points: series.points(from: window.lowerBound, through: window.upperBound),
        from: window.lowerBound, to: window.upperBound)
    }
    return InsightRequest(
      category: category, period: period, windows: windows, trends: trends, shortfalls: shortfalls,
      lastDataDay: lastDataDay, lastDataMetric: lastDataMetric, workouts: workouts, goals: progress, falls: falls,
      rings: rings, units: units, lutealDays: lutealDays, warning: warning)
  }

  /// The request for `category` and `period` from a snapshot, each change judged on its own
  /// against the bar of a single comparison.
  package static func request(
    from snapshot: HealthSnapshot, category: HealthCategory, period: InsightPeriod, goals: [GoalTarget] = [],
    units: DisplayUnits = .metric
  ) -> InsightRequest {
    request(from: snapshot, category: category, period: period, goals: goals, units: units, report: nil)
  }

  /// Whether there is anything to say: without trends there is no provider call.
  package var hasData: Bool { !trends.isEmpty }
}
