/// A body signal the early warning watches, with the direction that goes with strain and the
/// narrowest band that counts as unusual for it.
public struct AlertSignal: Sendable, Equatable {
  /// The metric id.
  public var metric: String
  /// Whether a high reading (true) or a low one goes with strain.
  public var unhealthyIsHigh: Bool
  /// The smallest half-width of a band, in the metric's unit, given the usual value: below it a
  /// departure is within what the sensors themselves vary by.
  var minimumHalfWidth: @Sendable (Double) -> Double
  /// The words for it in a sentence.
  var name: String

  public static func == (lhs: AlertSignal, rhs: AlertSignal) -> Bool { lhs.metric == rhs.metric }

  /// Resting heart rate, HRV, respiratory rate, sleeping wrist temperature (stored as the night's
  /// difference from the person's baseline, see `NightlyDeviation`) and blood oxygen.
  public static let all: [AlertSignal] = [
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
}
