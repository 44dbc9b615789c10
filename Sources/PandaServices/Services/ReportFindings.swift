import PandaAnalysis
import PandaCore
import PandaStore

/// What the insights add from across metrics, found in the same snapshot: the early warnings
/// and the links between metrics, over the windows `panda alerts` and `panda relations` use by
/// default, and the menstrual cycle's figures where Health records it. `find(in:asOf:events:lastDataDay:)`
/// finds them, a pure function of the snapshot.
package struct ReportFindings: Sendable, Equatable {
  /// The early-warning scan.
  package var alerts: AlertScan
  /// The search for links, tags and symptoms included.
  package var relations: RelationSearch
  /// The tags and symptoms of the links' window (`RelationFinder.defaultWindow`).
  var events: [DayEvent] = []
  /// The menstrual cycle's figures; `nil` without menstrual flow records.
  package var cycle: CycleSummary? = nil

  /// Findings as given.
  package init(
    alerts: AlertScan, relations: RelationSearch, events: [DayEvent] = [], cycle: CycleSummary? = nil
  ) {
    self.alerts = alerts
    self.relations = relations
    self.events = events
    self.cycle = cycle
  }

  /// The findings as of `asOf` in `snapshot`, the tags and symptoms of `events` tested as
  /// `panda relations` tests them; `lastDataDay` is where the data ends (see `CycleSummary`).
  package static func find(
    in snapshot: HealthSnapshot, asOf: CalendarDay, events: [DayEvent] = [], lastDataDay: CalendarDay? = nil
  ) -> ReportFindings {
    let alertWindow = AlertDetector.defaultWindow(asOf: asOf)
    return ReportFindings(
      alerts: AlertDetector.scan(snapshot, from: alertWindow.first, to: alertWindow.last),
      relations: RelationFinder.find(in: snapshot, window: RelationFinder.defaultWindow(asOf: asOf), events: events),
      events: events,
      cycle: CycleSummary.summary(of: snapshot, asOf: asOf, lastDataDay: lastDataDay))
  }

  /// "What you logged" over `days`: the tags and symptoms, and their links.
  package func logged(over days: DayRange) -> LoggedSummary {
    LoggedSummary.summary(of: events, over: days, search: relations)
  }

  /// The highlight candidates: the alert still going on, the strong links.
  package var alertHighlights: [Highlight] { Highlight.alerts(alerts) }
  /// The strong links, as highlight candidates.
  package var linkHighlights: [Highlight] { Highlight.links(relations) }

  /// The notices the nightly run may queue (see `AlertNotice.candidates`).
  package var notices: [AlertNotice] {
    AlertNotice.candidates(alerts.alerts, lastDay: alerts.to)
  }
}
