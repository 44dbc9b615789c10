/// A body signal the early warning watches, with the direction that goes with strain and the
/// narrowest band that counts as unusual for it.
package struct AlertSignal: Sendable, Equatable {
  /// The metric id.
  package var metric: String
  /// Whether a high reading (true) or a low one goes with strain.
  var unhealthyIsHigh: Bool
  /// The smallest half-width of a band, in the metric's unit, given the usual value: below it a
  /// departure is within what the sensors themselves vary by.
  var minimumHalfWidth: @Sendable (Double) -> Double
  /// The words for it in a sentence.
  package var name: String

  package static func == (lhs: AlertSignal, rhs: AlertSignal) -> Bool { lhs.metric == rhs.metric }

  /// Resting heart rate, HRV, respiratory rate, sleeping wrist temperature (stored as the night's
  /// difference from the person's baseline, see `NightlyDeviation`) and blood oxygen.
  package static let all: [AlertSignal] = [
    AlertSignal(
      metric: "heart.restingHeartRate", unhealthyIsHigh: true, minimumHalfWidth: { _ in 3 },
      name: "resting heart rate"),
    AlertSignal(metric: "heart.hrv", unhealthyIsHigh: false, minimumHalfWidth: { abs($0) * 0.15 }, name: "HRV"),
    AlertSignal(
      metric: "respiratory.respiratoryRate", unhealthyIsHigh: true, minimumHalfWidth: { _ in 1 },
      name: "respiratory rate"),
    AlertSignal(
      metric: "body.wristTemperature", unhealthyIsHigh: true, minimumHalfWidth: { _ in 0.3 },
      name: "wrist temperature"),
    AlertSignal(
      metric: "respiratory.oxygenSaturation", unhealthyIsHigh: false, minimumHalfWidth: { _ in 1.5 },
      name: "blood oxygen"),
  ]

  /// Creates a value from its stored properties.
  init(
    metric: String, unhealthyIsHigh: Bool, minimumHalfWidth: @escaping @Sendable (Double) -> Double, name: String
  ) {
    self.metric = metric
    self.unhealthyIsHigh = unhealthyIsHigh
    self.minimumHalfWidth = minimumHalfWidth
    self.name = name
  }
}
