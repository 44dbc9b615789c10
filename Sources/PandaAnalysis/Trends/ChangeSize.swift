/// How large a difference is next to what matters for the metric and the person's own spread.
package enum ChangeSize: String, Codable, Sendable {
  /// Smaller than the metric's worth-mentioning threshold.
  case negligible
  /// Worth mentioning in size, but within the day-to-day spread.
  case withinNoise
  /// Worth mentioning and beyond the noise.
  case clear
}
