import PandaCore

/// The early warning an insight is written within: one still going on, or one that ended within
/// the insight's own days, that has metrics of the insight among its signals. The request carries
/// it so that a model hears the warning's figures and baseline before it writes, and the card
/// tells the same story after (`WarningStory`).
struct InsightWarning: Sendable, Equatable {
  /// The warning.
  var alert: HealthAlert
  /// Its signals that are metrics of the insight, in the warning's order.
  var signals: [HealthAlert.Signal]

  /// A warning as given.
  init(alert: HealthAlert, signals: [HealthAlert.Signal]) {
    self.alert = alert
    self.signals = signals
  }

  /// The warning an insight over `metrics` and `period` as of `asOf` is written within; `nil`
  /// when none of `warnings` names one of `metrics` within the insight's days. A warning still
  /// going on comes first, then the one that ended last.
  static func told(
    metrics: Set<String>, period: InsightPeriod, asOf: CalendarDay, among warnings: [HealthAlert]
  ) -> InsightWarning? {
    let firstDay = asOf.adding(days: -period.currentDays)
    let told = warnings.compactMap { alert -> InsightWarning? in
      guard alert.isActive || alert.end >= firstDay else { return nil }
      let signals = alert.signals.filter { metrics.contains($0.metric) }
      return signals.isEmpty ? nil : InsightWarning(alert: alert, signals: signals)
    }
    return told.first { $0.alert.isActive } ?? told.max { $0.alert.end < $1.alert.end }
  }

  /// A short fingerprint of the warnings an insight over `metrics` and `period` as of `asOf` may
  /// be written within: every one of `warnings` going on or ended within its days that names one
  /// of `metrics`, with its days, state and figures. Empty when there is none, so an insight
  /// cached outside a warning keeps its key.
  static func fingerprint(
    metrics: Set<String>, period: InsightPeriod, asOf: CalendarDay, among warnings: [HealthAlert]
  ) -> String {
    let firstDay = asOf.adding(days: -period.currentDays)
    var text = ""
    for alert in warnings where alert.isActive || alert.end >= firstDay {
      let signals = alert.signals.filter { metrics.contains($0.metric) }
      guard !signals.isEmpty else { continue }
      text += "\(alert.start.iso)|\(alert.end.iso)|\(alert.isActive)|\(alert.level.rawValue)|"
      text += "\(alert.noReadingsSince?.iso ?? "")|\(alert.backInRange?.iso ?? "")"
      for signal in signals { text += "|\(signal.metric),\(signal.value),\(signal.usual)" }
      text += ";"
    }
    guard !text.isEmpty else { return "" }
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return String(hash, radix: 16)
  }
}
