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
      let imports = ImportTable(database: database)
      let importID = try imports.insertPush(
        file: name, bytes: Int64(document.byteCount), startedAt: receivedAt, route: route.rawValue)
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
      try imports.finish(
        importID,
        with: ImportTable.PushTotals(
          seconds: seconds, records: read.records, inserted: counts.inserted, updated: counts.updated,
          duplicates: counts.duplicates, skipped: read.skipped, implausible: read.implausible,
          workouts: workoutsChanged))
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
      let none =
        read.records == 1 ? "its one record could not be read" : "none of its \(read.records) records could be read"
      return "\(none) (\(read.skippedExamples.first ?? ""))"
    }
    if read.implausible > 0 { return "every reading in it is impossible (\(read.implausible))" }
    return "its metrics and workouts are empty"
  }

  /// What storing one thing did.
  private typealias Outcome = UpsertOutcome

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
    try PushedSampleTable(database: database).store(
      PushedSampleTable.Record(
        type: point.type, start: point.start, category: point.category, unit: point.unit, end: point.end,
        value: point.value, minimum: point.minimum, maximum: point.maximum, source: point.source),
      importID: importID, receivedAt: receivedAt)
  }

  /// Stores a symptom record, known by its type and start: one sent again with another value
  /// or end (the person changed its severity) replaces it, unless a later push already did.
  /// Symptoms have no daily values: they are read as records (`SymptomRecordReader`).
  private func storeSymptom(_ point: HealthAutoExportPoint, importID: Int64) throws -> Outcome {
    try PushedSampleTable(database: database).storeSymptom(
      type: point.type, start: point.start, category: point.category, end: point.end, source: point.source,
      importID: importID, receivedAt: receivedAt)
  }

  /// Stores a State of Mind entry by the app's id; one sent again changed replaces it, unless a
  /// later push already did.
  private func store(_ entry: HealthAutoExportStateOfMind, importID: Int64) throws -> Outcome {
    try PushedStateOfMindTable(database: database).store(
      PushedStateOfMindTable.Record(
        id: entry.id, start: entry.start, end: entry.end, kind: entry.kind, valence: entry.valence,
        labels: HealthAutoExportStateOfMind.json(entry.labels),
        associations: HealthAutoExportStateOfMind.json(entry.associations)),
      importID: importID, receivedAt: receivedAt)
  }

  private func store(_ night: HealthAutoExportNight, importID: Int64) throws -> Outcome {
    try PushedNightTable(database: database).store(
      PushedNightTable.Record(
        day: night.day, sleepStart: night.sleepStart, sleepEnd: night.sleepEnd, asleep: night.asleep,
        inBed: night.inBed, core: night.core, deep: night.deep, rem: night.rem, awake: night.awake,
        source: night.source),
      importID: importID, receivedAt: receivedAt)
  }

  private func store(_ workout: HealthAutoExportWorkout, sourceID: Int64, importID: Int64) throws -> Outcome {
    var metadata: [(key: String, value: String)] = [("name", workout.name)]
    if let id = workout.id { metadata.append(("id", id)) }
    return try WorkoutTable(database: database).storePushed(
      activityType: workout.activityType, sourceID: sourceID, start: workout.start, end: workout.end,
      durationSeconds: workout.durationSeconds ?? Double(workout.end - workout.start),
      distanceKilometres: workout.distanceKilometres, energyKilocalories: workout.energyKilocalories,
      metadata: JSONText.object(metadata) ?? "{}", importID: importID)
  }

  private func sourceID() throws -> Int64 {
    try SourceTable(database: database).intern(DailyValueStore.pushedSourceName)
  }
}
