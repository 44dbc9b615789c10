import Testing

@testable import PandaAnalysis
@testable import PandaTestSupport

/// The luteal shift on readings recorded in whole bpm: the interpolated medians find the planted
/// shift where the plain medians, stuck on whole numbers, are off by most of a bpm.
@Suite struct LutealShiftTests {
  /// Whole-number readings of an even spread of ±3 bpm around `centre`.
  private func readings(around centre: Double) -> [Double] {
    (0..<101).map { (centre + 6 * Double($0) / 100 - 3).rounded() }
  }

  @Test(arguments: [(56.45, 2.2), (56.55, 1.9), (60.3, 2.6), (52.0, 2.5)])
  func aShiftOnWholeBpmIsMeasuredWithinAQuarterOfABpm(follicular: Double, shift: Double) throws {
    let measured = LutealShift.measure(
      luteal: readings(around: follicular + shift), follicular: readings(around: follicular),
      metric: "heart.restingHeartRate", raises: true)
    #expect(abs(measured - shift) < 0.25, "measured \(measured) for \(shift)")
  }

  @Test func theInterpolatedMedianOfWholeNumbersMovesWithTheirSpread() throws {
    // 20 at 55, 32 at 56, 28 at 57, 20 at 58: the middle lies 30/32 of the way through 56's step.
    let values =
      [Double](repeating: 55, count: 20) + [Double](repeating: 56, count: 32)
      + [Double](repeating: 57, count: 28) + [Double](repeating: 58, count: 20)
    #expect(RobustStatistics.median(values) == 56)
    let interpolated = try #require(RobustStatistics.interpolatedMedian(values, resolution: 1))
    #expect(abs(interpolated - (55.5 + 30.0 / 32)) < 1e-9)
    #expect(RobustStatistics.interpolatedMedian([1, 1, 2, 2], resolution: 1) == 1.5)
    #expect(RobustStatistics.interpolatedMedian([1.2, 3.4, 2.7], resolution: 0) == 2.7)
    #expect(RobustStatistics.interpolatedMedian([], resolution: 1) == nil)
  }
}
