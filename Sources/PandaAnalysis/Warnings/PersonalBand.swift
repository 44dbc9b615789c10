/// What is usual for one person and one signal: the median of the weeks before and a band
/// around it, `spread` robust standard deviations (1.4826 × the median absolute deviation)
/// either side, never narrower than the signal's minimum.
package struct PersonalBand: Sendable, Equatable {
  /// Robust standard deviations either side of the median.
  package static let spread = 3.0

  var usual: Double
  var low: Double
  var high: Double

  /// A band as given.
  init(usual: Double, low: Double, high: Double) {
    self.usual = usual
    self.low = low
    self.high = high
  }

  /// The band of `values`, never narrower than `minimumHalfWidth(usual)` either side; `nil` for
  /// no values.
  package static func band(of values: [Double], minimumHalfWidth: (Double) -> Double) -> PersonalBand? {
    guard let median = RobustStatistics.median(values),
      let deviation = RobustStatistics.median(values.map { abs($0 - median) })
    else { return nil }
    let halfWidth = max(Self.spread * 1.4826 * deviation, minimumHalfWidth(median))
    return PersonalBand(usual: median, low: median - halfWidth, high: median + halfWidth)
  }

  /// How far `value` is outside the band in the unhealthy direction, in half-widths (0 inside).
  func excess(_ value: Double, unhealthyIsHigh: Bool) -> Double {
    let halfWidth = (high - low) / 2
    guard halfWidth > 0 else { return 0 }
    return unhealthyIsHigh ? max(0, value - high) / halfWidth : max(0, low - value) / halfWidth
  }
}
