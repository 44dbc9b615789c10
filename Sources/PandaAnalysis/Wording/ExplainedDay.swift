import PandaCore

/// One day of a metric explained: the samples behind its value, what of each was counted and why
/// not all, as `panda explain` shows it. In JSON every key is written, `null` where there is
/// nothing to say, so that scripts find each field.
package struct ExplainedDay: Encodable {
  /// The metric's catalogue id.
  package var metric: String
  /// The day explained.
  var date: CalendarDay
  /// The day's value as `series` shows it; `null` without one.
  @JSONNullable package var value: Double?
  /// The unit of `value` and of every `counted`.
  var unit: String
  /// Whether the day counts as partly recorded.
  package var partial: Bool
  /// The share of the day (or night) from the first sample to the last.
  @JSONNullable var coverage: Double?
  /// When the data ends, where it ends on this day (the newest export was made, or Health Auto
  /// Export's last bucket ended): the rest of the day is not recorded yet.
  @JSONNullable package var recordedUntil: String? = nil
  /// How the value was formed when not from the samples listed.
  @JSONNullable var note: String?
  /// The day's samples (for sleep, the night's; for workouts, the workouts).
  var samples: [Sample]
  /// For sleep: the night's intervals per source and their union.
  @JSONNullable var night: Night?
  /// For a resting heart rate derived from heart rate and steps (no device wrote one for the
  /// day): the resting minutes it was derived from; `null` for a recorded value.
  @JSONNullable var derived: Derived? = nil

  /// How a derived resting heart rate was formed: the median of the minutes with a reading taken
  /// at rest, given with at least `minimumMinutes` of them.
  struct Derived: Encodable, Sendable {
    /// `"median of resting minutes"`.
    var method: String
    /// The distinct minutes with a reading taken at rest.
    var restingMinutes: Int
    /// The resting minutes a day needs for a value.
    var minimumMinutes: Int
    /// How long steps or a workout keep the readings after them from counting, in minutes.
    var quietMinutes: Int
  }

  /// One sample, the part of it counted, and why not all.
  struct Sample: Encodable {
    var source: String
    @JSONNullable var device: String?
    var start: String
    var end: String
    @JSONNullable var value: Double?
    @JSONNullable var category: String?
    /// What the sample adds to the day's value: the part of it counted, or, for a metric that
    /// is the day's mean, the reading itself when it counts; `null` for a reading of a mean
    /// that does not count, or where the value is not made of parts (efficiency).
    @JSONNullable var counted: Double?
    @JSONNullable var reason: String?

    /// Creates a value from its stored properties.
    init(
      source: String, device: String? = nil, start: String, end: String, value: Double? = nil, category: String? = nil,
      counted: Double? = nil, reason: String? = nil
    ) {
      self.source = source
      self.device = device
      self.start = start
      self.end = end
      self.value = value
      self.category = category
      self.counted = counted
      self.reason = reason
    }
  }

  /// A night's window and intervals.
  struct Night: Encodable, Sendable {
    package var from: String
    var to: String
    var sources: [NightSource]
    var union: [Interval]

    /// Creates a value from its stored properties.
    init(from: String, to: String, sources: [NightSource], union: [Interval]) {
      self.from = from
      self.to = to
      self.sources = sources
      self.union = union
    }
  }

  /// One source's intervals over the night.
  struct NightSource: Encodable, Sendable {
    var source: String
    var intervals: [Interval]
  }

  /// From `start` to `end`, local time with its offset.
  struct Interval: Encodable, Sendable {
    var start: String
    var end: String
  }

  /// Creates a value from its stored properties.
  init(
    metric: String, date: CalendarDay, value: Double? = nil, unit: String, partial: Bool, coverage: Double? = nil,
    recordedUntil: String? = nil, note: String? = nil, samples: [Sample], night: Night? = nil, derived: Derived? = nil
  ) {
    self.metric = metric
    self.date = date
    self.value = value
    self.unit = unit
    self.partial = partial
    self.coverage = coverage
    self.recordedUntil = recordedUntil
    self.note = note
    self.samples = samples
    self.night = night
    self.derived = derived
  }
}
