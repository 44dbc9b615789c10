import Foundation

/// The size of a link: how far the effect moved per unit of the cause, robust to one extreme day
/// and to values recorded in whole numbers.
///
/// The Theil–Sen slope (the median of the slopes between every two days with different causes)
/// fails on whole-number values such as resting heart rate in bpm: many pairs of days share the
/// same effect, their slope is exactly 0, and that pile of zeros drags the median towards 0, or
/// onto it, however clear the link. Here a value recorded in steps of `resolution` stands for any
/// value within half a step of it, as the interpolated median of grouped data assumes: the
/// difference of two days is then spread evenly over the step (a triangle from −1 to +1 step
/// around the recorded difference), so each pair's slope is a small spread of slopes rather than
/// a point. The size is the median of all those spreads together (found by Newton's method, as the
/// share below a slope rises smoothly). Rounding
/// adds a symmetric error to every difference, so this median stays on the true slope where the
/// plain one is pulled to 0; with values recorded finely (`resolution` 0) it is the Theil–Sen
/// slope itself.
///
/// A link has passed the rank test before its size is taken, so it is always reported: should
/// the median still be 0 or have the other sign than the rank correlation, the size is the one
/// the rank correlation implies, `2 sin(π ρ / 6)` (the correlation of normal data with Spearman's
/// ρ) times the effect's spread over the cause's, both robust (the median absolute deviation).
enum RelationSlope {
  /// The size of a link tested on `pairs` (the cause's and the effect's deviations), whose rank
  /// correlation is `correlation`, the effect recorded in steps of `resolution` (0 when finely).
  /// `nil` when no two days have different causes.
  static func slope(_ pairs: [(x: Double, y: Double)], resolution: Double, correlation: Double) -> Double? {
    guard let median = interpolatedSenSlope(pairs, resolution: resolution) else { return nil }
    if median != 0 && (median > 0) == (correlation > 0) { return median }
    return correlationSlope(pairs, correlation: correlation)
  }

  /// The median slope between every two points with different `x`, each `y` spread evenly over
  /// `resolution` around its value; the Theil–Sen slope when `resolution` is 0.
  static func interpolatedSenSlope(_ points: [(x: Double, y: Double)], resolution: Double) -> Double? {
    guard resolution > 0 else { return RobustStatistics.theilSenSlope(points) }
    // Each pair as its recorded slope and how far the rounding can move it (`resolution / |dx|`).
    var centres: [Double] = []
    var widths: [Double] = []
    centres.reserveCapacity(points.count * (points.count - 1) / 2)
    widths.reserveCapacity(centres.capacity)
    var low = Double.infinity
    var high = -Double.infinity
    for i in points.indices {
      for j in (i + 1)..<points.count where points[j].x != points[i].x {
        let dx = points[j].x - points[i].x
        let centre = (points[j].y - points[i].y) / dx
        let width = resolution / abs(dx)
        centres.append(centre)
        widths.append(width)
        low = min(low, centre - width)
        high = max(high, centre + width)
      }
    }
    guard !centres.isEmpty else { return nil }
    // The share of all spreads below a slope rises smoothly from 0 at `low` to 1 at `high`: its
    // middle is found by Newton's method, kept inside the bracket by bisection.
    let half = Double(centres.count) / 2
    var slope = (low + high) / 2
    if let start = correlationSlope(
      points, correlation: RankCorrelation.spearman(points.map(\.x), points.map(\.y)) ?? 0),
      start > low, start < high
    {
      slope = start
    }
    for _ in 0..<100 {
      var below = 0.0
      var density = 0.0
      for index in centres.indices {
        let t = (slope - centres[index]) / widths[index]
        if t >= 1 {
          below += 1
        } else if t > -1 {
          below += t <= 0 ? (1 + t) * (1 + t) / 2 : 1 - (1 - t) * (1 - t) / 2
          density += (1 - abs(t)) / widths[index]
        }
      }
      if below < half { low = slope } else { high = slope }
      var next = density > 0 ? slope + (half - below) / density : (low + high) / 2
      if !(next > low && next < high) { next = (low + high) / 2 }
      let done = abs(next - slope) <= 1e-9 * max(1, abs(slope))
      slope = next
      if done || high - low <= 1e-12 * max(1, abs(slope)) { break }
    }
    return slope
  }

  /// The slope the rank correlation implies: `2 sin(π ρ / 6)` times the effect's spread over the
  /// cause's (median absolute deviations, the standard deviations where those are 0); `nil` when
  /// the cause has no spread.
  static func correlationSlope(_ points: [(x: Double, y: Double)], correlation: Double) -> Double? {
    guard let spreadX = spread(points.map(\.x)), spreadX > 0, let spreadY = spread(points.map(\.y)) else {
      return nil
    }
    return 2 * sin(Double.pi * correlation / 6) * spreadY / spreadX
  }

  /// The median absolute deviation from the median, scaled to a normal standard deviation, or
  /// the standard deviation itself where half the values or more are the same.
  private static func spread(_ values: [Double]) -> Double? {
    guard let centre = RobustStatistics.median(values),
      let mad = RobustStatistics.median(values.map { abs($0 - centre) })
    else { return nil }
    return mad > 0 ? 1.4826 * mad : RobustStatistics.variance(values).squareRoot()
  }

  /// The step `values` are recorded in: 1 for whole numbers (bpm, minutes, steps), 0.1 or 0.01
  /// for values with one or two decimals, 0 for values recorded more finely than that.
  static func resolution(of values: [Double]) -> Double { RobustStatistics.resolution(of: values) }
}
