/// Whether a metric changed for real, and whether that is good news: `improving` and
/// `declining` need enough readings on both sides and a difference that is both worth mentioning
/// and larger than the day-to-day noise; anything less is `stable`.
package enum Assessment: String, Codable, Sendable {
  case improving, declining, stable
}
