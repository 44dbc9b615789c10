/// Whether the readings can carry a trend claim.
package enum TrendEvidence: String, Codable, Sendable {
  /// Enough readings on both sides for the metric's sampling pattern.
  case enough
  /// A value to report, but too few readings (one blood-pressure reading this week) to call a trend.
  case fewReadings
  /// The day was only partly recorded, so its value is not compared with whole days.
  case partialDay
}
