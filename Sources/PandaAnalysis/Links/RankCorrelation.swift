import Foundation

/// Spearman's rank correlation and its p-value: ranks keep one extreme day (a 40,000-step hike)
/// from making a link.
enum RankCorrelation {
  /// The rank correlation of `xs` and `ys` (tied values share their mean rank); `nil` when
  /// either side has no spread or the counts differ.
  static func spearman(_ xs: [Double], _ ys: [Double]) -> Double? {
    guard xs.count == ys.count, xs.count >= 3 else { return nil }
    return pearson(ranks(xs), ranks(ys))
  }

  /// The two-sided p-value of a correlation `r` over `count` pairs, on `effectiveCount − 2`
  /// degrees of freedom: a series whose days follow each other carries fewer independent days
  /// than it has, and `effectiveCount` says how many.
  static func pValue(_ r: Double, effectiveCount: Double) -> Double {
    let degrees = effectiveCount - 2
    guard degrees > 0 else { return 1 }
    guard abs(r) < 1 else { return 0 }
    let t = r * (degrees / (1 - r * r)).squareRoot()
    return ChanceProbability.studentT(t, degrees: degrees)
  }

  /// How many independent days `count` paired days are worth when each side's days follow
  /// each other: n / (1 + 2 Σₖ ρ₁(k) ρ₂(k)) over the lags both autocorrelations are given for
  /// (Bartlett's variance of a cross-correlation), never more than n.
  static func effectiveCount(_ count: Int, first: [Double], second: [Double]) -> Double {
    let sum = zip(first, second).reduce(0) { $0 + $1.0 * $1.1 }
    return Double(count) / max(1, 1 + 2 * sum)
  }

  /// Pearson's correlation; `nil` when either side has no spread.
  static func pearson(_ xs: [Double], _ ys: [Double]) -> Double? {
    guard xs.count == ys.count, xs.count >= 2 else { return nil }
    let n = Double(xs.count)
    let meanX = xs.reduce(0, +) / n
    let meanY = ys.reduce(0, +) / n
    var sxy = 0.0
    var sxx = 0.0
    var syy = 0.0
    for index in xs.indices {
      let dx = xs[index] - meanX
      let dy = ys[index] - meanY
      sxy += dx * dy
      sxx += dx * dx
      syy += dy * dy
    }
    guard sxx > 0, syy > 0 else { return nil }
    return sxy / (sxx * syy).squareRoot()
  }

  /// Ranks from 1, ties sharing the mean of their ranks.
  static func ranks(_ values: [Double]) -> [Double] {
    let order = values.indices.sorted { values[$0] < values[$1] }
    var ranks = [Double](repeating: 0, count: values.count)
    var start = 0
    while start < order.count {
      var end = start
      while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
      let rank = Double(start + end) / 2 + 1
      for position in start...end { ranks[order[position]] = rank }
      start = end + 1
    }
    return ranks
  }
}
