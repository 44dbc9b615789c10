/// What storing one push did, as its answer and log line tell it: every record received is
/// new, updated, a duplicate, unused, skipped or implausible.
struct PushSummary: Sendable, Equatable {
  /// Records in the push.
  var records: Int
  /// Records stored for the first time.
  var inserted: Int
  /// Records whose stored value changed (a bucket re-sent with a bigger total).
  var updated: Int
  /// Records already stored as they were.
  var duplicates: Int
  /// The local days (`YYYY-MM-DD`) whose daily values the push changed.
  var days: [String]
  /// Points of metrics panda does not use (not stored).
  var unused = 0
  /// Points that could not be read (a bad date or value, a unit that does not fit).
  var skipped = 0
  /// Readings no body produces (not stored).
  var implausible = 0
}
