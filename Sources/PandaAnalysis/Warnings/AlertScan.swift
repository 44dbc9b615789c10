import PandaCore

/// What an early-warning scan found over a stretch of days, or why it could judge none of them.
package struct AlertScan: Sendable, Equatable {
  /// Why no day could be judged.
  enum Shortfall: Sendable, Equatable {
    /// Fewer than two signals have any readings in the weeks before the last day.
    case fewSignals(withReadings: [String])
    /// Two signals have readings, but not yet enough for a band: `needed` more days of them.
    case moreDays(needed: Int)
  }

  /// The days judged.
  package var from: CalendarDay
  package var to: CalendarDay
  /// The alerts, oldest first.
  package var alerts: [HealthAlert]
  /// Days on which at least two signals had a reading and a band to judge it by.
  package var judgedDays: Int
  /// Why no day could be judged (`nil` when some day was).
  var shortfall: Shortfall?

  /// The alert still running on the last day judged, if any.
  var active: HealthAlert? { alerts.last { $0.isActive } }

  /// Creates a value from its stored properties.
  init(from: CalendarDay, to: CalendarDay, alerts: [HealthAlert], judgedDays: Int, shortfall: Shortfall? = nil) {
    self.from = from
    self.to = to
    self.alerts = alerts
    self.judgedDays = judgedDays
    self.shortfall = shortfall
  }
}
