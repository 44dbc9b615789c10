/// What an early-warning scan found over a stretch of days, or why it could judge none of them.
public struct AlertScan: Sendable, Equatable {
  /// Why no day could be judged.
  public enum Shortfall: Sendable, Equatable {
    /// Fewer than two signals have any readings in the weeks before the last day.
    case fewSignals(withReadings: [String])
    /// Two signals have readings, but not yet enough for a band: `needed` more days of them.
    case moreDays(needed: Int)
  }

  /// The days judged.
  public var from: CalendarDay
  public var to: CalendarDay
  /// The alerts, oldest first.
  public var alerts: [HealthAlert]
  /// Days on which at least two signals had a reading and a band to judge it by.
  public var judgedDays: Int
  /// Why no day could be judged (`nil` when some day was).
  public var shortfall: Shortfall?

  /// The alert still running on the last day judged, if any.
  public var active: HealthAlert? { alerts.last { $0.isActive } }
}
