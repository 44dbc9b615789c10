extension MetricAssessment {
  /// The word a card shows beside the figures: `improving` or `declining`; `higher` or `lower`
  /// for a clear difference that is neither better nor worse (weight down 2.3 kg is no
  /// "stable"); otherwise `stable`.
  package var chip: String {
    switch assessment {
    case .improving, .declining: return assessment.rawValue
    case .stable:
      guard trend.size == .clear, (trend.evidence ?? .enough) == .enough, trend.change != 0 else { return "stable" }
      return trend.change > 0 ? "higher" : "lower"
    }
  }
}
