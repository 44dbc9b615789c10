/// One bucket of a metric from Health Auto Export (the Health app's merged statistics over a
/// minute, an hour or a day), or one raw sleep segment, in the unit panda stores its type in.
struct HealthAutoExportPoint: Sendable, Equatable {
  /// The HealthKit type identifier.
  var type: String
  var unit: String
  var start: Int64
  var end: Int64
  /// The bucket's total or average; `nil` for a sleep segment.
  var value: Double?
  /// Heart rate's lowest and highest reading in the bucket.
  var minimum: Double?
  var maximum: Double?
  /// A sleep segment's HealthKit category value; empty for quantities.
  var category: String = ""
  /// The devices that fed the bucket, as the app joins them (`iPhone|Apple Watch`).
  var source: String?
  /// Whether the point is the second value of the record before it (a blood pressure reading's
  /// diastolic), so that records are counted once.
  var continuesRecord = false
}
