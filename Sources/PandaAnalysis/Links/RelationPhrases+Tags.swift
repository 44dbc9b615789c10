import PandaCore
import PandaStore

extension RelationPhrases {
  /// "On days after you logged alcohol, your HRV was about 9 ms lower (14 of 120 days)."; a
  /// sleep effect is "On nights after…".
  static func sentence(event: DayEvent, effect: Metric, shift: Double, tagged: Int, days: Int) -> String {
    let isSleep = effect.category == .sleep
    let word =
      isSleep && effect.unit == "h" ? (shift > 0 ? "longer" : "shorter") : (shift > 0 ? "higher" : "lower")
    let name: String
    switch effect.id {
    case "heart.hrv": name = "HRV"
    case "sleep.asleep": name = "sleep"
    case "activity.steps": name = "step count"
    default: name = effect.name.lowercased()
    }
    let condition =
      switch event.kind {
      case .tag: "you logged \(event.name)"
      case .symptom: "Health recorded \(event.name.replacingOccurrences(of: "-", with: " "))"
      }
    return "On \(isSleep ? "nights" : "days") after \(condition), your \(name) was about "
      + "\(amount(abs(shift), unit: effect.unit)) \(word) (\(tagged) of \(days) days)."
  }
}
