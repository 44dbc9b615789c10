/// A stored sample as the daily computations see it: times, value in the metric's unit, and how
/// much its source is trusted.
package struct DailySample: Sendable, Equatable {
  package var start: Int64
  package var end: Int64
  package var value: Double?
  package var category: String?
  /// Lower is preferred when sources overlap (see `SourcePriority`).
  var rank: Int
  /// The source, so a night's stages can be taken from one app.
  package var source: Int64
  /// The device (-1 when the record names none): one source name on two devices (an old and a
  /// new phone) is two sources for the merge.
  package var device: Int64 = -1
}
