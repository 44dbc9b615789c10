/// One metric's part of an insight: panda's figures and a sentence about them.
package struct MetricAssessment: Codable, Sendable, Equatable {
  /// panda's figures.
  package var trend: MetricTrend
  /// The provider's words about them.
  package var message: String

  package init(trend: MetricTrend, message: String) {
    self.trend = trend
    self.message = message
  }

  package var metric: String { trend.metric }
  package var unit: String { trend.unit }
  package var current: Double { trend.current }
  package var baseline: Double { trend.baseline }
  package var change: Double { trend.change }
  package var changePercent: Double? { trend.changePercent }
  var slopePerDay: Double? { trend.slopePerDay }
  package var direction: TrendDirection { trend.direction }
  package var assessment: Assessment { trend.assessment }
  package var recent: [Double?] { trend.recent }
}
