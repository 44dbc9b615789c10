extension HealthCategory {
  /// The categories insights are written for.
  public static let analysed: [HealthCategory] = [
    .heart, .sleep, .activity, .mobility, .mindfulness, .body, .respiratory, .hearing, .nutrition,
  ]
}
