import Foundation
import PandaCore

/// A metric's current, usual and change figures as people read them, the same in every
/// rendering of the insights (text, Markdown, the HTML report).
package enum MetricFigures {
  /// The current, usual and change figures as the report's columns show them, all in one unit:
  /// workout counts per week (see `WorkoutRate`), a day's own count beside the usual per week as
  /// the sentence says it; other metrics in `units`, told apart where they round alike. The change
  /// is that of the figures shown, with its percentage; one that rounds to nothing is "0 kcal".
  package static func figures(_ assessment: MetricAssessment, period: InsightPeriod, units: DisplayUnits) -> (
    now: String, usual: String, change: String
  ) {
    // A percentage that rounds to nothing says nothing ("−0 %").
    let percent =
      assessment.changePercent.map { MetricFormatter.decimal(abs($0), places: 0) }.flatMap {
        $0 == "0" ? nil : " (\(assessment.change >= 0 ? "+" : "−")\($0) %)"
      } ?? ""
    guard assessment.unit == "workouts" else {
      let current = units.converted(assessment.current, unit: assessment.unit)
      let baseline = units.converted(assessment.baseline, unit: assessment.unit)
      let unit = current.unit
      // Decimals only where the difference is worth a word; a change of a percentage is in
      // points, without a percent of a percent. Decibels are a logarithm and a temperature's zero
      // is arbitrary: a percent of either says nothing.
      let tellApart = HeuristicPhrases.carriesDifference(assessment.trend)
      let percent = ["%", "dB", "°C", "°F"].contains(unit) ? "" : percent
      let (now, usual) = MetricFormatter.pair(current.value, baseline.value, unit: unit, tellApart: tellApart)
      if tellApart, let places = MetricFormatter.distinguishingPlaces(current.value, baseline.value, unit: unit) {
        // The difference of the figures shown (8.2 and 8.1 are 0.1 apart), as the sentence says it.
        let change = MetricFormatter.shownDifference(current.value, baseline.value, places: places)
        let sign = change >= 0 ? "+" : "−"
        return (now, usual, "\(sign)\(MetricFormatter.difference(abs(change), unit: unit, places: places))\(percent)")
      }
      let change = MetricFormatter.shown(current.value, unit: unit) - MetricFormatter.shown(baseline.value, unit: unit)
      let amount = MetricFormatter.difference(abs(change), unit: unit)
      guard MetricFormatter.shown(change, unit: unit) != 0 else { return (now, usual, amount) }
      return (now, usual, (change > 0 ? "+" : "−") + amount + percent)
    }
    guard period != .daily else {
      // A day's count and a weekly rate have no difference worth a figure.
      return (WorkoutRate.count(assessment.current), WorkoutRate.perWeekPhrase(assessment.baseline), "—")
    }
    // Per week to one decimal, as shown.
    func shown(_ perDay: Double) -> Double { (WorkoutRate.weekly(perDay) * 10).rounded() / 10 }
    let change = shown(assessment.current) - shown(assessment.baseline)
    let now = WorkoutRate.perWeekPhrase(assessment.current)
    let usual = WorkoutRate.perWeekPhrase(assessment.baseline)
    let amount = WorkoutRate.perWeekPhrase(abs(change) / 7)
    guard abs(change) >= 0.05 else { return (now, usual, amount) }
    return (now, usual, (change > 0 ? "+" : "−") + amount + percent)
  }
}
