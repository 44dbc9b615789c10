/// What importing one Health Auto Export document did.
public struct HealthAutoExportSummary: Sendable, Codable, Equatable {
  /// The file's path, `-` for standard input, or the push's name.
  public var file: String
  public var route: HealthAutoExportRoute
  /// Points, nights and workouts read, including the ones of unknown metrics and skipped ones.
  public var records: Int
  /// Stored for the first time.
  public var inserted: Int
  /// Already stored with another value (a day still in progress, re-sent with a bigger total),
  /// now replaced.
  public var updated: Int
  /// Already stored with the same value.
  public var duplicates: Int
  /// Not readable (a bad date or value, a unit that does not fit the metric).
  public var skipped: Int
  /// The first few skipped points and why.
  public var skippedExamples: [String]
  /// Metric names panda does not use, with how many points each had; not stored.
  public var unknownMetrics: [String: Int]
  /// Readings no body produces, not stored.
  public var implausible: Int
  /// The local days whose values changed, in the zone days are counted in.
  public var daysTouched: [String]
  public var seconds: Double
}
