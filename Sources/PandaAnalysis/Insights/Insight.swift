import PandaCore

/// How one category is going over one period: a summary, a word per metric, what is going well
/// and what to improve.
package struct Insight: Codable, Sendable, Equatable {
  package var category: HealthCategory
  package var period: InsightPeriod
  package var status: InsightStatus
  package var summary: String
  package var metrics: [MetricAssessment]
  package var encouragement: [String]
  package var suggestions: [String]
  /// The parts the offline analyzer wrote because the model's words for them failed the checks
  /// (`summary`, `metrics.sleep.asleep`, `suggestions`); `nil` when the writer wrote it all.
  var offlineParts: [String]?
  /// How many of the model's sentences were judged and which were withheld, with why; `nil`
  /// when panda wrote it all.
  package var judgement: SentenceJudgement?
  /// The goals set for the category's metrics, over the period's current window (the day, the
  /// last 7 or 30 days); `nil` when none is set. panda computes them, never the writer.
  package var goals: [GoalProgress]?
  /// The Move, Exercise and Stand goals of the Health app's activity summaries over the current
  /// window; `nil` when no summary in it has a goal. panda computes them, never the writer.
  package var rings: [RingProgress]?

  init(
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
