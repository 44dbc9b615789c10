import PandaCore

/// The figures panda computes for one metric and period. Every number an insight states comes
/// from here.
package struct MetricTrend: Sendable, Equatable, Codable {
  package var metric: String
  var unit: String
  /// The current window's value: the day's value, or the mean per day over the window.
  package var current: Double
  /// The baseline window's mean per day.
  package var baseline: Double
  package var change: Double
  package var changePercent: Double?
  /// The Theil–Sen slope over both windows, per day.
  var slopePerDay: Double?
  package var direction: TrendDirection
  package var assessment: Assessment
  /// Days with data in each window.
  package var currentDays: Int
  package var baselineDays: Int
  /// Recent values for a sparkline, oldest first (`nil` for days without data).
  var recent: [Double?]
  /// Whether the readings can carry a claim (`nil` in insights cached before it was recorded).
  package var evidence: TrendEvidence?
  /// How large the difference is (`nil` in insights cached before it was recorded).
  package var size: ChangeSize?
  /// The difference worth mentioning for this metric at this baseline, in its unit.
  package var threshold: Double?
  /// Partly recorded days left out of the means.
  package var partialDaysLeftOut: Int?
  /// Of `partialDaysLeftOut`, those of the current window (`nil` in insights cached before it
  /// was recorded): the rest are the baseline's.
  var currentPartialDaysLeftOut: Int? = nil
  /// The chance of a difference at least this large if nothing had changed (two-sided; `nil` in
  /// insights cached before it was recorded). A claim needs it at most the report's bar.
  var pValue: Double?
  /// For a habit (weekly and monthly): how often and how long, and which of the two the
  /// claim rests on.
  var habit: HabitChange?
  /// How much single days of the baseline window vary: their standard deviation, in the
  /// metric's unit (`nil` with fewer than two such days, and in insights cached before it was
  /// recorded).
  var spread: Double? = nil
  /// Where Health records the menstrual cycle and the phase moves this metric: the person's
  /// luteal shift (`LutealShift`), taken off the luteal days of both windows for a second
  /// comparison that a claim must pass too; `nil` otherwise.
  package var lutealShift: Double? = nil
  /// The change once `lutealShift` is taken off the luteal days (`nil` without it).
  package var lutealAdjustedChange: Double? = nil

  /// The metric's catalogue entry.
  var catalogueMetric: Metric? { MetricCatalogue.metric(metric) }

  /// Whether the person's days vary a lot next to this difference: single days of the baseline
  /// spread by at least half the difference (a day a whole difference from the usual is then a
  /// common sight). `false` where the spread is not known, so "your days vary a lot" is only
  /// said when they do.
  var daysVaryALot: Bool {
    guard let spread, change != 0 else { return false }
    return spread >= abs(change) * Self.spreadShareOfChange
  }

  /// The share of a difference that the days' standard deviation must reach for the days to
  /// vary a lot next to it.
  static let spreadShareOfChange = 0.5

  /// The difference measured in worth-mentioning thresholds: how headlines rank changes.
  var weight: Double {
    guard let threshold, threshold > 0 else { return 0 }
    return abs(change) / threshold
  }
}
