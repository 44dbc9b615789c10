import PandaCore

extension AlertScan {
  /// The one line said when no day could be judged; `nil` when some day was.
  package var shortfallSentence: String? {
    guard let shortfall else { return nil }
    let signals = "resting heart rate, HRV, respiratory rate, wrist temperature and blood oxygen"
    switch shortfall {
    case .moreDays(let needed):
      return "Not enough readings for your usual ranges yet: \(needed) more day\(needed == 1 ? "" : "s") of "
        + "readings of resting heart rate, or of at least two of \(signals), are needed."
    case .fewSignals(let withReadings):
      let names = withReadings.compactMap { id in AlertSignal.all.first { $0.metric == id }?.name }
      let have = names.isEmpty ? "none of them" : "only \(names.joined(separator: " and "))"
      return "Early warnings need readings of resting heart rate, or of at least two of \(signals) "
        + "(an Apple Watch worn at night); the \((from.days(to: to) + 1).counted("day")) "
        + "judged, \(from.iso) to \(to.iso), have \(have)."
    }
  }

  /// The alerts as text: a headline and one sentence per alert, newest first.
  package var text: String {
    if let shortfallSentence { return shortfallSentence + "\n" }
    let span = "\(from.iso) to \(to.iso)"
    guard !alerts.isEmpty else {
      return "No early warnings from \(span): on none of the \(judgedDays) days judged were two or more "
        + "signals outside your usual range together, nor resting heart rate above it for days.\n"
    }
    let count = alerts.count
    let possible = alerts.filter { $0.level == .possible }.count
    let counted =
      possible == count
      ? "\(count) possible alert\(count == 1 ? "" : "s")"
      : "\(count) alert\(count == 1 ? "" : "s")\(possible == 0 ? "" : " (\(possible) possible)")"
    var text =
      "Early warnings from \(span): \(counted)"
      + "\(active == nil ? "" : ", one still active") (\(judgedDays) days judged).\n"
    for alert in alerts.reversed() { text += "  \(alert.sentence)\n" }
    return text
  }
}
