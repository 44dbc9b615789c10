/// How one category is going over one period: a summary, a word per metric, what is going well
/// and what to improve.
public struct Insight: Codable, Sendable, Equatable {
  public var category: HealthCategory
  public var period: InsightPeriod
  public var status: InsightStatus
  public var summary: String
  public var metrics: [MetricAssessment]
  public var encouragement: [String]
  public var suggestions: [String]
  /// The parts the offline analyzer wrote because the model's words for them failed the checks
  /// (`summary`, `metrics.sleep.asleep`, `suggestions`); `nil` when the writer wrote it all.
  public var offlineParts: [String]?
  /// How many of the model's sentences were judged and which were withheld, with why; `nil`
  /// when panda wrote it all.
  public var judgement: SentenceJudgement?
  /// The goals set for the category's metrics, over the period's current window (the day, the
  /// last 7 or 30 days); `nil` when none is set. panda computes them, never the writer.
  public var goals: [GoalProgress]?
  /// The Move, Exercise and Stand goals of the Health app's activity summaries over the current
  /// window; `nil` when no summary in it has a goal. panda computes them, never the writer.
  public var rings: [RingProgress]?

  public init(
    category: HealthCategory, period: InsightPeriod, status: InsightStatus, summary: String,
    metrics: [MetricAssessment] = [], encouragement: [String] = [], suggestions: [String] = []
  ) {
    self.category = category
    self.period = period
    self.status = status
    self.summary = summary
    self.metrics = metrics
    self.encouragement = encouragement
    self.suggestions = suggestions
  }
}
