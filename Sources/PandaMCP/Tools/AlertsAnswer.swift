import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// What `panda alerts` and the `alerts` tool answer: the alerts over a window of days, read from
/// the database, with one line saying why no day could be judged.
package struct AlertsAnswer: Encodable {
  package var from: CalendarDay
  package var to: CalendarDay
  package var alerts: [HealthAlert]
  /// When no day could be judged: why, in one line.
  package var note: String?

  /// The scan behind the answer (not encoded).
  package let scan: AlertScan

  private enum CodingKeys: String, CodingKey {
    case from, to, alerts, note
  }

  /// Reads the signals' daily values for `window` and the weeks before it, with the menstrual flow
  /// and symptom records, and scans them; with `zone`, each alert names the tags logged on its
  /// days (`HealthAlert.naming`).
  package static func load(database: Database, window: DayRange, zone: TimeZone? = nil) throws -> AlertsAnswer {
    let reader = DailyValueReader(database: database)
    let series = try reader.series(
      AlertDetector.metrics, from: window.first.adding(days: -AlertDetector.historyDays),
      through: window.last)
    // Flow records from a year before, so that the cycles' typical length is known.
    let records = try CategoryRecordReader(database: database).records(
      from: window.first.adding(days: -AlertDetector.historyDays - 365), through: window.last)
    let scan = AlertDetector.scan(series, from: window.first, to: window.last, records: records)
    var note = scan.shortfall.map { shortfall($0, scan: scan) }
    if note != nil {
      // Readings that end before the window (an old export) are worth pointing at.
      let coverage = try reader.coverage()
      let lasts = AlertSignal.all.compactMap { coverage[$0.metric]?.last }.sorted(by: >)
      // The day of the last readings enough for a warning: resting heart rate's, or the second
      // signal's.
      let heart = coverage[RestingHeartRateRise.metric]?.last
      let enough = [heart, lasts.count >= AlertDetector.minimumSignals ? lasts[1] : nil].compactMap { $0 }.max()
      if let enough, enough < window.first {
        note = (note ?? "") + " Your latest readings are from \(enough.iso): try --as-of \(enough.adding(days: 1).iso)."
      }
    }
    var named = scan
    if let zone, !scan.alerts.isEmpty {
      let events = try DayEventReader(database: database, zone: zone).events(
        from: window.first.adding(days: -HealthAlert.loggedLeadDays), through: window.last)
      // Symptoms are named by the scan itself, as evidence.
      named.alerts = scan.alerts.map { $0.naming(events.filter { $0.kind == .tag }) }
    }
    return AlertsAnswer(from: named.from, to: named.to, alerts: named.alerts, note: note, scan: named)
  }

  /// The one line said when no day could be judged.
  package static func shortfall(_ shortfall: AlertScan.Shortfall, scan: AlertScan) -> String {
    let signals = "resting heart rate, HRV, respiratory rate, wrist temperature and blood oxygen"
    switch shortfall {
    case .moreDays(let needed):
      return "Not enough readings for your usual ranges yet: \(needed) more day\(needed == 1 ? "" : "s") of "
        + "readings of resting heart rate, or of at least two of \(signals), are needed."
    case .fewSignals(let withReadings):
      let names = withReadings.compactMap { id in AlertSignal.all.first { $0.metric == id }?.name }
      let have = names.isEmpty ? "none of them" : "only \(names.joined(separator: " and "))"
      return "Early warnings need readings of resting heart rate, or of at least two of \(signals) "
        + "(an Apple Watch worn at night); the \(DataGuidance.count(scan.from.days(to: scan.to) + 1, "day")) "
        + "judged, \(scan.from.iso) to \(scan.to.iso), have \(have)."
    }
  }

  /// Creates a value from its stored properties.
  package init(from: CalendarDay, to: CalendarDay, alerts: [HealthAlert], note: String? = nil, scan: AlertScan) {
    self.from = from
    self.to = to
    self.alerts = alerts
    self.note = note
    self.scan = scan
  }
}
