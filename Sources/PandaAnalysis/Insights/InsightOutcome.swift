import PandaCore

/// A job's result as reported: the insight, whether it was computed now or reused, and when.
package struct InsightOutcome: Sendable, Equatable {
  /// Where an insight came from.
  package enum Source: String, Codable, Sendable {
    case fresh, cache
  }

  package var job: InsightJob
  package var insight: Insight
  package var source: Source
  /// Seconds since 1970 when the insight was generated.
  var generatedAt: Int64
  /// The day the analysis was made as of.
  var generatedDay: CalendarDay
  /// Why the job failed, when it did.
  var failure: String?
  /// Why the provider's answer was replaced by the offline analyzer's, when it was.
  package var fallback: Fallback?

  /// A provider failure the offline analyzer stood in for.
  package struct Fallback: Sendable, Equatable {
    package var reason: String
    /// Whether the provider could not be reached at all.
    package var unreachable: Bool
  }

  /// Creates a value from its stored properties.
  init(
    job: InsightJob, insight: Insight, source: Source, generatedAt: Int64, generatedDay: CalendarDay,
    failure: String? = nil, fallback: Fallback? = nil
  ) {
    self.job = job
    self.insight = insight
    self.source = source
    self.generatedAt = generatedAt
    self.generatedDay = generatedDay
    self.failure = failure
    self.fallback = fallback
  }
}
