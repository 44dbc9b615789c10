/// Falls are events, not a level to compare: any fall recorded in a period is said at the head
/// of the mobility insight, with a gentle word, whoever wrote the rest and whether or not there
/// was anything to compare.
enum FallNote {
  /// "A fall was recorded yesterday." / "2 falls were recorded this week."
  static func sentence(falls: Int, period: InsightPeriod) -> String {
    falls == 1
      ? "A fall was recorded \(period.currentPhrase)." : "\(falls) falls were recorded \(period.currentPhrase)."
  }

  /// The gentle word every fall gets.
  static let advice =
    "Any fall is worth mentioning to a clinician, even without an injury, and sooner if it happens again; leg-strength and balance exercises lower the risk of the next one."
}

extension Insight {
  /// The insight with the request's activity-summary goals (see `RingProgress`).
  func withRings(_ request: InsightRequest) -> Insight {
    var insight = self
    insight.rings = request.rings.isEmpty ? nil : request.rings
    return insight
  }

  /// The insight with the request's falls said first and the advice added; unchanged without
  /// falls. A "steady is good" beside a fall is dropped.
  func withFallNote(_ request: InsightRequest) -> Insight {
    guard request.falls > 0, status != .failed else { return self }
    var insight = self
    insight.summary = FallNote.sentence(falls: request.falls, period: request.period) + " " + summary
    // A fall is something to say even when nothing else is.
    if insight.status == .noData { insight.status = .ok }
    insight.encouragement.removeAll { $0.hasPrefix("Steady is good") }
    if !insight.suggestions.contains(FallNote.advice) { insight.suggestions.append(FallNote.advice) }
    return insight
  }
}
