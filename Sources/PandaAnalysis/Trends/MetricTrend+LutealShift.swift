extension MetricTrend {
  /// This trend, the person's own figures, with the claim it may make held to `adjusted`, the
  /// same comparison with the luteal `shift` taken off the luteal days: a direction only where
  /// the adjusted comparison has the same one, and the larger of the two p-values, so that a
  /// change is claimed only when both comparisons make it. The shift and the adjusted change
  /// are recorded beside the figures.
  func adjusted(by adjusted: MetricTrend, shift: Double) -> MetricTrend {
    var trend = self
    if adjusted.direction != direction { trend.direction = .flat }
    if let own = pValue, let other = adjusted.pValue { trend.pValue = max(own, other) }
    trend.lutealShift = shift
    trend.lutealAdjustedChange = adjusted.change
    return trend
  }
}
