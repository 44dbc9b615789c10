import Foundation
import PandaCore
import PandaStore

/// Stores a Health Auto Export document in one transaction and brings the daily values of the
/// days it changed up to date: either everything is committed or the database is as it was.
///
/// The app's buckets are the Health app's own merged statistics, so they are kept apart from the
/// export's samples (`pushed_samples`, `pushed_nights`): a bucket is known by its metric and
/// start, and one sent again with another value (a day still in progress) replaces it, while
/// one sent again unchanged stores nothing. Where both routes hold a metric's day, the pushed
/// value is the day's value (see `DailyValueStore`), so the two are never added up.
package struct HealthAutoExportImporter {
  private let database: Database
  private let context: DailyContext
  private let route: HealthAutoExportRoute
  private let receivedAt: Int64
  private let isCancelled: () -> Bool

  /// - Parameters:
  ///   - context: the time zone and source priority daily values are computed with.
  ///   - receivedAt: when the document arrived, in seconds since 1970.
  ///   - isCancelled: polled for every point; returning `true` rolls the import back
  ///     (`ImportError.interrupted`).
  package init(
    database: Database, context: DailyContext, route: HealthAutoExportRoute, receivedAt: Int64,
    isCancelled: @escaping () -> Bool = { false }
  ) {
    self.database = database
    self.context = context
    self.route = route
    self.receivedAt = receivedAt
    self.isCancelled = isCancelled
  }

  /// Stores `document` under `name` (its path, `-`, or a push's name): what a `read` document
  /// kept, or else its bytes as they are read. With `refusingEmpty`, a document with nothing
  /// panda can use is refused (`HealthAutoExportError.noUsableData`) rather than recorded as an
  /// import of nothing.
  package func importDocument(_ document: HealthAutoExportDocument, name: String, refusingEmpty: Bool = false) throws
    -> HealthAutoExportSummary
  {
    let clock = ContinuousClock()
    let started = clock.now
    return try database.transaction {
      try database.execute(
        """
        INSERT INTO imports (file, file_bytes, started_at, seconds, records, inserted, duplicates, skipped,
                             workouts, activity_summaries, route)
        VALUES (?, ?, ?, 0, 0, 0, 0, 0, 0, 0, ?)
        """, [.text(name), .integer(Int64(document.byteCount)), .integer(receivedAt), .text(route.rawValue)])
      let importID = database.lastInsertedRowID
      var counts = Counts()
      var touched: [String: Set<Int>] = [:]
      var days = Set<CalendarDay>()
      var workoutsChanged = 0
      func touch(_ type: String, from start: Int64, to end: Int64) {
        touched[type, default: []].formUnion(ExportWriter.utcDay(start)...ExportWriter.utcDay(max(start, end - 1)))
        days.insert(LocalDay.day(of: start, in: context.zone))
      }
      func take(_ batch: HealthAutoExportParser.Batch) throws {
        if isCancelled() { throw ImportError.interrupted }
        switch batch {
        case .points(let points):
          for point in points {
            if isCancelled() { throw ImportError.interrupted }
            let outcome = try store(point, importID: importID)
            if point.continuesRecord ? counts.amend(with: outcome) : counts.record(outcome) {
              touch(point.type, from: point.start, to: point.end)
            }
          }
        case .nights(let nights):
          for night in nights where try counts.record(store(night, importID: importID)) {
            touch("HKCategoryTypeIdentifierSleepAnalysis", from: night.sleepEnd, to: night.sleepEnd)
          }
        case .symptoms(let points):
          for point in points {
            if isCancelled() { throw ImportError.interrupted }
            if try counts.record(storeSymptom(point, importID: importID)) {
              days.insert(LocalDay.day(of: point.start, in: context.zone))
            }
          }
        case .statesOfMind(let entries):
          for entry in entries where try counts.record(store(entry, importID: importID)) {
            days.insert(LocalDay.day(of: entry.start, in: context.zone))
          }
        case .workouts(let workouts):
          let sourceID = try sourceID()
          for workout in workouts where try counts.record(store(workout, sourceID: sourceID, importID: importID)) {
            workoutsChanged += 1
            days.insert(LocalDay.day(of: workout.start, in: context.zone))
          }
        }
      }
      let read: HealthAutoExportParser.Counts
      if let reading = document.reading {
        for batch in reading.batches { try take(batch) }
        read = reading.counts
      } else {
        var parser = HealthAutoExportParser(zone: document.zone, receivedAt: receivedAt, deliver: take)
        do {
          try parser.parse(document.bytes)
        } catch let failure as JSONReader.Failure {
          throw HealthAutoExportError.malformed(name: name, offset: failure.offset, reason: failure.reason)
        }
        read = parser.counts
      }
      if refusingEmpty && read.usable == 0 {
        throw HealthAutoExportError.noUsableData(name: name, reason: Self.emptinessReason(read))
      }
      if isCancelled() { throw ImportError.interrupted }
      // Kept for the zone the next commands count days in; this document's days are counted in
      // the zone it was imported with, which is preferred where it fits.
      try ZoneStore.add(read.zone, system: context.zone, in: database)
      let dailyValues = DailyValueStore(database: database, context: context)
      if try dailyValues.isCurrent() {
        try dailyValues.perform(dailyValues.plan(touched: touched)) {
          if isCancelled() { throw ImportError.interrupted }
        }
        try dailyValues.finish()
      } else {
        try dailyValues.rebuildAll()
      }
      let seconds = (clock.now - started).seconds
      try database.execute(
        """
        UPDATE imports SET seconds = ?, records = ?, inserted = ?, updated = ?, duplicates = ?, skipped = ?,
                           implausible = ?, workouts = ?
        WHERE id = ?
        """,
        [
          .real(seconds), .integer(Int64(read.records)), .integer(Int64(counts.inserted)),
          .integer(Int64(counts.updated)), .integer(Int64(counts.duplicates)), .integer(Int64(read.skipped)),
          .integer(Int64(read.implausible)), .integer(Int64(workoutsChanged)), .integer(importID),
        ])
      return HealthAutoExportSummary(
        file: name, route: route, records: read.records, inserted: counts.inserted, updated: counts.updated,
        duplicates: counts.duplicates, skipped: read.skipped, skippedExamples: read.skippedExamples,
        unknownMetrics: read.unknownMetrics, implausible: read.implausible,
        daysTouched: days.sorted().map(\.iso), seconds: seconds)
    }
  }

  /// Why a document holds nothing to store.
  private static func emptinessReason(_ read: HealthAutoExportParser.Counts) -> String {
    if !read.unknownMetrics.isEmpty {
      let names = read.unknownMetrics.keys.sorted().prefix(5).joined(separator: ", ")
      return "only metrics panda does not use (\(names))"
    }
    if read.skipped > 0 {
      return "none of its \(read.records) points could be read (\(read.skippedExamples.first ?? ""))"
    }
    if read.implausible > 0 { return "every reading in it is impossible (\(read.implausible))" }
    return "its metrics and workouts are empty"
  }

  /// What storing one thing did.
  private enum Outcome {
    case inserted, updated, unchanged
  }

  private struct Counts {
    var inserted = 0
    var updated = 0
    var duplicates = 0

    private var lastRecorded: Outcome?

    /// Counts `outcome`; returns whether it changed anything.
    mutating func record(_ outcome: Outcome) -> Bool {
      lastRecorded = outcome
      switch outcome {
      case .inserted: inserted += 1
      case .updated: updated += 1
      case .unchanged: duplicates += 1
      }
      return outcome != .unchanged
    }

    /// Counts the second value of the record counted last: the record changed if either did.
    mutating func amend(with outcome: Outcome) -> Bool {
      guard outcome != .unchanged, let last = lastRecorded, last == .unchanged else { return outcome != .unchanged }
      duplicates -= 1
      return record(outcome)
    }
  }

  private func store(_ point: HealthAutoExportPoint, importID: Int64) throws -> Outcome {
    let values: [SQLValue] = [
      .text(point.type), .integer(point.start), .text(point.category), .text(point.unit), .integer(point.end),
      point.value.map(SQLValue.real) ?? .null, point.minimum.map(SQLValue.real) ?? .null,
      point.maximum.map(SQLValue.real) ?? .null, point.source.map(SQLValue.text) ?? .null, .integer(importID),
    ]
    try database.execute(
      """
      INSERT INTO pushed_samples (type, start, category, unit, end, value, minimum, maximum, source, import_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT DO NOTHING
      """, values)
    if database.changes > 0 { return .inserted }
    // The bucket received last wins, whatever the order the pushes are imported in (a push
    // retried after later ones does not bring back its older value).
    try database.execute(
      """
      UPDATE pushed_samples SET unit = ?4, end = ?5, value = ?6, minimum = ?7, maximum = ?8, source = ?9,
                                import_id = ?10
      WHERE type = ?1 AND start = ?2 AND category = ?3
        AND (unit IS NOT ?4 OR end IS NOT ?5 OR value IS NOT ?6 OR minimum IS NOT ?7 OR maximum IS NOT ?8)
        AND coalesce((SELECT started_at FROM imports WHERE id = pushed_samples.import_id), 0) <= ?11
      """, values + [.integer(receivedAt)])
    return database.changes > 0 ? .updated : .unchanged
  }

  /// Stores a symptom record, known by its type and start: one sent again with another value
  /// or end (the person changed its severity) replaces it, unless a later push already did.
  /// Symptoms have no daily values: they are read as records (`SymptomRecordReader`).
  private func storeSymptom(_ point: HealthAutoExportPoint, importID: Int64) throws -> Outcome {
    let values: [SQLValue] = [
      .text(point.type), .integer(point.start), .text(point.category), .integer(point.end),
      point.source.map(SQLValue.text) ?? .null, .integer(importID), .integer(receivedAt),
    ]
    try database.execute(
      """
      UPDATE pushed_samples SET category = ?3, end = ?4, source = ?5, import_id = ?6
      WHERE type = ?1 AND start = ?2 AND (category IS NOT ?3 OR end IS NOT ?4)
        AND coalesce((SELECT started_at FROM imports WHERE id = pushed_samples.import_id), 0) <= ?7
      """, values)
    if database.changes > 0 { return .updated }
    try database.execute(
      """
      INSERT INTO pushed_samples (type, start, category, unit, end, value, minimum, maximum, source, import_id)
      SELECT ?1, ?2, ?3, '', ?4, NULL, NULL, NULL, ?5, ?6
      WHERE NOT EXISTS (SELECT 1 FROM pushed_samples WHERE type = ?1 AND start = ?2)
      """, Array(values.prefix(6)))
    return database.changes > 0 ? .inserted : .unchanged
  }

  /// Stores a State of Mind entry by the app's id; one sent again changed replaces it, unless a
  /// later push already did.
  private func store(_ entry: HealthAutoExportStateOfMind, importID: Int64) throws -> Outcome {
    let values: [SQLValue] = [
      .text(entry.id), .integer(entry.start), .integer(entry.end), entry.kind.map(SQLValue.text) ?? .null,
      entry.valence.map(SQLValue.real) ?? .null, .text(HealthAutoExportStateOfMind.json(entry.labels)),
      .text(HealthAutoExportStateOfMind.json(entry.associations)), .integer(importID),
    ]
    try database.execute(
      """
      INSERT INTO pushed_states_of_mind (id, start, end, kind, valence, labels, associations, import_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT DO NOTHING
      """, values)
    if database.changes > 0 { return .inserted }
    try database.execute(
      """
      UPDATE pushed_states_of_mind SET start = ?2, end = ?3, kind = ?4, valence = ?5, labels = ?6,
                                       associations = ?7, import_id = ?8
      WHERE id = ?1
        AND (start IS NOT ?2 OR end IS NOT ?3 OR kind IS NOT ?4 OR valence IS NOT ?5 OR labels IS NOT ?6
             OR associations IS NOT ?7)
        AND coalesce((SELECT started_at FROM imports WHERE id = pushed_states_of_mind.import_id), 0) <= ?9
      """, values + [.integer(receivedAt)])
    return database.changes > 0 ? .updated : .unchanged
  }

  private func store(_ night: HealthAutoExportNight, importID: Int64) throws -> Outcome {
    let values: [SQLValue] = [
      .text(night.day), night.sleepStart.map(SQLValue.integer) ?? .null, .integer(night.sleepEnd),
      night.asleep.map(SQLValue.real) ?? .null, night.inBed.map(SQLValue.real) ?? .null,
      night.core.map(SQLValue.real) ?? .null, night.deep.map(SQLValue.real) ?? .null,
      night.rem.map(SQLValue.real) ?? .null, night.awake.map(SQLValue.real) ?? .null,
      night.source.map(SQLValue.text) ?? .null, .integer(importID),
    ]
    try database.execute(
      """
      INSERT INTO pushed_nights (day, sleep_start, sleep_end, asleep, in_bed, core, deep, rem, awake, source, import_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT DO NOTHING
      """, values)
    if database.changes > 0 { return .inserted }
    try database.execute(
      """
      UPDATE pushed_nights SET sleep_start = ?2, sleep_end = ?3, asleep = ?4, in_bed = ?5, core = ?6, deep = ?7,
                               rem = ?8, awake = ?9, source = ?10, import_id = ?11
      WHERE day = ?1
        AND (sleep_start IS NOT ?2 OR sleep_end IS NOT ?3 OR asleep IS NOT ?4 OR in_bed IS NOT ?5 OR core IS NOT ?6
             OR deep IS NOT ?7 OR rem IS NOT ?8 OR awake IS NOT ?9)
        AND coalesce((SELECT started_at FROM imports WHERE id = pushed_nights.import_id), 0) <= ?12
      """, values + [.integer(receivedAt)])
    return database.changes > 0 ? .updated : .unchanged
  }

  private func store(_ workout: HealthAutoExportWorkout, sourceID: Int64, importID: Int64) throws -> Outcome {
    var metadata: [(key: String, value: String)] = [("name", workout.name)]
    if let id = workout.id { metadata.append(("id", id)) }
    let values: [SQLValue] = [
      .text(workout.activityType), .integer(sourceID), .integer(workout.start), .integer(workout.end),
      .real(workout.durationSeconds ?? Double(workout.end - workout.start)),
      workout.distanceKilometres.map(SQLValue.real) ?? .null, workout.energyKilocalories.map(SQLValue.real) ?? .null,
      .text(JSONText.object(metadata) ?? "{}"), .integer(importID),
    ]
    try database.execute(
      """
      INSERT INTO workouts (activity_type, source_id, start, end, duration_seconds, total_distance_km,
                            total_energy_kcal, metadata, import_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT DO NOTHING
      """, values)
    if database.changes > 0 { return .inserted }
    try database.execute(
      """
      UPDATE workouts SET duration_seconds = ?5, total_distance_km = ?6, total_energy_kcal = ?7, metadata = ?8,
                          import_id = ?9
      WHERE activity_type = ?1 AND source_id = ?2 AND start = ?3 AND end = ?4
        AND (duration_seconds IS NOT ?5 OR total_distance_km IS NOT ?6 OR total_energy_kcal IS NOT ?7)
      """, values)
    return database.changes > 0 ? .updated : .unchanged
  }

  private func sourceID() throws -> Int64 {
    try database.execute(
      "INSERT INTO sources (name) VALUES (?) ON CONFLICT DO NOTHING", [.text(DailyValueStore.pushedSourceName)])
    guard
      let id = try database.firstRow(
        "SELECT id FROM sources WHERE name = ?", [.text(DailyValueStore.pushedSourceName)])?.integer("id")
    else {
      throw DatabaseError(
        code: 1, message: "the source \(DailyValueStore.pushedSourceName) could not be stored", sql: nil)
    }
    return id
  }
}
