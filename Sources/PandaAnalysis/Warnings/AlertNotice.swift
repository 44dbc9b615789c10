import PandaCore

/// What the nightly run says about an early warning: once when it starts, at high priority, and
/// once when it ends. Never again every night while it lasts: each notice is queued under a key
/// of its own (`alert started 2025-03-03`), which the outbox keeps once per destination. A
/// possible warning (one signal) that becomes a warning (two or more) is told again, as a warning.
package struct AlertNotice: Codable, Sendable, Equatable {
  /// Whether the alert started or ended.
  package enum State: String, Codable, Sendable {
    case started, ended
  }

  /// Whether the alert started or ended.
  package var state: State
  /// The alert's first day: what names it across nights.
  package var start: CalendarDay
  /// Its last day so far.
  package var end: CalendarDay
  /// The alert's sentence, with its figures.
  package var sentence: String
  /// `warning` for two or more signals, `possible` for one (`warning` in notices queued before
  /// levels existed).
  package var level: HealthAlert.Level
  /// For an end: the sentence that tells the whole alert, what it saw and that it is over, for a
  /// run that never told its start (it began and ended between two runs); `nil` otherwise.
  package var untold: String?

  /// A notice as decided.
  init(
    state: State, start: CalendarDay, end: CalendarDay, sentence: String, level: HealthAlert.Level = .warning,
    untold: String? = nil
  ) {
    self.state = state
    self.start = start
    self.end = end
    self.sentence = sentence
    self.level = level
    self.untold = untold
  }

  private enum CodingKeys: String, CodingKey {
    case state, start, end, sentence, level, untold
  }

  /// Decodes a notice; one queued before levels existed is a `warning`.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    state = try container.decode(State.self, forKey: .state)
    start = try container.decode(CalendarDay.self, forKey: .start)
    end = try container.decode(CalendarDay.self, forKey: .end)
    sentence = try container.decode(String.self, forKey: .sentence)
    level = try container.decodeIfPresent(HealthAlert.Level.self, forKey: .level) ?? .warning
    untold = try container.decodeIfPresent(String.self, forKey: .untold)
  }

  /// Days an alert that ended can still be said to have ended: older ones are history.
  static let endedWithin = 7

  /// The outbox key that makes the notice once per alert and destination: a possible warning's
  /// start has a key of its own, so that the same alert is told again once it is a warning.
  package var dedupKey: String {
    state == .started && level == .possible ? "alert possible \(start.iso)" : "alert \(state.rawValue) \(start.iso)"
  }

  /// The keys of the notices that the alert started: an end is told only where a start was.
  package var startedKeys: [String] { ["alert started \(start.iso)", "alert possible \(start.iso)"] }

  /// "early warning", "possible early warning": what titles and subjects call it.
  package var title: String { level == .possible ? "possible early warning" : "early warning" }

  /// The notices a run as of `lastDay` (the latest complete day) may queue: a start for each
  /// alert still going on (also while its readings have stopped), an end for each whose
  /// readings showed it back in range in the last `endedWithin` days. Whether each was already
  /// sent is the outbox's to say.
  package static func candidates(_ alerts: [HealthAlert], lastDay: CalendarDay) -> [AlertNotice] {
    alerts.compactMap { alert in
      if alert.isActive {
        return AlertNotice(
          state: .started, start: alert.start, end: alert.end, sentence: alert.sentence, level: alert.level)
      }
      let back = alert.backInRange ?? alert.end
      guard back.days(to: lastDay) <= endedWithin else { return nil }
      let readings = back.days(to: lastDay) == 0 ? "on \(back.iso)" : "since \(back.iso)"
      let name = "\(alert.level == .possible ? "possible " : "")early warning"
      return AlertNotice(
        state: .ended, start: alert.start, end: alert.end,
        sentence: "The \(name) that started on \(alert.start.iso) ended on \(alert.end.iso): the readings "
          + "\(readings) show the signals back within your usual range.",
        level: alert.level,
        untold: "A\(alert.level == .possible ? "" : "n") \(name) began and ended before a run could tell of it. "
          + "\(alert.sentence) The readings \(readings) show the signals back within your usual range.")
    }
  }
}
