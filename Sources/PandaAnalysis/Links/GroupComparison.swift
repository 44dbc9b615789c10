import Foundation

/// Two groups of days compared without assuming a shape: the Mann–Whitney rank-sum test (its
/// normal approximation, corrected for ties) and the Hodges–Lehmann shift, the median of every
/// difference between a day of the first group and a day of the second. One extreme day moves
/// neither.
package enum GroupComparison {
  /// The test's result: how unusual the difference is and how large it is.
  package struct Result: Equatable {
    /// The two-sided p-value.
    package var pValue: Double
    /// The rank-biserial correlation, from −1 (every first-group day lower) to 1.
    var rankCorrelation: Double
    /// The Hodges–Lehmann shift: first group less second, in the values' unit.
    var shift: Double

    /// Creates a value from its stored properties.
    init(pValue: Double, rankCorrelation: Double, shift: Double) {
      self.pValue = pValue
      self.rankCorrelation = rankCorrelation
      self.shift = shift
    }
  }

  /// The comparison of `first` with `second`; `nil` when either is empty or no value differs.
  /// `inflation` (1 or more) widens the statistic's variance where the days are not
  /// independent: the days compared follow each other, and so may the group a day is in.
  ///
  /// With a `margin` above 0, the p-value is that of a minimum-effect test: how unusual the
  /// difference would be if the true shift were only `margin` in the shift's direction (the
  /// first group moved back by `margin` before ranking), so that only a shift clearly larger
  /// than `margin` comes out small; a shift within `margin` of 0 gets 1. The shift and the rank
  /// correlation stay those of the groups as given.
  package static func compare(_ first: [Double], _ second: [Double], inflation: Double = 1, margin: Double = 0)
    -> Result?
  {
    guard margin > 0 else { return compareAtZero(first, second, inflation: inflation) }
    guard let plain = compareAtZero(first, second, inflation: inflation) else { return nil }
    guard abs(plain.shift) > margin else {
      return Result(pValue: 1, rankCorrelation: plain.rankCorrelation, shift: plain.shift)
    }
    let back = plain.shift > 0 ? margin : -margin
    let moved = compareAtZero(first.map { $0 - back }, second, inflation: inflation)
    return Result(pValue: moved?.pValue ?? 1, rankCorrelation: plain.rankCorrelation, shift: plain.shift)
  }

  /// The test of no difference at all (see `compare`).
  private static func compareAtZero(_ first: [Double], _ second: [Double], inflation: Double) -> Result? {
    guard !first.isEmpty, !second.isEmpty else { return nil }
    let ranks = RankCorrelation.ranks(first + second)
    let n1 = Double(first.count)
    let n2 = Double(second.count)
    let total = n1 + n2
    let rankSum = ranks.prefix(first.count).reduce(0, +)
    let u = rankSum - n1 * (n1 + 1) / 2
    // Ties lower the variance by Σ(t³ − t) / (n(n − 1)) over the groups of tied values.
    var tieSum = 0.0
    var counts: [Double: Int] = [:]
    for rank in ranks { counts[rank, default: 0] += 1 }
    for count in counts.values where count > 1 {
      let t = Double(count)
      tieSum += t * t * t - t
    }
    let variance = n1 * n2 / 12 * ((total + 1) - tieSum / (total * (total - 1)))
    guard variance > 0 else { return nil }
    let z = (u - n1 * n2 / 2) / (variance * max(1, inflation)).squareRoot()
    return Result(
      pValue: ChanceProbability.normal(z), rankCorrelation: 2 * u / (n1 * n2) - 1, shift: shift(first, second))
  }

  /// The median of every difference `a − b`, `a` from `first` and `b` from `second`.
  static func shift(_ first: [Double], _ second: [Double]) -> Double {
    var differences: [Double] = []
    differences.reserveCapacity(first.count * second.count)
    for a in first {
      for b in second { differences.append(a - b) }
    }
    guard !differences.isEmpty else { return 0 }
    differences.sort()
    let middle = differences.count / 2
    return differences.count % 2 == 1 ? differences[middle] : (differences[middle - 1] + differences[middle]) / 2
  }
}
