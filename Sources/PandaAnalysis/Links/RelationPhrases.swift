import PandaCore

/// The words for a link: what went with what, by how much in units a person can use, over how
/// many days. Always "went with" in substance, never "caused"; no medical claim.
package enum RelationPhrases {
  /// A step of the cause a person can picture, in its unit, and the words for it.
  struct CauseStep {
    var size: Double
    /// "On days after you slept an hour more than usual".
    var condition: String
  }

  /// The cause's step; a metric without its own words gets its meaningful change.
  static func step(_ cause: Metric) -> CauseStep {
    switch cause.id {
    case "sleep.asleep": CauseStep(size: 1, condition: "On days after you slept an hour more than usual")
    case "sleep.deep": CauseStep(size: 0.5, condition: "On days after half an hour more deep sleep than usual")
    case "sleep.efficiency":
      CauseStep(size: 5, condition: "On days after a night with sleep efficiency 5 points above usual")
    case "activity.steps": CauseStep(size: 1_000, condition: "On days with 1,000 more steps than usual")
    case "activity.exerciseMinutes":
      CauseStep(size: 30, condition: "On days with 30 more exercise minutes than usual")
    case "activity.workoutMinutes":
      CauseStep(size: 30, condition: "On days with 30 more minutes of workouts than usual")
    case "activity.activeEnergy":
      CauseStep(size: 100, condition: "On days with 100 kcal more active energy than usual")
    case "mindfulness.mindfulMinutes":
      CauseStep(size: 10, condition: "On days with 10 more mindful minutes than usual")
    case "nutrition.dietaryEnergy": CauseStep(size: 500, condition: "On days you ate 500 kcal more than usual")
    default:
      CauseStep(
        size: cause.meaningfulChange.threshold(baseline: 1),
        condition: "On days with \(cause.name.lowercased()) "
          + "\(MetricFormatter.string(cause.meaningfulChange.threshold(baseline: 1), unit: cause.unit)) above usual")
    }
  }

  /// "On days after you slept an hour more than usual, your HRV that day was about 6 ms higher
  /// (148 days)."
  static func sentence(cause: Metric, effect: Metric, lagDays: Int, slope: Double, days: Int) -> String {
    let step = step(cause)
    let size = slope * step.size
    let isSleep = effect.category == .sleep && effect.unit == "h"
    let word = isSleep ? (size > 0 ? "longer" : "shorter") : (size > 0 ? "higher" : "lower")
    return "\(step.condition), \(subject(effect, lagDays: lagDays)) was about \(amount(abs(size), unit: effect.unit)) "
      + "\(word) (\(days) days)."
  }

  /// "your HRV that day", "your sleep that night", "your resting heart rate the next day".
  private static func subject(_ effect: Metric, lagDays: Int) -> String {
    "your " + effectName(effect, lagDays: lagDays)
  }

  /// The effect as the sentence names it, without "your": "HRV that day", "sleep that night",
  /// "resting heart rate the next day".
  package static func effectName(_ effect: Metric, lagDays: Int) -> String {
    let name: String
    switch effect.id {
    case "heart.hrv": name = "HRV"
    case "sleep.asleep": name = "sleep"
    case "activity.steps": name = "step count"
    default: name = effect.name.lowercased()
    }
    if effect.category == .sleep { return name + (lagDays == 0 ? " the night before" : " that night") }
    switch lagDays {
    case 0: return name + " that day"
    case 1: return name + " the next day"
    default: return name + " \(lagDays) days later"
    }
  }

  /// A size people read at a glance: durations in hours and minutes, small figures with one
  /// decimal (two when one shows nothing), larger ones whole.
  static func amount(_ value: Double, unit: String) -> String {
    if unit == "h" {
      return value * 60 < 1 ? "under a minute" : MetricFormatter.duration(hours: value)
    }
    let places = value >= 10 ? 0 : value >= 0.1 ? 1 : 2
    return MetricFormatter.difference(value, unit: unit, places: places)
  }
}
