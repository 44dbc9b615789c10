/// One daily health measure that panda reports, as the metric catalogue defines it.
package struct Metric: Sendable, Hashable {
  /// The stable id used on the command line and in JSON (`activity.steps`).
  package let id: String
  package let category: HealthCategory
  /// A short name for people (`Steps`).
  package let name: String
  /// The unit daily values are given in.
  package let unit: String
  /// The HealthKit types the metric is formed from, with the unit panda stores them in.
  package let sources: [SampleSource]
  /// How a day's value is formed from the samples.
  package let aggregation: Aggregation
  /// Which way is better.
  package let direction: Direction
  /// Daily values outside this range are flagged as implausible.
  package let plausibleRange: ClosedRange<Double>
  /// The smallest change between periods that is worth a word.
  package let meaningfulChange: MeaningfulChange
  /// Whether a value is expected every day, or only now and then (weight, VO2 max).
  package let isOccasional: Bool
  /// What a day without a sample of the metric means.
  package let missingDay: MissingDay
  /// Whether the sources record through the whole day while they are in use (steps, heart
  /// rate), so that a day they recorded for only part of is partial (`DailyPoint.isPartial`).
  package let isRecordedAllDay: Bool
  /// Whether insights compare the metric over time: a measure that rarely changes (height) is
  /// shown by its latest value only, and events (falls) are said when they happen.
  package let isTrended: Bool

  init(
    id: String, category: HealthCategory, name: String, unit: String, sources: [SampleSource],
    aggregation: Aggregation, direction: Direction, plausibleRange: ClosedRange<Double>,
    meaningfulChange: MeaningfulChange = .relative(0.1), isOccasional: Bool = false,
    missingDay: MissingDay = .unknown, isRecordedAllDay: Bool = false, isTrended: Bool = true
  ) {
    self.id = id
    self.category = category
    self.name = name
    self.unit = unit
    self.sources = sources
    self.aggregation = aggregation
    self.direction = direction
    self.plausibleRange = plausibleRange
    self.meaningfulChange = meaningfulChange
    self.isOccasional = isOccasional
    self.missingDay = missingDay
    self.isRecordedAllDay = isRecordedAllDay
    self.isTrended = isTrended
  }

  /// What a day without a sample means.
  package enum MissingDay: Sendable, Hashable {
    /// Nothing is known about the day (steps, heart, sleep: the device may have been off).
    case unknown
    /// A habit: on a day when the person's devices were in use (any of the `evidence` metrics
    /// has a value above zero) and the metric has been recorded before, no sample means none
    /// was done, so the day counts as 0. A day with no data at all stays missing.
    case zeroWhenInUse(evidence: [String])
  }

  /// A change threshold, in the metric's unit or as a share of the baseline.
  package enum MeaningfulChange: Sendable, Hashable {
    case absolute(Double)
    case relative(Double)

    /// The threshold for a given baseline.
    package func threshold(baseline: Double) -> Double {
      switch self {
      case .absolute(let amount): amount
      case .relative(let share): abs(baseline) * share
      }
    }
  }

  /// A HealthKit type and the unit its samples are stored in, with the factor to the metric's unit.
  package struct SampleSource: Sendable, Hashable {
    package var type: String
    package var storedUnit: String
    package var scale: Double = 1
  }

  /// How samples become a day's value.
  package enum Aggregation: Sendable, Hashable {
    /// A cumulative quantity: overlapping sources merged by priority, then summed.
    case sum
    /// The mean of the day's samples.
    case mean
    /// The day's last sample.
    case latest
    /// Total time covered by the samples' union, in minutes.
    case duration
    /// Hours of the day with a sample of the given category value.
    case hoursWith(category: String)
    /// A measure of the night that ends on the day.
    case sleep(SleepMeasure)
    /// A measure of the day's workouts (see `WorkoutDays`), formed from workouts, not samples.
    case workouts(WorkoutMeasure)
    /// The night's reading (the day it ends on) less the person's own baseline, the mean of the
    /// nights of the 30 days before when there are at least 5 (see `NightlyDeviation`).
    case nightlyDeviation(type: String)
  }

  /// The measures panda takes of a day's workouts.
  package enum WorkoutMeasure: String, Sendable, Hashable {
    case count, minutes, distance, energy
  }

  /// The measures panda takes of a night.
  package enum SleepMeasure: String, Sendable, Hashable {
    case asleep, inBed, deep, rem, core, awake, efficiency
  }

  /// Which way a metric should move.
  package enum Direction: Sendable, Hashable {
    case up
    case down
    case towards(ClosedRange<Double>)
    case neutral
  }

  /// Whether a day without a sample counts as 0 when the devices were in use.
  package var isHabit: Bool {
    if case .zeroWhenInUse = missingDay { true } else { false }
  }

  /// Whether daily values are differences from the person's baseline, not levels.
  package var isDeviation: Bool {
    if case .nightlyDeviation = aggregation { true } else { false }
  }

  /// Whether `value` is outside the plausible range.
  package func isImplausible(_ value: Double) -> Bool { !plausibleRange.contains(value) }
}
