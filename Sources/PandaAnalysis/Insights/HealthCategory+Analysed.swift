import PandaCore

extension HealthCategory {
  /// The categories insights are written for.
  package static let analysed: [HealthCategory] = [
    .heart, .sleep, .activity, .mobility, .mindfulness, .body, .respiratory, .hearing, .nutrition,
  ]
}
