/// Keeps the share of false claims low over a whole report rather than per comparison.
///
/// A report compares some hundred metrics and periods; at a fixed bar per comparison a few of
/// them would pass by chance in every report. The Benjamini–Hochberg procedure sets one bar for
/// all of a run's comparisons from their p-values together: the larger the family and the fewer
/// the clear differences, the stricter the bar.
public enum FalseClaimControl {
  /// The expected share of false claims among the claims of a report.
  public static let falseDiscoveryRate = 0.05

  /// The bar a single comparison is held to on its own (no report around it).
  public static let singleComparisonBar = 0.05

  /// The Benjamini–Hochberg bar for `pValues` at `rate`: the largest p(k) with
  /// p(k) ≤ k · rate / m; a comparison is a claim when its p-value is at most the bar. When no
  /// p-value qualifies the bar is the strictest one, rate / m, which none of them reaches.
  public static func bar(for pValues: [Double], rate: Double = falseDiscoveryRate) -> Double {
    let sorted = pValues.filter { !$0.isNaN }.sorted()
    guard !sorted.isEmpty else { return singleComparisonBar }
    let count = Double(sorted.count)
    var bar = rate / count
    for (index, p) in sorted.enumerated() where p <= Double(index + 1) * rate / count {
      bar = max(bar, p)
    }
    return bar
  }
}
