import PandaAnalysis
import PandaCore

extension AlertsRun {
  /// What an alerts run found: the alerts over the window, with one line saying why no day could
  /// be judged. `panda alerts --format json` and the MCP `alerts` tool encode this one value, and
  /// `panda alerts` prints its `text`.
  package struct Output: Encodable {
    /// The first day judged.
    var from: CalendarDay
    /// The last day judged.
    var to: CalendarDay
    /// The alerts, oldest first, each naming the tags logged around it.
    package var alerts: [HealthAlert]
    /// When no day could be judged: why, in one line.
    var note: String?

    /// The scan behind the output (not encoded).
    let scan: AlertScan

    private enum CodingKeys: String, CodingKey {
      case from, to, alerts, note
    }

    /// Creates a value from its stored properties.
    init(from: CalendarDay, to: CalendarDay, alerts: [HealthAlert], note: String? = nil, scan: AlertScan) {
      self.from = from
      self.to = to
      self.alerts = alerts
      self.note = note
      self.scan = scan
    }

    /// The output as text: the note when no day could be judged, else the scan's headline and
    /// one sentence per alert, newest first.
    package var text: String { note.map { $0 + "\n" } ?? scan.text }
  }
}
