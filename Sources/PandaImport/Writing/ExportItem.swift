/// One thing read from an export, ready to be stored.
enum ExportItem: Sendable {
  case sample(Sample)
  case correlation(Correlation)
  case workout(Workout)
  case activitySummary(ActivitySummary)
  case profile([(key: String, value: String)])
  /// When the export was made, and the offset it was written with (seconds east of UTC).
  case exportDate(Int64, offset: Int?)
  /// The items before it form a block to remember once they are stored.
  case block(ExportBlock)
  /// A run of items begins: the items until the next one are stored as one run, so that a
  /// later import that finds the run's block again knows which rows it holds.
  case runStart
}

extension ExportItem {
  /// A `Record`: a quantity (with a number in its type's canonical unit) or a category value.
  ///
  /// A class: a record passes through several arrays between the thread that reads it and the
  /// one that stores it, and each pass then costs one reference instead of a copy of its strings.
  final class Sample: Sendable {
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
  struct Correlation: Sendable {
    var type: String
    var origin: SampleOrigin
    var start: Int64
    var end: Int64
    var created: Int64?
    var metadata: [(key: String, value: String)] = []
    var members: [Sample] = []
  }

  /// A `Workout` with its statistics, events and route file references.
  struct Workout: Sendable {
    var activityType: String
    var origin: SampleOrigin
    var start: Int64
    var end: Int64
    var created: Int64?
    var durationSeconds: Double?
    var totalDistanceKilometres: Double?
    var totalEnergyKilocalories: Double?
    var metadata: [(key: String, value: String)] = []
    var statistics: [Statistic] = []
    var events: [Event] = []
    var routes: [Route] = []
    var activityCount = 0

    /// A `WorkoutStatistics` child: one quantity's totals over a workout, in the canonical unit.
    struct Statistic: Sendable {
      var type: String
      var unit: String?
      var sum: Double?
      var average: Double?
      var minimum: Double?
      var maximum: Double?
    }

    /// A `WorkoutEvent` child (pause, resume, lap, segment…).
    struct Event: Sendable {
      var type: String
      var date: Int64?
      var durationSeconds: Double?
    }

    /// A `WorkoutRoute` child: the GPX file it names, or how many inline points it had.
    struct Route: Sendable {
      var path: String?
      var start: Int64?
      var end: Int64?
      var inlinePoints = 0
    }
  }

  /// An `ActivitySummary`: the rings of one calendar day.
  struct ActivitySummary: Sendable {
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
}
