/// Days on which two or more body signals were outside the person's own usual range together,
/// each in the direction that goes with strain: resting heart rate or respiratory rate or wrist
/// temperature up, HRV or blood oxygen down. Named by its figures, never as a diagnosis.
public struct HealthAlert: Sendable, Codable, Equatable {
  /// One signal outside its band: the reading, the person's usual and the band around it.
  public struct Signal: Sendable, Codable, Equatable {
    /// The metric id (`heart.restingHeartRate`).
    public var metric: String
    /// The reading on the alert's day where it was furthest outside its band.
    public var value: Double
    /// The median of the weeks before.
    public var usual: Double
    /// The band's edges; a reading between them is usual for the person.
    public var low: Double
    public var high: Double

    public init(metric: String, value: Double, usual: Double, low: Double, high: Double) {
      self.metric = metric
      self.value = value
      self.usual = usual
      self.low = low
      self.high = high
    }
  }

  /// The first day with the pattern.
  public var start: CalendarDay
  /// The last day with the pattern so far: equal to the last day judged while the alert is active.
  public var end: CalendarDay
  /// The signals that left their band during the alert, in a fixed order (resting heart rate,
  /// HRV, respiratory rate, wrist temperature, blood oxygen).
  public var signals: [Signal]
  /// "From 2025-03-03 to 2025-03-06 (4 days): resting heart rate 7 bpm above your usual …"
  public var sentence: String
  /// Whether the pattern was still there on the last day judged.
  public var isActive: Bool

  public init(start: CalendarDay, end: CalendarDay, signals: [Signal], sentence: String, isActive: Bool) {
    self.start = start
    self.end = end
    self.signals = signals
    self.sentence = sentence
    self.isActive = isActive
  }

  /// Days from `start` through `end`.
  public var days: Int { start.days(to: end) + 1 }

  private enum CodingKeys: String, CodingKey {
    case start, end, signals, sentence
    case isActive = "active"
  }
}
