import PandaCore

/// The offline analyzer's words for wrist temperature, which is only ever said as a difference
/// from the person's own baseline, never as the figure at the wrist.
enum WristTemperaturePhrases {
  /// "Your wrist temperature was 0.4 °C above your baseline last night (usually 0.1 °C below)."
  static func sentence(_ trend: MetricTrend, period: InsightPeriod) -> String {
    let when: String
    switch period {
    case .daily: when = "was \(relative(trend.current)) last night"
    case .weekly: when = "averaged \(relative(trend.current)) this week"
    case .monthly: when = "averaged \(relative(trend.current)) over the last 30 days"
    }
    let usual =
      period == .monthly
      ? "\(relative(trend.baseline, short: true)) in the three months before"
      : "usually \(relative(trend.baseline, short: true))"
    var sentence = "Your wrist temperature \(when) (\(usual))."
    if (trend.evidence ?? .enough) == .enough && trend.size == .clear {
      sentence += " A change like this can come with a cold, alcohol, a warm room or the menstrual cycle."
    }
    return sentence
  }

  /// "0.4 °C above your baseline", "at your baseline"; `short` leaves out "your baseline".
  private static func relative(_ value: Double, short: Bool = false) -> String {
    let shown = MetricFormatter.decimal(abs(value), places: 1)
    guard shown != "0" else { return short ? "at it" : "at your baseline" }
    return "\(shown) °C \(value > 0 ? "above" : "below")" + (short ? "" : " your baseline")
  }
}
