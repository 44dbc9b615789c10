/// What the nightly run says about an early warning: once when it starts, at high priority, and
/// once when it ends. Never again every night while it lasts: each notice is queued under a key
/// of its own (`alert started 2025-03-03`), which the outbox keeps once per destination.
public struct AlertNotice: Codable, Sendable, Equatable {
  /// Whether the alert started or ended.
  public enum State: String, Codable, Sendable {
    case started, ended
  }

  /// Whether the alert started or ended.
  public var state: State
  /// The alert's first day: what names it across nights.
  public var start: CalendarDay
  /// Its last day so far.
  public var end: CalendarDay
  /// The alert's sentence, with its figures.
  public var sentence: String

  /// A notice as decided.
  public init(state: State, start: CalendarDay, end: CalendarDay, sentence: String) {
    self.state = state
    self.start = start
    self.end = end
    self.sentence = sentence
  }

  /// Days an alert that ended can still be said to have ended: older ones are history.
  static let endedWithin = 7

  /// The outbox key that makes the notice once per alert and destination.
  var dedupKey: String { "alert \(state.rawValue) \(start.iso)" }

  /// The key of the notice that the alert started: an end is told only where its start was.
  var startedKey: String { "alert started \(start.iso)" }

  /// The notices a run as of `lastDay` (the latest complete day) may queue: a start for each
  /// alert still going on, an end for each that ended in the last `endedWithin` days. Whether
  /// each was already sent is the outbox's to say.
  static func candidates(
    _ alerts: [(start: CalendarDay, end: CalendarDay, sentence: String, isActive: Bool)], lastDay: CalendarDay
  ) -> [AlertNotice] {
    alerts.compactMap { alert in
      if alert.isActive {
        return AlertNotice(state: .started, start: alert.start, end: alert.end, sentence: alert.sentence)
      }
      guard alert.end.days(to: lastDay) <= endedWithin else { return nil }
      return AlertNotice(
        state: .ended, start: alert.start, end: alert.end,
        sentence: "The early warning that started on \(alert.start.iso) ended on \(alert.end.iso): "
          + "the signals are back within your usual range.")
    }
  }
}
