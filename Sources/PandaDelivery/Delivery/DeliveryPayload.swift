import Foundation
import PandaAnalysis

/// What one delivery carries: a run's insights in a few words and the latest daily values. The
/// webhook receives it as JSON; the other channels render it.
package struct DeliveryPayload: Codable, Sendable, Equatable {
  /// One insight, reduced to what a notification shows.
  package struct Item: Codable, Sendable, Equatable {
    /// The category's display name, e.g. "Activity".
    var category: String
    /// `daily`, `weekly` or `monthly`.
    var period: String
    /// The insight's summary sentence.
    var summary: String
    /// Whether one of its metrics declined (raises the ntfy priority).
    var declined: Bool

    /// An item as summarised.
    init(category: String, period: String, summary: String, declined: Bool) {
      self.category = category
      self.period = period
      self.summary = summary
      self.declined = declined
    }
  }

  /// The latest daily value of one metric, for Home Assistant sensors.
  package struct Reading: Codable, Sendable, Equatable {
    /// The metric's identifier, e.g. `steps` (becomes `sensor.panda_steps`).
    package var metric: String
    /// The display name, e.g. "Steps".
    package var name: String
    /// The unit, e.g. `count` or `kg`.
    var unit: String
    /// The value.
    var value: Double
    /// The calendar day the value belongs to (`YYYY-MM-DD`).
    var date: String
    /// Home Assistant's state class: `total` for daily sums, `measurement` otherwise.
    var stateClass: String
    /// The latest assessment of its trend, if any (`improving`, `declining`, …).
    var assessment: String?
    /// The sentence that goes with it.
    var sentence: String?

    /// A reading as computed.
    init(
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
  package var day: String
  /// The provider that wrote them.
  var provider: String
  /// The leading sentence.
  var headline: String
  /// What stands out, ranked (every warning and flagged level, up to five in all): what the digest opens with (`nil` in messages queued
  /// before highlights existed).
  var highlights: [Highlight]?
  /// One line per category with data ("Sleep: Time asleep went the wrong way this week: …")
  /// and one naming the categories without: the digest's body after what stands out, the shape
  /// `panda insights` prints (`nil` in messages queued before it existed, whose digest gives a
  /// line per insight).
  var overview: [String]?
  /// An early warning starting or ending: a message of its own, sent once per alert, at high
  /// priority when it starts; `nil` in the nightly digest.
  var alert: AlertNotice?
  /// The insights.
  var insights: [Item]
  /// The latest daily values.
  var readings: [Reading]
  /// The HTML report of the run (`HTMLReport`), for e-mail only; `nil` for the other channels.
  var html: String?

  /// A payload as assembled.
  package init(day: String, provider: String, headline: String, insights: [Item], readings: [Reading]) {
    self.day = day
    self.provider = provider
    self.headline = headline
    self.insights = insights
    self.readings = readings
  }

  /// The JSON text stored in the outbox and posted to webhooks.
  package func json() throws -> String {
    String(decoding: try JSONEncoder.sorted.encode(self), as: UTF8.self)
  }

  /// Decodes the JSON text stored in the outbox.
  static func decode(_ text: String) throws -> DeliveryPayload {
    try JSONDecoder().decode(DeliveryPayload.self, from: Data(text.utf8))
  }

  /// The message that tells `notice`: its sentence as the headline, nothing else.
  init(notice: AlertNotice) {
    self.init(day: notice.end.iso, provider: "panda", headline: notice.sentence, insights: [], readings: [])
    alert = notice
  }

  /// Whether any insight reports a decline.
  var hasDecline: Bool { insights.contains { $0.declined } }

  /// Whether an early warning is going on: one of what stands out is an alert.
  var hasWarning: Bool { highlights?.contains { $0.kind == .alert } ?? false }
}
