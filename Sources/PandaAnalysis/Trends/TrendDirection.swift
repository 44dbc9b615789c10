/// Which way a metric's current value lies from its baseline, when the difference is at least
/// the size worth mentioning for that metric; `flat` below it. Says nothing about whether the
/// difference is real: that is `assessment`.
package enum TrendDirection: String, Codable, Sendable {
  case up, down, flat
}
