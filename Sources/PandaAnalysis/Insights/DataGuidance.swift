import PandaCore
import PandaStore

/// What to tell someone whose database has no data for a category: how to get it in.
enum DataGuidance {
  /// The insight for a category with nothing to analyse in the period's windows. It says which
  /// side is short and what is there, or, for a category that had data before, when it stopped.
  /// How to export again is said once per report, not here.
  static func noDataInsight(for request: InsightRequest) -> Insight {
    let category = request.category
    let days = request.windows.current.lowerBound.days(to: request.windows.current.upperBound) + 1
    let when = days == 1 ? "yesterday" : "in the last \(days) days"
    let short = request.shortfalls.filter { if case .tooFewDays = $0.shortfall { true } else { false } }
    guard !short.isEmpty else {
      // A fall is mobility data too: what is missing then is the walking measures.
      var summary = request.falls > 0 ? "No walking measurements \(when)." : "No \(category.dataName) \(when)."
      if let last = request.lastDataDay, last >= request.windows.current.lowerBound {
        // Data in the window, but of a measure without a comparison (height): "no body
        // measurements" would be untrue.
        let name = request.lastDataMetric.flatMap(MetricCatalogue.metric).map { " (\($0.name.lowercased()))" } ?? ""
        summary =
          "No \(category.dataName) that panda compares \(when). The last \(category == .body ? "body measurement" : category.dataName)"
          + "\(name) is from \(last.iso)."
      } else if let last = request.lastDataDay {
        let gap = last.days(to: request.windows.current.upperBound)
        summary +=
          gap >= HealthFetcher.recentDays
          ? " It stopped on \(last.iso)\(lookBack(toDataEndingOn: last))."
          : " The last \(category == .body ? "body measurement" : category.dataName) is from \(last.iso)."
      }
      // A category that had data needs no advice on how to record it.
      return Insight(
        category: category, period: request.period, status: .noData, summary: summary,
        suggestions: request.lastDataDay == nil ? [recording(category)] : [])
    }
    let details = sentences(short, period: request.period, units: request.units)
    // Recording advice only helps when the recent days are what is short.
    let recentShort = short.contains { $0.shortfallSide.current }
    return Insight(
      category: category, period: request.period, status: .noData,
      summary: "Not enough \(category.dataName) to compare yet. " + details.joined(separator: " "),
      suggestions: recentShort ? [recording(category)] : [])
  }

  /// How to look at the time a category's data stopped on `last`, said after "It stopped on …":
  /// "; panda insights --as-of 2019-06-21 shows that time". A report that says once where all
  /// of the data ends leaves it out of each category's line (`MissingCategory`).
  static func lookBack(toDataEndingOn last: CalendarDay) -> String {
    "; panda insights --as-of \(last.adding(days: 1).iso) shows that time"
  }

  /// A regular expression that finds `lookBack(toDataEndingOn:)` of any day, also in an insight
  /// cached before.
  static let lookBackPattern = "; panda insights --as-of [0-9]{4}-[0-9]{2}-[0-9]{2} shows that time"

  /// The sentences of `shortfalls`, one per metric; workout time, distance and energy are
  /// left to the workout count when it is short too, since they are short on the same days.
  static func sentences(_ shortfalls: [MetricShortfall], period: InsightPeriod, units: DisplayUnits) -> [String] {
    let countShort = shortfalls.contains { $0.metric == "activity.workouts" }
    return shortfalls.filter { shortfall in
      guard countShort, let metric = MetricCatalogue.metric(shortfall.metric),
        case .workouts(let measure) = metric.aggregation
      else { return true }
      return measure == .count
    }.map { shortfallSentence($0, period: period, units: units) }
  }

  /// Which window is short, and what it holds: "Mindful minutes: 180 min yesterday, but only 2
  /// of the 14 days before have data (5 needed to compare)."
  static func shortfallSentence(
    _ shortfall: MetricShortfall, period: InsightPeriod, units: DisplayUnits = .metric
  ) -> String {
    guard case .tooFewDays(let current, let baseline, let currentPartial, let baselinePartial) = shortfall.shortfall,
      let metric = MetricCatalogue.metric(shortfall.metric)
    else { return "" }
    let side = shortfall.shortfallSide
    let recent = recentWindow(period)
    let before = baselineWindow(period)
    var parts: [String] = []
    if side.current {
      parts.append(
        "\(days(current, partial: currentPartial)) in \(recent) (\(needed(shortfall.currentNeeded, metric)))")
    } else if let value = shortfall.currentValue {
      parts.append(currentReading(value, days: current, metric: metric, period: period, units: units))
    }
    if side.baseline {
      parts.append(
        "\(side.current ? "" : baseline == 0 ? "but " : "but only ")"
          + "\(days(baseline, partial: baselinePartial)) in \(before) "
          + "(\(needed(shortfall.baselineNeeded, metric)))")
    }
    return "\(metric.name): " + parts.joined(separator: side.current ? " and " : ", ") + "."
  }

