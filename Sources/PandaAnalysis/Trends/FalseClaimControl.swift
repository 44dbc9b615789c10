/// Keeps the share of false claims low over a whole report rather than per comparison.
///
/// A report compares some hundred metrics and periods; at a fixed bar per comparison a few of
/// them would pass by chance in every report. The Benjamini–Hochberg procedure sets one bar for
/// all of a run's comparisons from their p-values together: the larger the family and the fewer
/// the clear differences, the stricter the bar.
enum FalseClaimControl {
  /// The expected share of false claims among the claims of a report.
  static let falseDiscoveryRate = 0.05

  /// The bar a single comparison is held to on its own (no report around it).
  static let singleComparisonBar = 0.05

  /// The Benjamini–Hochberg bar for `pValues` at `rate`: the largest p(k) with
  /// p(k) ≤ k · rate / m; a comparison is a claim when its p-value is at most the bar. When no
  /// p-value qualifies the bar is the strictest one, rate / m, which none of them reaches.
  static func bar(for pValues: [Double], rate: Double = falseDiscoveryRate) -> Double {
    let sorted = pValues.filter { !$0.isNaN }.sorted()
    guard !sorted.isEmpty else { return singleComparisonBar }
    let count = Double(sorted.count)
    var bar = rate / count
    for (index, p) in sorted.enumerated() where p <= Double(index + 1) * rate / count {
      bar = max(bar, p)
    }
    return bar
  }

  /// The Benjamini–Hochberg adjusted p-value (q-value) of each of `pValues`, in their order: the
  /// smallest false-discovery rate at which the comparison would be a claim. A comparison is a
  /// claim at `rate` exactly when its q-value is at most `rate`, as with `bar(for:rate:)`.
  static func qValues(for pValues: [Double]) -> [Double] {
    let order = pValues.indices.filter { !pValues[$0].isNaN }.sorted { pValues[$0] < pValues[$1] }
    let count = Double(order.count)
    var qValues = pValues.map { $0.isNaN ? 1.0 : $0 }
    var smallest = 1.0
    for (rank, index) in order.enumerated().reversed() {
      smallest = min(smallest, pValues[index] * count / Double(rank + 1))
      qValues[index] = smallest
    }
    return qValues
  }
}
