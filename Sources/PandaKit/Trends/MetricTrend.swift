/// Which way a metric moved, if it moved enough to say so.
public enum TrendDirection: String, Codable, Sendable {
  case up, down, flat
}

/// Whether a metric's move is good news.
public enum Assessment: String, Codable, Sendable {
  case improving, declining, stable
}

/// The figures panda computes for one metric and period. Every number an insight states comes
/// from here.
public struct MetricTrend: Sendable, Equatable, Codable {
  public var metric: String
  public var unit: String
  /// The current window's value: the day's value, or the mean per day over the window.
  public var current: Double
  /// The baseline window's mean per day.
  public var baseline: Double
  public var change: Double
  public var changePercent: Double?
  /// The Theil–Sen slope over both windows, per day.
  public var slopePerDay: Double?
  public var direction: TrendDirection
  public var assessment: Assessment
  /// Days with data in each window.
  public var currentDays: Int
  public var baselineDays: Int
  /// Recent values for a sparkline, oldest first (`nil` for days without data).
  public var recent: [Double?]

  /// The metric's catalogue entry.
  public var catalogueMetric: Metric? { MetricCatalogue.metric(metric) }
}
