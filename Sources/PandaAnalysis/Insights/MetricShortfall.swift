/// A metric that could not be assessed, and why.
struct MetricShortfall: Sendable, Equatable {
  package var metric: String
  var shortfall: TrendCalculator.Shortfall
  /// Days with data each window needs before the two are compared.
  var currentNeeded = 0
  var baselineNeeded = 0
  /// The current window's value (the day's value, or the mean of the days there are), when
  /// it has any.
  var currentValue: Double? = nil
}
