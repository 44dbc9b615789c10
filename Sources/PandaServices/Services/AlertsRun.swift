import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// The alerts job, built once from typed inputs and shared by every front end: `panda alerts` and
/// the MCP `alerts` tool adapt it and add nothing of their own. A run reads the signals' daily
/// values for its window and the weeks before it, with the menstrual flow and symptom records,
/// scans them for early warnings, and names the tags logged around each alert.
package struct AlertsRun {
  /// The days judged.
  var window: DayRange
  /// The zone the tags' days are counted in; `nil` leaves the alerts without their tags.
  var zone: TimeZone?

  /// A run over `window`, naming the tags logged in `zone`.
  package init(window: DayRange, zone: TimeZone?) {
    self.window = window
    self.zone = zone
  }

  /// Runs the job on `database`.
  package func run(on database: Database) throws -> Output {
    let reader = DailyValueReader(database: database)
    let series = try reader.series(
      AlertDetector.metrics, from: window.first.adding(days: -AlertDetector.historyDays),
      through: window.last)
    // Flow records from a year before, so that the cycles' typical length is known.
    let records = try CategoryRecordReader(database: database).records(
      from: window.first.adding(days: -AlertDetector.historyDays - 365), through: window.last)
    let scan = AlertDetector.scan(series, from: window.first, to: window.last, records: records)
    var note = scan.shortfallSentence
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
    return Output(from: named.from, to: named.to, alerts: named.alerts, note: note, scan: named)
  }
}
