import PandaStore

/// What importing one Health Auto Export document did.
package struct HealthAutoExportSummary: Sendable, Codable, Equatable {
  /// The file's path, `-` for standard input, or the push's name.
  package var file: String
  package var route: HealthAutoExportRoute
  /// Points, nights and workouts read, including the ones of unknown metrics and skipped ones.
  package var records: Int
  /// Stored for the first time.
  package var inserted: Int
  /// Already stored with another value (a day still in progress, re-sent with a bigger total),
  /// now replaced.
  package var updated: Int
  /// Already stored with the same value.
  package var duplicates: Int
  /// Not readable (a bad date or value, a unit that does not fit the metric).
  package var skipped: Int
  /// The first few skipped points and why.
  package var skippedExamples: [String]
  /// Metric names panda does not use, with how many points each had; not stored.
  package var unknownMetrics: [String: Int]
  /// Readings no body produces, not stored.
  package var implausible: Int
  /// The local days whose values changed, in the zone days are counted in.
  package var daysTouched: [String]
  package var seconds: Double

  /// Creates a value from its stored properties.
  init(
    file: String, route: HealthAutoExportRoute, records: Int, inserted: Int, updated: Int, duplicates: Int,
    skipped: Int, skippedExamples: [String], unknownMetrics: [String: Int], implausible: Int, daysTouched: [String],
    seconds: Double
  ) {
    self.file = file
    self.route = route
    self.records = records
    self.inserted = inserted
    self.updated = updated
    self.duplicates = duplicates
    self.skipped = skipped
    self.skippedExamples = skippedExamples
    self.unknownMetrics = unknownMetrics
    self.implausible = implausible
    self.daysTouched = daysTouched
    self.seconds = seconds
  }
}
