import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaSynthetic
@testable import PandaTestSupport

@Suite struct RelationSlopeTests {
  /// `count` points on a line of `slope` with normal noise, the `y` rounded to whole numbers.
  private func wholeNumberPoints(slope: Double, noise: Double, count: Int, seed: UInt64) -> [(x: Double, y: Double)] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      let x = random.normal(mean: 0, deviation: 0.3)
      return (x, (56 + slope * x + random.normal(mean: 0, deviation: noise)).rounded())
    }
  }

  @Test func tiesFromWholeNumbersDoNotPullTheSizeToZero() throws {
    // A weak link on whole numbers: most pairs of days share their value, and the plain
    // Theil–Sen slope sits on 0 or far below the line's.
    var plain: [Double] = []
    var interpolated: [Double] = []
    for seed in 1...8 as ClosedRange<UInt64> {
      let points = wholeNumberPoints(slope: -1.5, noise: 1, count: 365, seed: seed)
      plain.append(try #require(RobustStatistics.theilSenSlope(points)))
      interpolated.append(try #require(RelationSlope.interpolatedSenSlope(points, resolution: 1)))
    }
    #expect(plain.contains(0))
    #expect(try #require(RobustStatistics.median(plain)) > -1.5 * 0.6)
    for slope in interpolated { #expect(abs(slope + 1.5) < 1.5 * 0.25) }
    #expect(abs(try #require(RobustStatistics.median(interpolated)) + 1.5) < 1.5 * 0.1)
  }

  @Test func finelyRecordedValuesGetTheTheilSenSlope() {
    var random = SeededGenerator(seed: 3)
    let points = (0..<200).map { _ in
      let x = random.normal(mean: 0, deviation: 1)
      return (x: x, y: 2 * x + random.normal(mean: 0, deviation: 3))
    }
    #expect(RelationSlope.interpolatedSenSlope(points, resolution: 0) == RobustStatistics.theilSenSlope(points))
    #expect(RelationSlope.slope(points, resolution: 0, correlation: 0.5) == RobustStatistics.theilSenSlope(points))
    #expect(RelationSlope.interpolatedSenSlope([(1, 2), (1, 3)], resolution: 1) == nil)
  }

  @Test func theSizeOfALinkThatPassedAlwaysHasTheCorrelationsSign() throws {
    // Most days share one value and the five highest causes have a higher one: the median slope
    // is 0, though higher causes go with higher effects. The size is then the one the rank
    // correlation implies.
    let points: [(x: Double, y: Double)] = (0..<40).map { index in (Double(index), index >= 35 ? 1 : 0) }
    #expect(RobustStatistics.theilSenSlope(points) == 0)
    let rho = try #require(RankCorrelation.spearman(points.map(\.x), points.map(\.y)))
    #expect(rho > 0)
    let slope = try #require(RelationSlope.slope(points, resolution: 0, correlation: rho))
    #expect(slope > 0)
    #expect(slope == RelationSlope.correlationSlope(points, correlation: rho))
  }

  @Test func theResolutionIsTheStepValuesAreRecordedIn() {
    #expect(RelationSlope.resolution(of: [56, 57, 61, 55]) == 1)
    #expect(RelationSlope.resolution(of: [70.4, 71.2, 69]) == 0.1)
    #expect(RelationSlope.resolution(of: [36.55, 36.4]) == 0.01)
    #expect(RelationSlope.resolution(of: [7.2345, 6.9]) == 0)
    #expect(RelationSlope.resolution(of: []) == 0)
  }
}
