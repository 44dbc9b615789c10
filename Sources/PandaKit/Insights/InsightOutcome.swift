/// A job's result as reported: the insight, whether it was computed now or reused, and when.
public struct InsightOutcome: Sendable, Equatable {
  /// Where an insight came from.
  public enum Source: String, Codable, Sendable {
    case fresh, cache
  }

  public var job: InsightJob
  public var insight: Insight
  public var source: Source
  /// Seconds since 1970 when the insight was generated.
  public var generatedAt: Int64
  /// The day the analysis was made as of.
  public var generatedDay: CalendarDay
  /// Why the job failed, when it did.
  public var failure: String?
  /// Why the provider's answer was replaced by the offline analyzer's, when it was.
  public var fallback: Fallback?

  /// A provider failure the offline analyzer stood in for.
  public struct Fallback: Sendable, Equatable {
    public var reason: String
    /// Whether the provider could not be reached at all.
    public var unreachable: Bool
  }
}
