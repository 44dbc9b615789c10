import Foundation

/// What one delivery carries: a run's insights in a few words and the latest daily values. The
/// webhook receives it as JSON; the other channels render it.
public struct DeliveryPayload: Codable, Sendable, Equatable {
  /// One insight, reduced to what a notification shows.
  public struct Item: Codable, Sendable, Equatable {
    /// The category's display name, e.g. "Activity".
    public var category: String
    /// `daily`, `weekly` or `monthly`.
    public var period: String
    /// The insight's summary sentence.
    public var summary: String
    /// Whether one of its metrics declined (raises the ntfy priority).
    public var declined: Bool

    /// An item as summarised.
    public init(category: String, period: String, summary: String, declined: Bool) {
      self.category = category
      self.period = period
      self.summary = summary
      self.declined = declined
    }
  }

  /// The latest daily value of one metric, for Home Assistant sensors.
  public struct Reading: Codable, Sendable, Equatable {
    /// The metric's identifier, e.g. `steps` (becomes `sensor.panda_steps`).
    public var metric: String
    /// The display name, e.g. "Steps".
    public var name: String
    /// The unit, e.g. `count` or `kg`.
    public var unit: String
    /// The value.
    public var value: Double
    /// The calendar day the value belongs to (`YYYY-MM-DD`).
    public var date: String
    /// Home Assistant's state class: `total` for daily sums, `measurement` otherwise.
    public var stateClass: String
    /// The latest assessment of its trend, if any (`improving`, `declining`, …).
    public var assessment: String?
    /// The sentence that goes with it.
    public var sentence: String?

    /// A reading as computed.
    public init(
      metric: String, name: String, unit: String, value: Double, date: String, stateClass: String,
      assessment: String? = nil, sentence: String? = nil
    ) {
      self.metric = metric
      self.name = name
      self.unit = unit
      self.value = value
      self.date = date
      self.stateClass = stateClass
      self.assessment = assessment
      self.sentence = sentence
    }
  }

  /// The day the insights are as of (`YYYY-MM-DD`).
  public var day: String
  /// The provider that wrote them.
  public var provider: String
  /// The leading sentence.
  public var headline: String
  /// What stands out, ranked (every warning and flagged level, up to five in all): what the digest opens with (`nil` in messages queued
  /// before highlights existed).
  public var highlights: [Highlight]?
  /// One line per category with data ("Sleep: Time asleep went the wrong way this week: …")
  /// and one naming the categories without: the digest's body after what stands out, the shape
  /// `panda insights` prints (`nil` in messages queued before it existed, whose digest gives a
  /// line per insight).
  public var overview: [String]?
  /// An early warning starting or ending: a message of its own, sent once per alert, at high
  /// priority when it starts; `nil` in the nightly digest.
  public var alert: AlertNotice?
  /// The insights.
  public var insights: [Item]
  /// The latest daily values.
  public var readings: [Reading]
  /// The HTML report of the run (`HTMLReport`), for e-mail only; `nil` for the other channels.
  public var html: String?

  /// A payload as assembled.
  public init(day: String, provider: String, headline: String, insights: [Item], readings: [Reading]) {
    self.day = day
    self.provider = provider
    self.headline = headline
    self.insights = insights
    self.readings = readings
  }

  /// The JSON text stored in the outbox and posted to webhooks.
  public func json() throws -> String {
    String(decoding: try JSONEncoder.sorted.encode(self), as: UTF8.self)
  }

  /// Decodes the JSON text stored in the outbox.
  public static func decode(_ text: String) throws -> DeliveryPayload {
    try JSONDecoder().decode(DeliveryPayload.self, from: Data(text.utf8))
  }

  /// The message that tells `notice`: its sentence as the headline, nothing else.
  public init(notice: AlertNotice) {
    self.init(day: notice.end.iso, provider: "panda", headline: notice.sentence, insights: [], readings: [])
    alert = notice
  }

  /// Whether any insight reports a decline.
  public var hasDecline: Bool { insights.contains { $0.declined } }

  /// Whether an early warning is going on: one of what stands out is an alert.
  public var hasWarning: Bool { highlights?.contains { $0.kind == .alert } ?? false }
}
