/// One thing read from an export, ready to be stored.
package enum ExportItem: Sendable {
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
  package final class Sample: Sendable {
    package let type: String
    package let origin: SampleOrigin
    package let unit: String?
    package let value: Double?
    package let category: String?
    package let start: Int64
    package let end: Int64
    let created: Int64?
    /// Its metadata entries and extra attributes as stored: JSON text, encoded on the reading
    /// thread so that the thread writing to SQLite has less to do.
    let metadataJSON: String?
    /// Its heartbeat series (`InstantaneousBeatsPerMinute`) as stored.
    let beatsJSON: String?

    package init(
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
  package struct Correlation: Sendable {
    package var type: String
    package var origin: SampleOrigin
    package var start: Int64
    package var end: Int64
    var created: Int64?
    package var metadata: [(key: String, value: String)] = []
    package var members: [Sample] = []
  }

  /// A `Workout` with its statistics, events and route file references.
  package struct Workout: Sendable {
    package var activityType: String
    package var origin: SampleOrigin
    package var start: Int64
    package var end: Int64
    var created: Int64?
    var durationSeconds: Double?
    var totalDistanceKilometres: Double?
    var totalEnergyKilocalories: Double?
    package var metadata: [(key: String, value: String)] = []
    var statistics: [Statistic] = []
    package var events: [Event] = []
    package var routes: [Route] = []
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
    package struct Event: Sendable {
      package var type: String
      package var date: Int64?
      var durationSeconds: Double?
    }

    /// A `WorkoutRoute` child: the GPX file it names, or how many inline points it had.
    package struct Route: Sendable {
      package var path: String?
      package var start: Int64?
      package var end: Int64?
      var inlinePoints = 0
    }
  }

  /// An `ActivitySummary`: the rings of one calendar day.
  package struct ActivitySummary: Sendable {
    package var date: String
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