  /// "5 needed to compare"; for a metric measured now and then, also the readings a trend needs
  /// ("1 needed to compare, 3 to call a trend"), so that the one needed is not read as enough.
  private static func needed(_ count: Int, _ metric: Metric) -> String {
    let claim = TrendCalculator.occasionalReadingsForClaim
    guard metric.isOccasional, count < claim else { return "\(count) needed to compare" }
    return "\(count) needed to compare, \(claim) to call a trend"
  }

  /// What the current window holds: "180 min yesterday", "32 min on average over 6 days with
  /// data in the last 7 days". Workout counts are said as people count them: "4 workouts in the
  /// last 7 days", "3.5 workouts a week in the last 30 days" (their days without a workout are
  /// zeros, not days with data).
  private static func currentReading(
    _ value: Double, days current: Int, metric: Metric, period: InsightPeriod, units: DisplayUnits
  ) -> String {
    guard period != .daily else { return "\(units.string(value, unit: metric.unit)) yesterday" }
    let recent = recentWindow(period)
    guard metric.unit == "workouts" else {
      // A metric kept as its latest reading (weight) has no average to give.
      let figure = units.string(value, unit: metric.unit)
      if case .zeroWhenInUse = metric.missingDay {
        // A habit's days without an entry count as none, so they are not "days with data".
        return "\(figure) a day on average over \(days(current)) in \(recent), a day without an entry counted as none"
      }
      return metric.aggregation == .latest
        ? "the latest \(figure), with \(days(current)) with data in \(recent)"
        : "\(figure) on average over \(days(current)) with data in \(recent)"
    }
    guard current >= 7, period != .weekly else {
      return "\(WorkoutRate.count((value * Double(current)).rounded())) in \(recent)"
    }
    return "\(WorkoutRate.perWeek(value)) workouts a week in \(recent)"
  }

  private static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

  /// "3 days with data", or, when partly recorded days were left out of the count, "0 fully
  /// recorded days (5 partly recorded)".
  private static func days(_ count: Int, partial: Int) -> String {
    guard partial > 0 else { return count == 0 ? "no days with data" : "\(days(count)) with data" }
    return "\(count) fully recorded \(count == 1 ? "day" : "days") (\(partial) partly recorded)"
  }

  private static func recentWindow(_ period: InsightPeriod) -> String {
    switch period {
    case .daily: "yesterday"
    case .weekly: "the last 7 days"
    case .monthly: "the last 30 days"
    }
  }

  private static func baselineWindow(_ period: InsightPeriod) -> String {
    switch period {
    case .daily: "the 14 days before"
    case .weekly: "the 4 weeks before"
    case .monthly: "the 3 months before"
    }
  }

  /// The one line a report adds when some category has no recent data.
  static let exporting =
    "On your iPhone open Health, tap your profile picture, choose Export All Health Data, then run: panda import export.zip"

  /// Which devices, apps or permissions record the category.
  static func recording(_ category: HealthCategory) -> String {
    switch category {
    case .heart:
      "Heart rate, resting heart rate and HRV come from an Apple Watch worn through the day; blood pressure from a connected cuff or apps that write to Health."
    case .sleep:
      "Sleep is recorded by an Apple Watch with Sleep Tracking on (Health → Sleep → Set Up Sleep) or by sleep apps allowed to write Sleep to Health."
    case .activity:
      "Steps and distance come from your iPhone's motion sensor (Settings → Privacy & Security → Motion & Fitness → Fitness Tracking on); exercise, stand hours and resting energy from an Apple Watch; workouts from the Workout app or apps allowed to write Workouts to Health."
    case .mobility:
      "Walking speed, step length, asymmetry and double support time are measured by an iPhone (iOS 14 or later) carried in a pocket while you walk, with Fitness Tracking on; falls by an Apple Watch with Fall Detection on (Watch app → Emergency SOS)."
    case .hearing:
      "Headphone audio levels are recorded while you listen with headphones connected to your iPhone (measured for AirPods and Beats, estimated for others); turn on Health → Hearing → Headphone Audio Levels."
    case .mindfulness:
      "Mindful minutes come from the Mindfulness app on Apple Watch or meditation apps allowed to write Mindful Minutes to Health."
    case .body:
      "Weight, body fat, BMI and height come from a smart scale, apps that write to Health, or entries you add in Health → Body Measurements; wrist temperature from an Apple Watch Series 8 or later worn to sleep with Sleep Tracking on; blood glucose from a meter or glucose monitor whose app writes to Health."
    case .respiratory:
      "Respiratory rate is measured by an Apple Watch during sleep; blood oxygen by the Blood Oxygen app on Apple Watch Series 6 or later."
    case .nutrition:
      "Dietary energy and water come from food and water tracking apps allowed to write to Health."
    case .other:
      "Allow the apps and devices you use to write to Health."
    }
  }
}

extension MetricShortfall {
  /// Which of the two windows has fewer days with data than it needs.
  var shortfallSide: (current: Bool, baseline: Bool) {
    guard case .tooFewDays(let current, let baseline, _, _) = shortfall else { return (true, false) }
    return (current < currentNeeded, baseline < baselineNeeded)
  }
}
