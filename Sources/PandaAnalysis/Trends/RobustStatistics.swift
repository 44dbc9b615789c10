/// Statistics that one odd day cannot sway.
package enum RobustStatistics {
  /// The Theil–Sen slope: the median of the slopes between every pair of points (x in days).
  static func theilSenSlope(_ points: [(x: Double, y: Double)]) -> Double? {
    guard points.count >= 2 else { return nil }
    var slopes: [Double] = []
    slopes.reserveCapacity(points.count * (points.count - 1) / 2)
    for i in 0..<points.count {
      for j in (i + 1)..<points.count where points[j].x != points[i].x {
        slopes.append((points[j].y - points[i].y) / (points[j].x - points[i].x))
      }
    }
    return median(slopes)
  }

  package static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The median of `values` recorded in steps of `resolution` (1 for whole bpm), each taken as
  /// any value within half a step of it: the interpolated median of grouped data, L + (n/2 − below)
  /// / count × step within the middle value's step. Unlike the plain median, which stays on the
  /// grid, it moves smoothly as the values do, so the difference of two such medians is not off
  /// by up to a whole step. The plain median when `resolution` is 0; `nil` for no values.
  static func interpolatedMedian(_ values: [Double], resolution: Double) -> Double? {
    guard resolution > 0 else { return median(values) }
    let sorted = values.sorted()
    guard let middle = median(sorted) else { return nil }
    // The step holding the middle: with an even count between two steps, the lower one, whose
    // upper edge the interpolation then reaches exactly.
    let half = Double(sorted.count) / 2
    let cell = sorted[(sorted.count - 1) / 2]
    let below = Double(sorted.prefix { $0 < cell - resolution / 2 }.count)
    let within = Double(sorted.filter { abs($0 - cell) < resolution / 2 }.count)
    guard within > 0 else { return middle }
    return cell - resolution / 2 + (half - below) / within * resolution
  }

  /// The step `values` are recorded in: 1 for whole numbers (bpm, minutes, steps), 0.1 or 0.01
  /// for values with one or two decimals, 0 for values recorded more finely than that.
  static func resolution(of values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    for step in [1, 0.1, 0.01] {
      if values.allSatisfy({ abs($0 / step - ($0 / step).rounded()) < 1e-6 }) { return step }
    }
    return 0
  }

  static func mean(_ values: [Double]) -> Double? {
    values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
  }

  /// The sample variance (n − 1 in the denominator); 0 for fewer than two values.
  static func variance(_ values: [Double]) -> Double {
    guard values.count >= 2, let mean = mean(values) else { return 0 }
    return values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
  }

  /// The spread of `points` around the line of `slope` through their median intercept: the
  /// variance of the residuals on n − 2 degrees of freedom, with how many points it rests on;
  /// `nil` without a slope or with fewer than four points.
  static func residualVariance(_ points: [(x: Double, y: Double)], slope: Double?) -> (variance: Double, count: Int)? {
    guard let slope, points.count >= 4, let intercept = median(points.map { $0.y - slope * $0.x }) else { return nil }
    let residuals = points.map { $0.y - intercept - slope * $0.x }
    guard let mean = mean(residuals) else { return nil }
    let squares = residuals.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    return (squares / Double(points.count - 2), points.count)
  }
}
