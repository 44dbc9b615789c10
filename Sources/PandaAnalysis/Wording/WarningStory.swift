import PandaCore

/// One story per card during an early warning: a card whose metrics are signals of a warning
/// still going on, or of one that ended within the card's own days, opens with the warning's
/// figures and baseline in place of its own headline, its signals are marked as in the warning
/// (their messages, which JSON gives, carry the warning's figure for each), and no sentence of it
/// says otherwise (no praise or step of its own on a signal of the warning,
/// no "steady is good"). The same for every provider, the offline analyzer's words and a
/// model's alike, and for every form of the report. Cards without such a warning are left as
/// they are.
package enum WarningStory {
  /// The word a card shows beside a signal of a warning still going on, in place of its own
  /// verdict.
  package static let chip = "in warning"

  /// The word a card shows beside a signal of `alert`: `in warning`, or `warning ended` for one
  /// that has ended.
  package static func chip(_ alert: HealthAlert) -> String { alert.isActive ? chip : "warning ended" }

  /// The warning `insight`'s card tells as of `asOf`, and the card's metrics among its signals;
  /// `nil` when none of `warnings` names a metric of the card within the card's days. A warning
  /// still going on comes first, then the one that ended last.
  package static func warning(for insight: Insight, asOf: CalendarDay, during warnings: [HealthAlert]) -> (
    alert: HealthAlert, signals: [HealthAlert.Signal]
  )? {
    guard insight.status == .ok else { return nil }
    return InsightWarning.told(
      metrics: Set(insight.metrics.map(\.metric)), period: insight.period, asOf: asOf, among: warnings
    ).map { ($0.alert, $0.signals) }
  }

  /// The card's headline during `alert`, with the figures of `signals`: "In an early warning
  /// since 2025-06-27 (4 days so far): resting heart rate 9 bpm above your usual (73 against 64
  /// bpm). The warning above has the detail."
  static func headline(_ alert: HealthAlert, signals: [HealthAlert.Signal]) -> String {
    statement(alert, signals: signals)
      + (alert.isActive ? " The warning above has the detail." : " `panda alerts` has the detail.")
  }

  /// The headline without its pointer to the warning: what a model is told of the warning it
  /// writes within (`InsightPrompt`).
  static func statement(_ alert: HealthAlert, signals: [HealthAlert.Signal]) -> String {
    let figures = figures(signals)
    guard alert.isActive else {
      let back = alert.backInRange.map { "; back in range since \($0.iso)" } ?? ""
      let span = alert.days == 1 ? "on \(alert.start.iso)" : "from \(alert.start.iso) to \(alert.end.iso)"
      let which = alert.level == .possible ? "A possible early warning" : "An early warning"
      return "\(which) \(span), within these days: \(figures)\(back)."
    }
    let since = "since \(alert.start.iso) (\(alert.days == 1 ? "1 day" : "\(alert.days) days") so far)"
    var sentence =
      alert.level == .possible
      ? "Possibly an early warning \(since), from one signal: \(figures)."
      : "In an early warning \(since): \(figures)."
    if let noReadingsSince = alert.noReadingsSince {
      sentence += " No readings since \(noReadingsSince.iso): the warning stays open until they come back."
    }
    return sentence
  }

  /// The line of a metric that is a signal of `alert`: the warning's figure for it, in place of
  /// the card's comparison, whose windows and baseline differ.
  static func metricLine(_ signal: HealthAlert.Signal, of alert: HealthAlert) -> String {
    if alert.isActive, let sentence = WarningReference.sentence(metric: signal.metric, during: [alert]) {
      return sentence
    }
    let span = alert.days == 1 ? "on \(alert.start.iso)" : "from \(alert.start.iso) to \(alert.end.iso)"
    let back = alert.backInRange.map { "; back in range since \($0.iso)" } ?? ""
    return "Part of an early warning \(span): \(AlertPhrases.figure(signal, first: true))\(back)."
  }

  /// `insight` as its card tells it during `warnings` (see the type's summary): unchanged when
  /// no warning is told on it.
  package static func told(_ insight: Insight, asOf: CalendarDay, during warnings: [HealthAlert]) -> Insight {
    guard let (alert, signals) = warning(for: insight, asOf: asOf, during: warnings) else { return insight }
    var told = insight
    told.summary = headline(alert, signals: signals)
    for index in told.metrics.indices {
      guard let signal = signals.first(where: { $0.metric == told.metrics[index].metric }) else { continue }
      told.metrics[index].message = metricLine(signal, of: alert)
    }
    let words = signals.flatMap { Self.names(of: $0.metric) }
    func naming(_ line: String) -> Bool {
      let lowered = line.lowercased()
      return words.contains { lowered.contains($0) }
    }
    told.encouragement = insight.encouragement.filter { !$0.hasPrefix("Steady is good") && !naming($0) }
    // A step of the card's own on a signal goes: the warning says what to do. A clinician note
    // stays.
    told.suggestions = insight.suggestions.filter { !naming($0) || $0.lowercased().contains("clinician") }
    return told
  }

  /// `outcomes` with each insight as its card tells it during `warnings`.
  static func told(_ outcomes: [InsightOutcome], asOf: CalendarDay, during warnings: [HealthAlert])
    -> [InsightOutcome]
  {
    guard !warnings.isEmpty else { return outcomes }
    return outcomes.map { outcome in
      var told = outcome
      told.insight = Self.told(outcome.insight, asOf: asOf, during: warnings)
      return told
    }
  }

  /// "resting heart rate 9 bpm above your usual (73 against 64 bpm), HRV 30 % below (35
  /// against 50 ms)".
  private static func figures(_ signals: [HealthAlert.Signal]) -> String {
    signals.enumerated().map { AlertPhrases.figure($0.element, first: $0.offset == 0) }.joined(separator: ", ")
  }

  /// The words a sentence names `metric` by, lower case: its catalogue name (without a bracketed
  /// part), the warning's name for it and the everyday ones.
  private static func names(of metric: String) -> [String] {
    var names: [String] = []
    if let entry = MetricCatalogue.metric(metric) {
      let name = entry.name.lowercased()
      names.append(name.components(separatedBy: " (").first ?? name)
    }
    if let signal = AlertSignal.all.first(where: { $0.metric == metric }) { names.append(signal.name.lowercased()) }
    switch metric {
    case "heart.restingHeartRate": names += ["heart rate", "pulse"]
    case "heart.hrv": names += ["hrv", "heart rate variability"]
    case "respiratory.respiratoryRate": names += ["breathing", "respiratory"]
    case "body.wristTemperature": names += ["temperature"]
    case "respiratory.oxygenSaturation": names += ["oxygen", "spo2"]
    default: break
    }
    return names
  }
}
