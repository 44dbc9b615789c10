/// One metric's part of an insight: panda's figures and a sentence about them.
public struct MetricAssessment: Codable, Sendable, Equatable {
  /// panda's figures.
  public var trend: MetricTrend
  /// The provider's words about them.
  public var message: String

  public init(trend: MetricTrend, message: String) {
    self.trend = trend
    self.message = message
  }

  public var metric: String { trend.metric }
  public var unit: String { trend.unit }
  public var current: Double { trend.current }
  public var baseline: Double { trend.baseline }
  public var change: Double { trend.change }
  public var changePercent: Double? { trend.changePercent }
  public var slopePerDay: Double? { trend.slopePerDay }
  public var direction: TrendDirection { trend.direction }
  public var assessment: Assessment { trend.assessment }
  public var recent: [Double?] { trend.recent }
}
