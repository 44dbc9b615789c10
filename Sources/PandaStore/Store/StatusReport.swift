import Foundation
import PandaCore

/// What the database holds: per category and metric, the sample count and date range; the latest
/// imports; the file's size.
package struct StatusReport: Codable, Equatable, Sendable {
  /// One sample type's holdings.
  package struct Metric: Codable, Equatable, Sendable {
    package var category: HealthCategory
    package var type: String
    package var unit: String
    package var samples: Int
    /// First and last day with a sample, in the report's time zone.
    package var first: String
    package var last: String

    /// Creates a value from its stored properties.
    init(category: HealthCategory, type: String, unit: String, samples: Int, first: String, last: String) {
      self.category = category
      self.type = type
      self.unit = unit
      self.samples = samples
      self.first = first
      self.last = last
    }
  }

  /// One past import.
  package struct ImportEntry: Codable, Equatable, Sendable {
    package var file: String
    package var importedAt: String
    package var counts: ImportCounts
    /// Health Auto Export buckets sent again with another value, replaced.
    package var updated: Int
    package var seconds: Double
  }

  /// The stored workouts of one activity type.
  package struct WorkoutType: Codable, Equatable, Sendable {
    /// The HealthKit type (`HKWorkoutActivityTypeWalking`).
    var type: String
    /// The type in words (`walking`).
    package var name: String
    package var workouts: Int
    /// First and last day with a workout, in the report's time zone.
    package var first: String
    package var last: String
  }

  /// The last Health Auto Export document that came by one route.
  package struct DocumentEntry: Codable, Equatable, Sendable {
    /// `file` or `push`.
    package var route: String
    package var file: String
    package var importedAt: String
    package var records: Int
    package var inserted: Int
    package var updated: Int
  }

  /// What waits in `panda receive`'s spool beside the database.
  package struct ReceivedPushes: Codable, Equatable, Sendable {
    /// The spool folder, `PATH.inbox`.
    package var folder: String
    /// Pushes acknowledged and not imported yet.
    package var waiting: Int
    /// Pushes whose import kept failing, set aside until `panda receive retry`.
    package var quarantined: Int
    /// Pushes the importer refused, kept for a person to look at.
    package var rejected: Int

    /// Creates a value from its stored properties.
    package init(folder: String, waiting: Int, quarantined: Int, rejected: Int) {
      self.folder = folder
      self.waiting = waiting
      self.quarantined = quarantined
      self.rejected = rejected
    }
  }

  /// The zone days are counted in, and where it came from.
  package struct TimeZoneInUse: Codable, Equatable, Sendable {
    /// The zone's identifier (`Europe/Paris`).
    package var name: String
    /// `option` (--timezone), `environment` (PANDA_TIMEZONE), `settings` (the settings file),
    /// `data` (the zone the data points to, chosen at import) or `system` (this machine's).
    package var source: String
    /// For a zone from the data: the days' offsets it fits, of `observedDays`.
    package var matchedDays: Int?
    /// For a zone from the data: the days' offsets seen.
    package var observedDays: Int?

    package init(name: String, source: String, matchedDays: Int? = nil, observedDays: Int? = nil) {
      self.name = name
      self.source = source
      self.matchedDays = matchedDays
      self.observedDays = observedDays
    }
  }

  package var database: String
  package var databaseBytes: Int64
  package var metrics: [Metric]
  package var workouts: Int
  /// The workouts by activity type, most first.
  package var workoutTypes: [WorkoutType]
  package var activitySummaries: Int
  package var imports: [ImportEntry]
  /// The last Health Auto Export document per route, file before push.
  package var lastDocuments: [DocumentEntry]
  /// Health Auto Export buckets stored per type, with their first and last day.
  package var pushedMetrics: [Metric]
  /// The received pushes in the spool; `nil` for a database without one (the demo's).
  package var receivedPushes: ReceivedPushes?
  /// The zone days are counted in; `nil` until the command says.
  package var timeZone: TimeZoneInUse?
  /// The last export import refused and not resolved since (see `ImportRefusal`).
  package var refusal: ImportRefusal?
  /// The tags logged and symptoms recorded, each with its days; `nil` when there are none.
  package var dayEvents: [DayEventCount]?

  /// A tag's or symptom's days (see `DayEvent`).
  package struct DayEventCount: Codable, Equatable, Sendable {
    /// `tag` or `symptom`.
    package var kind: String
    package var name: String
    /// Days with it.
    package var days: Int
    /// Its first and last day, `YYYY-MM-DD`.
    package var first: String
    package var last: String

    /// Creates a value from its stored properties.
    package init(kind: String, name: String, days: Int, first: String, last: String) {
      self.kind = kind
      self.name = name
      self.days = days
      self.first = first
      self.last = last
    }
  }

  /// One type's holdings from a row of `type`, `unit`, `samples`, `first` and `last`.
  private static func metric(_ row: Row, zone: TimeZone) -> Metric {
    let identifier = row.text("type") ?? ""
    return Metric(
      category: HealthCategory(typeIdentifier: identifier), type: identifier, unit: row.text("unit") ?? "",
      samples: Int(row.integer("samples") ?? 0), first: LocalDay.string(row.integer("first") ?? 0, in: zone),
      last: LocalDay.string(row.integer("last") ?? 0, in: zone))
  }

  /// Reads the report from `database`, giving days in `zone`.
  package static func load(from database: Database, zone: TimeZone, importLimit: Int = 5) throws -> StatusReport {
    let metrics = try database.rows(
      """
      SELECT t.identifier AS type, t.unit, count(*) AS samples, min(s.start) AS first, max(s.start) AS last
      FROM samples s JOIN sample_types t ON t.id = s.type_id
      GROUP BY s.type_id
      """
    ).map { metric($0, zone: zone) }
      .sorted {
        ($0.category.sortIndex, HealthCategory.shortName($0.type), $0.unit)
          < ($1.category.sortIndex, HealthCategory.shortName($1.type), $1.unit)
      }
    let formatter = ISO8601DateFormatter()
    let imports = try database.rows(
      """
      SELECT file, started_at, records, inserted, duplicates, skipped, seconds, out_of_range, implausible, updated
      FROM imports WHERE id > 0 ORDER BY id DESC LIMIT ?
      """, [.integer(Int64(importLimit))]
    ).map { row in
      ImportEntry(
        file: row.text("file") ?? "",
        importedAt: formatter.string(from: Date(timeIntervalSince1970: Double(row.integer("started_at") ?? 0))),
        counts: ImportCounts(
          records: Int(row.integer("records") ?? 0), inserted: Int(row.integer("inserted") ?? 0),
          duplicates: Int(row.integer("duplicates") ?? 0), skipped: Int(row.integer("skipped") ?? 0),
          outOfRange: Int(row.integer("out_of_range") ?? 0), implausible: Int(row.integer("implausible") ?? 0)),
        updated: Int(row.integer("updated") ?? 0), seconds: row.real("seconds") ?? 0)
    }
    let workoutTypes = try database.rows(
      """
      SELECT activity_type, count(*) AS workouts, min(start) AS first, max(start) AS last FROM workouts
      GROUP BY activity_type ORDER BY count(*) DESC, activity_type
      """
    ).map { row in
      let type = row.text("activity_type") ?? ""
      return WorkoutType(
        type: type, name: WorkoutActivity.name(type), workouts: Int(row.integer("workouts") ?? 0),
        first: LocalDay.string(row.integer("first") ?? 0, in: zone),
        last: LocalDay.string(row.integer("last") ?? 0, in: zone))
    }
    let lastDocuments = try HealthAutoExportRoute.allCases.compactMap { route -> DocumentEntry? in
      guard
        let row = try database.firstRow(
          "SELECT file, started_at, records, inserted, updated FROM imports WHERE route = ? ORDER BY id DESC LIMIT 1",
          [.text(route.rawValue)])
      else { return nil }
      return DocumentEntry(
        route: route.rawValue, file: row.text("file") ?? "",
        importedAt: formatter.string(from: Date(timeIntervalSince1970: Double(row.integer("started_at") ?? 0))),
        records: Int(row.integer("records") ?? 0), inserted: Int(row.integer("inserted") ?? 0),
        updated: Int(row.integer("updated") ?? 0))
    }
    let pushedMetrics = try database.rows(
      """
      SELECT type, unit, count(*) AS samples, min(start) AS first, max(start) AS last FROM pushed_samples
      GROUP BY type, unit
      """
    ).map { metric($0, zone: zone) }
    let sizes = [database.path, database.path + "-wal"].map { path in
      ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }
    return StatusReport(
      database: database.path, databaseBytes: sizes.reduce(0, +), metrics: metrics,
      workouts: Int(try database.firstRow("SELECT count(*) AS workouts FROM workouts")?.integer("workouts") ?? 0),
      workoutTypes: workoutTypes,
      activitySummaries: Int(
        try database.firstRow("SELECT count(*) AS summaries FROM activity_summaries")?.integer("summaries") ?? 0),
      imports: imports, lastDocuments: lastDocuments, pushedMetrics: pushedMetrics,
      refusal: try ImportRefusal.unresolved(in: database))
  }

  /// Creates a value from its stored properties.
  init(
    database: String, databaseBytes: Int64, metrics: [Metric], workouts: Int, workoutTypes: [WorkoutType],
    activitySummaries: Int, imports: [ImportEntry], lastDocuments: [DocumentEntry], pushedMetrics: [Metric],
    receivedPushes: ReceivedPushes? = nil, timeZone: TimeZoneInUse? = nil, refusal: ImportRefusal? = nil,
    dayEvents: [DayEventCount]? = nil
  ) {
    self.database = database
    self.databaseBytes = databaseBytes
    self.metrics = metrics
    self.workouts = workouts
    self.workoutTypes = workoutTypes
    self.activitySummaries = activitySummaries
    self.imports = imports
    self.lastDocuments = lastDocuments
    self.pushedMetrics = pushedMetrics
    self.receivedPushes = receivedPushes
    self.timeZone = timeZone
    self.refusal = refusal
    self.dayEvents = dayEvents
  }
}

extension HealthCategory {
  /// The order categories are listed in.
  package var sortIndex: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

extension StatusReport.ImportEntry {
  private enum CodingKeys: String, CodingKey {
    case file, importedAt, updated, seconds
  }

  /// Reads one JSON object: the counts beside the rest.
  package init(from decoder: any Decoder) throws {
    counts = try ImportCounts(from: decoder)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    file = try container.decode(String.self, forKey: .file)
    importedAt = try container.decode(String.self, forKey: .importedAt)
    updated = try container.decode(Int.self, forKey: .updated)
    seconds = try container.decode(Double.self, forKey: .seconds)
  }

  /// Writes one JSON object: the counts beside the rest.
  package func encode(to encoder: any Encoder) throws {
    try counts.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(file, forKey: .file)
    try container.encode(importedAt, forKey: .importedAt)
    try container.encode(updated, forKey: .updated)
    try container.encode(seconds, forKey: .seconds)
  }
}
