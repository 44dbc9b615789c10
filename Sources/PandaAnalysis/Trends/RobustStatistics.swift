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

  package static func mean(_ values: [Double]) -> Double? {
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
