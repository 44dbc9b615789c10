import PandaCore
import PandaStore

/// Days on which two or more body signals were outside the person's own usual range together,
/// each in the direction that goes with strain: resting heart rate or respiratory rate or wrist
/// temperature up, HRV or blood oxygen down (level `warning`); or on which resting heart rate
/// alone stayed above its usual for days (level `possible`, see `RestingHeartRateRise`). Named by
/// its figures, never as a diagnosis.
package struct HealthAlert: Sendable, Codable, Equatable {
  /// How sure the alert is: how many signals it rests on.
  package enum Level: String, Sendable, Codable, Equatable {
    /// Two or more body signals outside their bands on the same day.
    case warning
    /// Resting heart rate alone, up for several days: said with less confidence.
    case possible
  }

  /// What goes with the alert without being one of its body signals: steps well below usual,
  /// sleep far from usual, or a symptom Health recorded during it or in the days before.
  struct Evidence: Sendable, Codable, Equatable {
    /// The metric id (`activity.steps`), or a symptom's type (`HKCategoryTypeIdentifierFever`).
    package var metric: String
    /// The mean of its whole-day readings over the alert's days; for a symptom, the days it was
    /// recorded on.
    var value: Double
    /// The median of the weeks before the alert; for a symptom, the days it was recorded on in
    /// the `AlertDetector.bandDays` days before.
    var usual: Double
    /// For a symptom: its name ("fever").
    var symptom: String?
    /// For a symptom: the days it was recorded on, oldest first.
    var days: [CalendarDay]?

    /// Evidence as given.
    init(metric: String, value: Double, usual: Double, symptom: String? = nil, days: [CalendarDay]? = nil) {
      self.metric = metric
      self.value = value
      self.usual = usual
      self.symptom = symptom
      self.days = days
    }
  }

  /// One signal outside its band: the reading, the person's usual and the band around it.
  package struct Signal: Sendable, Codable, Equatable {
    /// The metric id (`heart.restingHeartRate`).
    package var metric: String
    /// The reading on the alert's day where it was furthest outside its band.
    package var value: Double
    /// The median of the weeks before.
    package var usual: Double
    /// The band's edges; a reading between them is usual for the person.
    var low: Double
    package var high: Double

    init(metric: String, value: Double, usual: Double, low: Double, high: Double) {
      self.metric = metric
      self.value = value
      self.usual = usual
      self.low = low
      self.high = high
    }
  }

  /// The first day with the pattern.
  package var start: CalendarDay
  /// The last day with the pattern so far: equal to the last day judged while the alert is active.
  package var end: CalendarDay
  /// The signals that left their band during the alert, in a fixed order (resting heart rate,
  /// HRV, respiratory rate, wrist temperature, blood oxygen).
  package var signals: [Signal]
  /// "From 2025-03-03 to 2025-03-06 (4 days): resting heart rate 7 bpm above your usual …"
  package var sentence: String
  /// Whether the pattern was still there on the last day judged, or its signals have had no
  /// readings since (see `noReadingsSince`): an alert ends only when readings show the signals
  /// back in range.
  package var isActive: Bool
  /// `warning` for two or more signals, `possible` for resting heart rate alone.
  package var level: Level
  /// While active only because its signals' readings stopped (the phone did not sync, the
  /// watch was off): the last day with a reading of them.
  var noReadingsSince: CalendarDay?
  /// Once ended: the first day after `end` whose readings showed the signals back in range.
  var backInRange: CalendarDay?
  /// What goes with it: steps well below usual, sleep far from usual, symptoms recorded.
  var evidence: [Evidence]
  /// The tags logged and symptoms recorded from `loggedLeadDays` before its start through its
  /// end, oldest first (see `naming`); `nil` when there are none or they were not read.
  var logged: [DayEvent]?

  /// An alert as found.
  init(
    start: CalendarDay, end: CalendarDay, signals: [Signal], sentence: String, isActive: Bool,
    level: Level = .warning, noReadingsSince: CalendarDay? = nil, backInRange: CalendarDay? = nil,
    evidence: [Evidence] = []
  ) {
    self.start = start
    self.end = end
    self.signals = signals
    self.sentence = sentence
    self.isActive = isActive
    self.level = level
    self.noReadingsSince = noReadingsSince
    self.backInRange = backInRange
    self.evidence = evidence
  }

  /// Days from `start` through `end`.
  package var days: Int { start.days(to: end) + 1 }

  private enum CodingKeys: String, CodingKey {
    case start, end, signals, sentence, level, noReadingsSince, backInRange, evidence, logged
    case isActive = "active"
  }

  /// Decodes an alert; one stored before alerts had a level is a `warning`.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    start = try container.decode(CalendarDay.self, forKey: .start)
    end = try container.decode(CalendarDay.self, forKey: .end)
    signals = try container.decode([Signal].self, forKey: .signals)
    sentence = try container.decode(String.self, forKey: .sentence)
    isActive = try container.decode(Bool.self, forKey: .isActive)
    level = try container.decodeIfPresent(Level.self, forKey: .level) ?? .warning
    noReadingsSince = try container.decodeIfPresent(CalendarDay.self, forKey: .noReadingsSince)
    backInRange = try container.decodeIfPresent(CalendarDay.self, forKey: .backInRange)
    evidence = try container.decodeIfPresent([Evidence].self, forKey: .evidence) ?? []
    logged = try container.decodeIfPresent([DayEvent].self, forKey: .logged)
  }
}
