/// What storing one push did, as its answer and log line tell it: every record received is
/// new, updated, a duplicate, unused, skipped or implausible.
package struct PushSummary: Sendable, Equatable {
  /// Records in the push.
  package var records: Int
  /// Records stored for the first time.
  package var inserted: Int
  /// Records whose stored value changed (a bucket re-sent with a bigger total).
  package var updated: Int
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

  /// Creates a value from its stored properties.
  package init(
    records: Int, inserted: Int, updated: Int, duplicates: Int, days: [String], unused: Int = 0, skipped: Int = 0,
    implausible: Int = 0
  ) {
    self.records = records
    self.inserted = inserted
    self.updated = updated
    self.duplicates = duplicates
    self.days = days
    self.unused = unused
    self.skipped = skipped
    self.implausible = implausible
  }
}
