/// What the insights add from across metrics, found in the same snapshot: the early warnings
/// and the links between metrics, over the windows `panda alerts` and `panda relations` use by
/// default, and the menstrual cycle's figures where Health records it. A pure function of the
/// snapshot.
struct ReportFindings: Sendable, Equatable {
  /// The early-warning scan.
  var alerts: AlertScan
  /// The search for links.
  var relations: RelationSearch
  /// The menstrual cycle's figures; `nil` without menstrual flow records.
  var cycle: CycleSummary? = nil

  /// The findings as of `asOf` in `snapshot`; `lastDataDay` is where the data ends (see
  /// `CycleSummary`).
  init(snapshot: HealthSnapshot, asOf: CalendarDay, lastDataDay: CalendarDay? = nil) {
    let alertWindow = AlertDetector.defaultWindow(asOf: asOf)
    alerts = AlertDetector.scan(snapshot, from: alertWindow.first, to: alertWindow.last)
    relations = RelationFinder.find(in: snapshot, window: RelationFinder.defaultWindow(asOf: asOf))
    cycle = CycleSummary(snapshot: snapshot, asOf: asOf, lastDataDay: lastDataDay)
  }

  /// Findings as given.
  init(alerts: AlertScan, relations: RelationSearch) {
    self.alerts = alerts
    self.relations = relations
  }

  /// The highlight candidates: the alert still going on, the strong links.
  var alertHighlights: [Highlight] { Highlight.alerts(alerts) }
  /// The strong links, as highlight candidates.
  var linkHighlights: [Highlight] { Highlight.links(relations) }

  /// The notices the nightly run may queue (see `AlertNotice.candidates`).
  var notices: [AlertNotice] {
    AlertNotice.candidates(alerts.alerts, lastDay: alerts.to)
  }
}
