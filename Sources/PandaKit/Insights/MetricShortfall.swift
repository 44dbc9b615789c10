/// A metric that could not be assessed, and why.
public struct MetricShortfall: Sendable, Equatable {
  public var metric: String
  public var shortfall: TrendCalculator.Shortfall
  /// Days with data each window needs before the two are compared.
  public var currentNeeded = 0
  public var baselineNeeded = 0
  /// The current window's value (the day's value, or the mean of the days there are), when
  /// it has any.
  public var currentValue: Double? = nil
}
