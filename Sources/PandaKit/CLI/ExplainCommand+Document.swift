extension ExplainCommand {
  /// The JSON document.
  struct Document: Encodable {
    /// The metric's catalogue id.
    var metric: String
    /// The day explained.
    var date: CalendarDay
    /// The day's value as `series` shows it; `null` without one.
    var value: Double?
    /// The unit of `value` and of every `counted`.
    var unit: String
    /// Whether the day counts as partly recorded.
    var partial: Bool
    /// The share of the day (or night) from the first sample to the last.
    var coverage: Double?
    /// When the data ends, where it ends on this day (the newest export was made, or Health Auto
    /// Export's last bucket ended): the rest of the day is not recorded yet.
    var recordedUntil: String? = nil
    /// How the value was formed when not from the samples listed.
    var note: String?
    /// The day's samples (for sleep, the night's; for workouts, the workouts).
    var samples: [Sample]
    /// For sleep: the night's intervals per source and their union.
    var night: Night?

    private enum CodingKeys: String, CodingKey {
      case metric, date, value, unit, partial, coverage, recordedUntil, note, samples, night
    }

    /// Every key, `null` where there is nothing to say.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(metric, forKey: .metric)
      try container.encode(date, forKey: .date)
      try container.encode(value, forKey: .value)
      try container.encode(unit, forKey: .unit)
      try container.encode(partial, forKey: .partial)
      try container.encode(coverage, forKey: .coverage)
      try container.encode(recordedUntil, forKey: .recordedUntil)
      try container.encode(note, forKey: .note)
      try container.encode(samples, forKey: .samples)
      try container.encode(night, forKey: .night)
    }

    /// One sample, the part of it counted, and why not all.
    struct Sample: Encodable {
      var source: String
      var device: String?
      var start: String
      var end: String
      var value: Double?
      var category: String?
      /// What the sample adds to the day's value: the part of it counted, or, for a metric that
      /// is the day's mean, the reading itself when it counts; `null` for a reading of a mean
      /// that does not count, or where the value is not made of parts (efficiency).
      var counted: Double?
      var reason: String?

      private enum CodingKeys: String, CodingKey {
        case source, device, start, end, value, category, counted, reason
      }

      /// Every key, `null` where there is nothing to say, so that scripts find each field.
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(device, forKey: .device)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(value, forKey: .value)
        try container.encode(category, forKey: .category)
        try container.encode(counted, forKey: .counted)
        try container.encode(reason, forKey: .reason)
      }
    }

    /// A night's window and intervals.
    struct Night: Encodable {
      var from: String
      var to: String
      var sources: [NightSource]
      var union: [Interval]
    }

    /// One source's intervals over the night.
    struct NightSource: Encodable {
      var source: String
      var intervals: [Interval]
    }

    /// From `start` to `end`, local time with its offset.
    struct Interval: Encodable {
      var start: String
      var end: String
    }
  }
}
