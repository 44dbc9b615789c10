/// One thing read from an export, ready to be stored.
enum ExportItem: Sendable {
  case sample(SampleRecord)
  case correlation(CorrelationRecord)
  case workout(WorkoutRecord)
  case activitySummary(ActivitySummaryRecord)
  case profile([(key: String, value: String)])
  case exportDate(Int64)
  /// The items before it form a block to remember once they are stored.
  case block(ExportBlock)
  /// A run of items begins: the items until the next one are stored as one run, so that a
  /// later import that finds the run's block again knows which rows it holds.
  case runStart
}

/// A `Record`: a quantity (with a number in its type's canonical unit) or a category value.
///
/// A class: a record passes through several arrays between the thread that reads it and the
/// one that stores it, and each pass then costs one reference instead of a copy of its strings.
final class SampleRecord: Sendable {
  let type: String
  let origin: SampleOrigin
  let unit: String?
  let value: Double?
  let category: String?
  let start: Int64
  let end: Int64
  let created: Int64?
  /// Its metadata entries and extra attributes as stored: JSON text, encoded on the reading
  /// thread so that the thread writing to SQLite has less to do.
  let metadataJSON: String?
  /// Its heartbeat series (`InstantaneousBeatsPerMinute`) as stored.
  let beatsJSON: String?

  init(
    type: String, origin: SampleOrigin, unit: String?, value: Double?, category: String?, start: Int64, end: Int64,
    created: Int64?, metadataJSON: String?, beatsJSON: String?
  ) {
    self.type = type
    self.origin = origin
    self.unit = unit
    self.value = value
    self.category = category
    self.start = start
    self.end = end
    self.created = created
    self.metadataJSON = metadataJSON
    self.beatsJSON = beatsJSON
  }
}

/// A `Correlation` (blood pressure, food) and the records it groups.
struct CorrelationRecord: Sendable {
  var type: String
  var origin: SampleOrigin
  var start: Int64
  var end: Int64
  var created: Int64?
  var metadata: [(key: String, value: String)] = []
  var members: [SampleRecord] = []
}

/// A `Workout` with its statistics, events and route file references.
struct WorkoutRecord: Sendable {
  var activityType: String
  var origin: SampleOrigin
  var start: Int64
  var end: Int64
  var created: Int64?
  var durationSeconds: Double?
  var totalDistanceKilometres: Double?
  var totalEnergyKilocalories: Double?
  var metadata: [(key: String, value: String)] = []
  var statistics: [WorkoutStatistic] = []
  var events: [WorkoutEventRecord] = []
  var routes: [WorkoutRouteReference] = []
  var activityCount = 0
}

/// A `WorkoutStatistics` child: one quantity's totals over a workout, in the canonical unit.
struct WorkoutStatistic: Sendable {
  var type: String
  var unit: String?
  var sum: Double?
  var average: Double?
  var minimum: Double?
  var maximum: Double?
}

/// A `WorkoutEvent` child (pause, resume, lap, segment…).
struct WorkoutEventRecord: Sendable {
  var type: String
  var date: Int64?
  var durationSeconds: Double?
}

/// A `WorkoutRoute` child: the GPX file it names, or how many inline points it had.
struct WorkoutRouteReference: Sendable {
  var path: String?
  var start: Int64?
  var end: Int64?
  var inlinePoints = 0
}

/// An `ActivitySummary`: the rings of one calendar day.
struct ActivitySummaryRecord: Sendable {
  var date: String
  var activeEnergyKilocalories: Double?
  var activeEnergyGoal: Double?
  var moveMinutes: Double?
  var moveMinutesGoal: Double?
  var exerciseMinutes: Double?
  var exerciseMinutesGoal: Double?
  var standHours: Double?
  var standHoursGoal: Double?
}

/// A record that could not be read, kept for the import summary.
public struct SkippedRecord: Equatable, Sendable, Codable {
  /// The 1-based line of the record's start tag.
  public var line: Int
  /// What was wrong with it.
  public var reason: String
}
