/// One metric's part of an insight: panda's figures and a sentence about them.
package struct MetricAssessment: Codable, Sendable, Equatable {
  /// panda's figures.
  package var trend: MetricTrend
  /// The provider's words about them.
  package var message: String

  init(trend: MetricTrend, message: String) {
    self.trend = trend
    self.message = message
  }

  package var metric: String { trend.metric }
  var unit: String { trend.unit }
  var current: Double { trend.current }
  var baseline: Double { trend.baseline }
  var change: Double { trend.change }
  var changePercent: Double? { trend.changePercent }
  var slopePerDay: Double? { trend.slopePerDay }
  var direction: TrendDirection { trend.direction }
  package var assessment: Assessment { trend.assessment }
  var recent: [Double?] { trend.recent }
}
