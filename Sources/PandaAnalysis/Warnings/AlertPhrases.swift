import PandaCore

/// The words for an alert: when, the figures against the person's usual, the common causes and
/// a gentle suggestion. Never a diagnosis.
enum AlertPhrases {
  /// "Since 2025-03-03 (2 days so far): resting heart rate 7 bpm above your usual (63 against
  /// 56 bpm), HRV 30 % below (35 against 50 ms). This is often seen at the start of an illness,
  /// after hard training, alcohol or a short night; an easy day may help, and if you feel
  /// unwell, rest." A `possible` alert says "possibly" and that it rests on one signal; the
  /// supporting `evidence` follows the figures, and an alert kept open without readings says
  /// since when.
  static func sentence(
    start: CalendarDay, end: CalendarDay, isActive: Bool, signals: [HealthAlert.Signal],
    level: HealthAlert.Level = .warning, noReadingsSince: CalendarDay? = nil, evidence: [HealthAlert.Evidence] = []
  ) -> String {
    let days = start.days(to: end) + 1
    let when: String
    if isActive && noReadingsSince == nil {
      when = days == 1 ? "On \(start.iso), the last day with data" : "Since \(start.iso) (\(days) days so far)"
    } else if isActive {
      when = days == 1 ? "Since \(start.iso)" : "Since \(start.iso) (\(days) days with readings)"
    } else {
      when = days == 1 ? "On \(start.iso)" : "From \(start.iso) to \(end.iso) (\(days) days)"
    }
    var figures = signals.enumerated().map { index, signal in figure(signal, first: index == 0) }
    figures += evidence.filter { $0.symptom == nil }.map(figure)
    let recorded = symptoms(evidence)
    let causes =
      "after hard training, alcohol or a short night; an easy day may help, and if you feel unwell, rest."
    var sentence: String
    switch level {
    case .warning:
      sentence =
        "\(when): \(figures.joined(separator: ", "))\(recorded). This is often seen at the start of an illness, \(causes)"
    case .possible:
      sentence =
        "\(when), possibly an early warning, from one signal: \(figures.joined(separator: ", "))\(recorded). "
        + "A rise like this is often seen at the start of an illness, \(causes)"
    }
    if let noReadingsSince {
      sentence += " No readings since \(noReadingsSince.iso): the warning stays open until they come back."
    }
    return sentence
  }

  /// "; Health has fever on 2025-10-22 and coughing from 2025-10-22 to 2025-10-24": the symptoms
  /// among `evidence` with their days, or nothing.
  static func symptoms(_ evidence: [HealthAlert.Evidence]) -> String {
    let named = evidence.compactMap { item in item.symptom.map { "\($0) \(days(item.days ?? []))" } }
    guard !named.isEmpty else { return "" }
    return "; Health has " + list(named)
  }

  /// "on 2025-10-22", "on 2025-10-22 and 2025-10-24", "from 2025-10-22 to 2025-10-25" (days in a
  /// row).
  static func days(_ days: [CalendarDay]) -> String {
    guard let first = days.first, let last = days.last else { return "" }
    if days.count >= 3 && first.days(to: last) == days.count - 1 { return "from \(first.iso) to \(last.iso)" }
    return "on " + list(days.map(\.iso))
  }

  /// "a", "a and b", "a, b and c".
  private static func list(_ items: [String]) -> String {
    items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
  }

  /// "steps 45 % below your usual (4,400 against 8,000)", "sleep 1 h 20 min more than usual (8 h
  /// 30 min against 7 h 10 min)".
  static func figure(_ evidence: HealthAlert.Evidence) -> String {
    guard let metric = MetricCatalogue.metric(evidence.metric) else { return evidence.metric }
    let (value, usual) = MetricFormatter.pair(evidence.value, evidence.usual, unit: metric.unit)
    if evidence.metric == "sleep.asleep" {
      let more = evidence.value >= evidence.usual
      return "sleep \(MetricFormatter.duration(hours: abs(evidence.value - evidence.usual))) "
        + "\(more ? "more" : "less") than usual (\(value) against \(usual))"
    }
    let percent = evidence.usual != 0 ? abs(evidence.value - evidence.usual) / abs(evidence.usual) * 100 : 0
    return "\(metric.name.lowercased()) \(MetricFormatter.decimal(percent, places: 0)) % "
      + "\(evidence.value >= evidence.usual ? "above" : "below") usual (\(value) against \(usual))"
  }

  /// "resting heart rate 7 bpm above your usual (63 against 56 bpm)", "HRV 30 % below (35
  /// against 50 ms)"; "your usual" only on the first figure.
  static func figure(_ signal: HealthAlert.Signal, first: Bool) -> String {
    guard let metric = MetricCatalogue.metric(signal.metric) else { return signal.metric }
    let name = AlertSignal.all.first { $0.metric == signal.metric }?.name ?? metric.name.lowercased()
    let difference = signal.value - signal.usual
    let side = (difference >= 0 ? "above" : "below") + (first ? " your usual" : "")
    switch signal.metric {
    case "heart.hrv":
      let percent = signal.usual != 0 ? abs(difference) / abs(signal.usual) * 100 : 0
      let (value, usual) = MetricFormatter.pair(signal.value, signal.usual, unit: metric.unit)
      return "\(name) \(MetricFormatter.decimal(percent, places: 0)) % \(side) (\(value) against \(usual))"
    case "body.wristTemperature":
      // Stored as the night's difference from the person's baseline: only the change is said.
      return "\(name) \(MetricFormatter.decimal(abs(difference), places: 1)) °C \(side)"
    default:
      let size = abs(difference) >= 10 ? 0 : 1
      var (value, usual) = MetricFormatter.pair(signal.value, signal.usual, unit: metric.unit)
      // The figures in brackets subtract to the difference said: where rounding them apart does
      // not (72 against 64 beside 7.6, when the usual allows for a luteal shift), they are shown
      // to the difference's places.
      if let places = MetricFormatter.places(signal.value, unit: metric.unit), places < size {
        let shown = MetricFormatter.decimal(
          abs(
            MetricFormatter.shown(signal.value, unit: metric.unit)
              - MetricFormatter.shown(signal.usual, unit: metric.unit)),
          places: size)
        if shown != MetricFormatter.decimal(abs(difference), places: size) {
          value = "\(MetricFormatter.decimal(signal.value, places: size)) \(metric.unit)"
          usual = "\(MetricFormatter.decimal(signal.usual, places: size)) \(metric.unit)"
        }
      }
      return "\(name) \(MetricFormatter.difference(abs(difference), unit: metric.unit, places: size)) \(side) "
        + "(\(value) against \(usual))"
    }
  }
}
