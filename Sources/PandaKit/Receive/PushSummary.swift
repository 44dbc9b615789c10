/// What storing one push did, as its answer and log line tell it.
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
}
