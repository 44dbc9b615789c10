import PandaCore
import PandaStore

/// The offline analyzer's words about workouts: counts said per week, the activity types of the
/// window, and the WHO figure of 150 minutes a week.
///
/// Workout time and exercise minutes overlap (the watch counts most of a brisk workout as
/// exercise), so they are never added up. Per day, the time active is at least the larger of
/// the two and at most their sum; panda speaks of the 150 minutes only where both bounds agree.
package enum WorkoutPhrases {
  /// "You did 4 workouts this week, 1 more than your usual 3 a week." A day's count is said as
  /// it is, beside the usual per week; so is a week's, and any window of fewer than 7 recorded
  /// days, which is too short to average per week; a month's is averaged per week.
  static func countSentence(_ trend: MetricTrend, period: InsightPeriod) -> String {
    let usualPerWeek = WorkoutRate.perWeek(trend.baseline)
    guard period != .daily else {
      let usual = "you usually do \(usualPerWeek) a week"
      return trend.current == 0
        ? "No workout yesterday; \(usual)." : "You did \(WorkoutRate.count(trend.current)) yesterday; \(usual)."
    }
    let done = WorkoutRate.count((trend.current * Double(trend.currentDays)).rounded())
    guard trend.currentDays >= 7 else {
      let usual =
        period == .monthly
        ? "your average in the three months before is \(usualPerWeek) a week" : "you usually do \(usualPerWeek) a week"
      let recorded = trend.currentDays.counted("recorded day")
      return "You did \(done) \(period.currentPhrase), in \(recorded); \(usual)."
    }
    let opening =
      period == .weekly
      ? "You did \(done) this week"
      : "You averaged \(WorkoutRate.perWeek(trend.current)) workouts a week \(period.currentPhrase)"
    let usual =
      period == .monthly
      ? "your average of \(usualPerWeek) a week in the three months before" : "your usual \(usualPerWeek) a week"
    // The difference of the figures as shown, so that the sentence adds up for the reader.
    func tenths(_ value: Double) -> Double { (value * 10).rounded() / 10 }
    let shownNow =
      period == .weekly
      ? (trend.current * Double(trend.currentDays)).rounded() : tenths(WorkoutRate.weekly(trend.current))
    let shownDifference = abs(shownNow - tenths(WorkoutRate.weekly(trend.baseline)))
    let amount = MetricFormatter.decimal(shownDifference, places: 1)
    let moreOrLess = trend.change > 0 ? "more" : "fewer"
    switch trend.size ?? .clear {
    case _ where shownDifference == 0, .negligible where HeuristicPhrases.isSmall(trend):
      return "\(opening), in line with \(usual)."
    case .negligible, .clear:
      return "\(opening), \(amount) \(moreOrLess) than \(usual)."
    case .withinNoise:
      guard weeksVaryALot(trend) else {
        return "\(opening), \(amount) \(moreOrLess) than \(usual), not a clear change yet."
      }
      return
        "\(opening), \(amount) \(moreOrLess) than \(usual), but your weeks vary a lot, so this is not a clear change yet."
    }
  }

  /// Whether the person's weeks vary a lot next to this difference in workouts a week: the
  /// spread of a week's count, that of its days' counts times √7, is at least the share of the
  /// difference a week (`MetricTrend.spreadShareOfChange`) that lets the days be said to vary a lot.
  static func weeksVaryALot(_ trend: MetricTrend) -> Bool {
    guard let spread = trend.spread, trend.change != 0 else { return false }
    return spread * Double(7).squareRoot() >= abs(trend.change) * 7 * MetricTrend.spreadShareOfChange
  }

  /// "walking, 1 workout, 52 min, 5.2 km": one day's workouts of one type, with the energy when
  /// `withEnergy` and recorded; the distance in `units`.
  package static func summary(_ total: WorkoutDayTotal, withEnergy: Bool = false, units: DisplayUnits = .metric)
    -> String
  {
    var text = "\(WorkoutActivity.name(total.activityType)), \(WorkoutRate.count(Double(total.workouts)))"
    text += ", \(MetricFormatter.duration(hours: total.minutes / 60))"
    if total.distance > 0 { text += ", \(units.string(total.distance, unit: "km"))" }
    if withEnergy && total.energy > 0 { text += ", \(MetricFormatter.string(total.energy, unit: "kcal"))" }
    return text
  }

  /// "Yesterday: walking, 1 workout, 52 min, 5.2 km." for the window's workouts by activity type, most
  /// time first; `nil` when there were none.
  static func types(_ totals: [WorkoutDayTotal], period: InsightPeriod, units: DisplayUnits = .metric)
    -> String?
  {
    let done = totals.filter { $0.workouts > 0 }
    guard !done.isEmpty else { return nil }
    let parts = done.map { summary($0, units: units) }
    let when = period == .daily ? "Yesterday" : period == .weekly ? "This week" : "Over the last 30 days"
    return "\(when): " + parts.joined(separator: "; ") + "."
  }

  /// What the week's workout time, with exercise minutes counted once, says next to the WHO
  /// figure of 150 minutes a week: encouragement at or above it, a step below it, nothing when
  /// the overlap leaves it open or the period is a single day.
  static func activeMinutesNote(trends: [MetricTrend], period: InsightPeriod) -> (
    encouragement: String?, suggestion: String?
  )? {
    guard period != .daily else { return nil }
    func enough(_ id: String) -> MetricTrend? {
      trends.first { $0.metric == id && ($0.evidence ?? .enough) == .enough }
    }
    guard let workout = enough("activity.workoutMinutes") else { return nil }
    let exercise = enough("activity.exerciseMinutes")
    let least = WorkoutRate.weekly(max(workout.current, exercise?.current ?? 0))
    let most = WorkoutRate.weekly(workout.current + (exercise?.current ?? 0))
    let what = exercise == nil ? "Your workouts came to" : "Your workouts and exercise minutes, counted once, came to"
    let when = period == .weekly ? "this week" : "a week over the last 30 days"
    if least >= 150 {
      let amount = exercise == nil ? minutes(least) : "at least \(minutes(least))"
      return ("\(what) \(amount) \(when): that meets the 150 minutes a week WHO recommends. Keep it up.", nil)
    }
    if most < 150 {
      let amount = exercise == nil ? minutes(most) : "at most \(minutes(most))"
      return (
        nil,
        "\(what) \(amount) \(when), under the 150 minutes a week WHO recommends: add two or three brisk 20-minute walks or rides."
      )
    }
    return (nil, nil)
  }

  private static func minutes(_ value: Double) -> String { MetricFormatter.string(value, unit: "min") }
}
