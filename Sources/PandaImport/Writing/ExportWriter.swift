import CSQLite
import PandaCore
import PandaStore

/// Writes decoded export items into the database, skipping what is already there.
///
/// Identity is content: a sample already stored with the same type, unit, source, start, end and
/// value is a duplicate, so re-importing an export, or a newer export that contains it, adds only
/// what is new. Sources, devices and types are interned into small tables.
///
/// Each row read from the export belongs to the run of items it was read in (see
/// `ExportItem.runStart`), a row already stored included, so that at the end the rows the export
/// no longer holds are those of runs neither read nor found again (see `ExportSnapshot`). A sample
/// stored now carries no run of its own: its run is the one whose range of row ids
/// (`export_run_rows`) holds it, so a first import maintains no index for runs, row by row.
/// A sample already stored is marked with the run in its `run` column. An export older than one
/// imported before marks nothing and remembers no block: it only adds.
final class ExportWriter {
  private let database: Database
  private let importID: Int64
  private var sourceIDs: [String: Int64] = [:]
  private var deviceIDs: [String: Int64] = [:]
  private var typeIDs: [String: Int64] = [:]
  @exclusivity(unchecked) private var lastType: (identifier: String, unit: String, id: Int64)?
  @exclusivity(unchecked) private var lastSource: (name: String, id: Int64)?
  @exclusivity(unchecked) private var lastDevice: (identity: String, id: Int64)?
  /// The ids of origins seen, by instance (held, so that an identifier is never reused).
  @exclusivity(unchecked) private var originIDs: [ObjectIdentifier: (origin: SampleOrigin, ids: OriginIDs)] = [:]
  @exclusivity(unchecked) private var lastOrigin: (origin: SampleOrigin, ids: OriginIDs)?
  private let insertSample: Statement
  private let findSample: Statement
  private let insertWorkout: Statement
  private let markSample: Statement
  private let markWorkout: Statement
  private let markCorrelation: Statement

  @exclusivity(unchecked) private(set) var inserted = 0
  @exclusivity(unchecked) private(set) var duplicates = 0
  private(set) var workouts = 0
  private(set) var activitySummaries = 0
  private(set) var exportDate: Int64?
  /// The offset the export's date was written with, at that date.
  private(set) var exportOffset: ZoneEvidence.Offset?
  /// The export date of the newest export imported before.
  private let newestExportDate: Int64?
  /// The first run id of this import: runs below it are earlier imports'.
  let runFloor: Int64
  /// The run items are stored in now, created with its first item.
  @exclusivity(unchecked) private var currentRun: Int64?
  /// The id the next run takes.
  private var nextRun: Int64
  /// The row ids of the first and last sample the current run inserted.
  @exclusivity(unchecked) private var runRows: (first: Int64, last: Int64)?
  /// The runs ended, with the range of row ids their new samples took, stored by `finish`.
  private var finishedRuns: [(run: Int64, rows: (first: Int64, last: Int64)?)] = []
  /// The earliest start among the items written.
  @exclusivity(unchecked) private(set) var earliest = Int64.max
  /// The days of the activity summaries read.
  private(set) var summaryDates: Set<String> = []

  /// Whether this export was made before one imported earlier: it adds, but marks nothing.
  var isOlder: Bool {
    guard let exportDate, let newestExportDate else { return false }
    return exportDate < newestExportDate
  }
  /// UTC day numbers of the new samples, by sample type id: the days whose daily values change.
  @exclusivity(unchecked) private var touchedDays: [Int64: Set<Int>] = [:]
  @exclusivity(unchecked) private var lastTouched: (type: Int64, days: (Int, Int)) = (-1, (0, 0))

  /// Where new samples are also kept for the daily values, when the database had none before.
  private let newSamples: NewSampleCache?

  /// - Parameter newestExportDate: when the newest export imported before was made.
  init(database: Database, importID: Int64, newestExportDate: Int64? = nil, newSamples: NewSampleCache? = nil) throws {
    self.database = database
    self.importID = importID
    self.newestExportDate = newestExportDate
    self.newSamples = newSamples
    runFloor = try ExportRunTable(database: database).nextRun()
    nextRun = runFloor
    let samples = SampleTable(database: database)
    insertSample = try samples.insertStatement()
    markSample = try samples.markStatement()
    findSample = try samples.findStatement()
    insertWorkout = try WorkoutTable(database: database).insertStatement()
    markWorkout = try WorkoutTable(database: database).markStatement()
    markCorrelation = try CorrelationTable(database: database).markStatement()
  }

  /// Stores one item.
  func write(_ item: ExportItem) throws {
    switch item {
    case .sample(let sample):
      try write(sample)
    case .correlation(let correlation):
      try write(correlation)
    case .workout(let workout):
      try write(workout)
    case .activitySummary(let summary):
      try write(summary)
    case .profile(let entries):
      let profile = ProfileTable(database: database)
      for entry in entries { try profile.store(entry.value, for: entry.key) }
    case .exportDate(let date, let offset):
      exportDate = date
      exportOffset = offset.map { ZoneEvidence.Offset(instant: date, seconds: $0) }
      // Known before any day is computed: the day it falls in is only partly recorded.
      try ImportTable(database: database).setExportDate(date, importID: importID)
    case .block(var block):
      // Its items were all written just before it, in this transaction, into the current run.
      // An older export's runs do not hold the rows a newer one marked: nothing to remember.
      guard let run = currentRun, !isOlder else { return }
      try flush()
      block.run = run
      try ExportBlockStore.record(block, importID: importID, in: database)
    case .runStart:
      try finishRun()
    }
  }

  /// Stores what is queued, ends the run being written and stores the runs. Call once every
  /// item is written.
  func finish() throws {
    try finishRun()
    try storeRuns()
  }

  /// The run the item being written belongs to, created with its first item.
  private func run() throws -> Int64 {
    if let currentRun { return currentRun }
    let run = nextRun
    nextRun += 1
    currentRun = run
    return run
  }

  /// Stores the current run with the range of row ids its new samples took, once they are all
  /// inserted: a sample whose `run` is NULL belongs to the run of its import whose range holds it.
  private func finishRun() throws {
    try flush()
    guard let run = currentRun else { return }
    finishedRuns.append((run, runRows))
    currentRun = nil
    runRows = nil
  }

  /// Stores the finished runs in bulk, after the rows: an export has a run every few dozen
  /// records, tens of thousands in a large one.
  private func storeRuns() throws {
    guard !finishedRuns.isEmpty else { return }
    try ExportRunTable(database: database).insert(finishedRuns, importID: importID)
    finishedRuns.removeAll()
  }

  /// Marks the days around `instant` of every type for recomputing: the day an earlier export
  /// was made in, partly recorded until this newer export.
  func touchEveryType(at instant: Int64) throws {
    for typeID in try SampleTypeTable(database: database).ids() {
      touchRemoved(typeID: typeID, start: instant, end: instant)
    }
  }

  /// Marks the day spanned by a removed sample for recomputing (see `ExportSnapshot`).
  func touchRemoved(typeID: Int64, start: Int64, end: Int64) {
    let days = (Self.utcDay(start), Self.utcDay(end))
    touchedDays[typeID, default: []].formUnion(days.0...min(days.1, days.0 + 31))
    lastTouched = (-1, (0, 0))
  }

  /// What identifies a sample stored as a correlation's member before its top-level record.
  private struct MemberKey: Hashable {
    var type: String
    var source: String
    var start: Int64
    var end: Int64
    var value: Double?
    var category: String?

    init(_ sample: ExportItem.Sample) {
      type = sample.type
      source = sample.origin.sourceName
      start = sample.start
      end = sample.end
      value = sample.value
      category = sample.category
    }
  }

  /// Correlation members stored by this import whose top-level record has not come by yet.
  @exclusivity(unchecked) private var membersStored: Set<MemberKey> = []

  /// A top-level sample waiting to be inserted with others, with its interned ids.
  private struct PendingRow {
    var sample: ExportItem.Sample
    var typeID: Int64
    var sourceID: Int64
    var deviceID: Int64?
    var run: Int64
  }

  /// Top-level samples are inserted this many at a time: one statement for many rows spares
  /// SQLite the per-statement work (cursors opened and closed, the statement halted and reset).
  static let rowsPerInsert = 64

  @exclusivity(unchecked) private var pendingRows: [PendingRow] = []
  private var batchInserts: [Int: Statement] = [:]

  /// Queues a top-level sample, inserting the queue once it is full.
  private func queue(_ sample: consuming ExportItem.Sample) throws {
    let typeID = try typeID(sample.type, unit: sample.unit ?? "")
    let ids = try ids(of: sample.origin)
    let run = try run()
    if sample.start < earliest { earliest = sample.start }
    pendingRows.append(
      PendingRow(sample: sample, typeID: typeID, sourceID: ids.source, deviceID: ids.device, run: run))
    if pendingRows.count == Self.rowsPerInsert { try flush() }
  }

  /// Inserts the queued samples. Call before reading samples back or reading the counts.
  func flush() throws {
    guard !pendingRows.isEmpty else { return }
    let statement = try batchInsert(rows: pendingRows.count)
    let handle = statement.handle
    sqlite3_reset(handle)
    // Read in place: copying each row out would retain and release every string it holds.
    pendingRows.withUnsafeBufferPointer { rows in
      for row in rows.indices {
        let base = Int32(row * 12)
        sqlite3_bind_int64(handle, base + 1, rows[row].typeID)
        sqlite3_bind_int64(handle, base + 2, rows[row].sourceID)
        bindText(handle, base + 3, rows[row].sample.origin.sourceVersion)
        bindInteger(handle, base + 4, rows[row].deviceID)
        sqlite3_bind_int64(handle, base + 5, rows[row].sample.start)
        sqlite3_bind_int64(handle, base + 6, rows[row].sample.end)
        bindReal(handle, base + 7, rows[row].sample.value)
        bindText(handle, base + 8, rows[row].sample.category)
        bindInteger(handle, base + 9, rows[row].sample.created)
        bindText(handle, base + 10, rows[row].sample.metadataJSON)
        bindText(handle, base + 11, rows[row].sample.beatsJSON)
        sqlite3_bind_int64(handle, base + 12, importID)
      }
    }
    try statement.execute()
    let stored = database.changes
    if stored > 0 {
      // The rows one statement inserts take consecutive ids, the last of which SQLite reports.
      let last = database.lastInsertedRowID
      runRows = (runRows?.first ?? last - Int64(stored) + 1, last)
    }
    // A record stored moments ago as a correlation's member is new, not a duplicate.
    var members = 0
    if !membersStored.isEmpty {
      for pending in pendingRows where membersStored.remove(MemberKey(pending.sample)) != nil { members += 1 }
    }
    inserted += stored + members
    duplicates += pendingRows.count - stored - members
    if stored < pendingRows.count && !isOlder { try markStored() }
    if let newSamples {
      // Which rows were not stored is not known: their types are read back from the database.
      let allStored = stored == pendingRows.count
      for row in pendingRows {
        if allStored {
          newSamples.add(
            type: row.typeID, start: row.sample.start, end: row.sample.end, source: row.sourceID, device: row.deviceID,
            value: row.sample.value, category: row.sample.category)
        } else {
          newSamples.drop(row.typeID)
        }
      }
    }
    if stored > 0 {
      // Which rows were new is not known: every row's days are recomputed (all of them, in a
      // first import; in a newer export, runs of old and new records side by side).
      for row in pendingRows.indices { touch(pendingRows[row].sample, typeID: pendingRows[row].typeID) }
    }
    pendingRows.removeAll(keepingCapacity: true)
  }

  /// Moves the queued rows that were already stored into the runs they were read in now. Which
  /// rows those are is not known: every row is tried, and rows read in this import stay put.
  private func markStored() throws {
    let handle = markSample.handle
    for row in pendingRows {
      sqlite3_reset(handle)
      sqlite3_bind_int64(handle, 1, row.run)
      sqlite3_bind_int64(handle, 2, row.typeID)
      sqlite3_bind_int64(handle, 3, row.sample.start)
      sqlite3_bind_int64(handle, 4, row.sample.end)
      sqlite3_bind_int64(handle, 5, row.sourceID)
      bindReal(handle, 6, row.sample.value)
      bindText(handle, 7, row.sample.category)
      sqlite3_bind_int64(handle, 8, importID)
      sqlite3_bind_int64(handle, 9, runFloor)
      try markSample.execute()
    }
  }

  private func batchInsert(rows: Int) throws -> Statement {
    if let statement = batchInserts[rows] { return statement }
    // No run: a row inserted here belongs to the run whose range of row ids holds it.
    let statement = try SampleTable(database: database).batchInsertStatement(rows: rows)
    batchInserts[rows] = statement
    return statement
  }

  /// Marks the days `sample` spans as needing their daily values recomputed.
  private func touch(_ sample: ExportItem.Sample, typeID: Int64) {
    // Samples of a type arrive in time order, so most share the previous one's days.
    let days = (Self.utcDay(sample.start), Self.utcDay(sample.end))
    if lastTouched.type != typeID || lastTouched.days != days {
      // Every day a sample spans, up to a month (a longer one is a broken record).
      touchedDays[typeID, default: []].formUnion(days.0...min(days.1, days.0 + 31))
      lastTouched = (typeID, days)
    }
  }

  /// Stores a sample. Correlation members also stand at top level, so finding one already
  /// stored is not counted as a duplicate.
  private func write(_ sample: ExportItem.Sample, countingDuplicate: Bool = true) throws {
    if countingDuplicate { return try queue(sample) }
    let statement = insertSample
    let handle = statement.handle
    sqlite3_reset(handle)
    let typeID = try typeID(sample.type, unit: sample.unit ?? "")
    let ids = try ids(of: sample.origin)
    sqlite3_bind_int64(handle, 1, typeID)
    sqlite3_bind_int64(handle, 2, ids.source)
    bindText(handle, 3, sample.origin.sourceVersion)
    bindInteger(handle, 4, ids.device)
    sqlite3_bind_int64(handle, 5, sample.start)
    sqlite3_bind_int64(handle, 6, sample.end)
    bindReal(handle, 7, sample.value)
    bindText(handle, 8, sample.category)
    bindInteger(handle, 9, sample.created)
    bindText(handle, 10, sample.metadataJSON)
    bindText(handle, 11, sample.beatsJSON)
    sqlite3_bind_int64(handle, 12, importID)
    // A member's own top-level record marks it with its run when it comes by; until then the
    // negated run keeps it apart, and it goes with its correlation (see `ExportSnapshot`).
    sqlite3_bind_int64(handle, 13, -(try run()))
    try statement.execute()
    if database.changes > 0 {
      // Members of a correlation are counted when their top-level record comes by, so that
      // new, already stored and skipped add up to the records read.
      touch(sample, typeID: typeID)
      newSamples?.add(
        type: typeID, start: sample.start, end: sample.end, source: ids.source, device: ids.device,
        value: sample.value, category: sample.category)
      membersStored.insert(MemberKey(sample))
    }
  }

  /// Takes the UTC days touched by new samples, by type identifier. With `finishedOnly`, the
  /// type being written now is left: exports come grouped by type, so the others are complete.
  func takeTouchedDays(finishedOnly: Bool = false) throws -> [String: Set<Int>] {
    try flush()
    var taken = touchedDays
    if finishedOnly, let current = lastType?.id {
      taken[current] = nil
      touchedDays = touchedDays.filter { $0.key == current }
    } else {
      touchedDays = [:]
    }
    lastTouched = (-1, (0, 0))
    var byType: [String: Set<Int>] = [:]
    let types = SampleTypeTable(database: database)
    for (typeID, days) in taken {
      guard let identifier = try types.identifier(of: typeID) else { continue }
      byType[identifier, default: []].formUnion(days)
    }
    return byType
  }

  /// The UTC day number of `instant`, as `DailyValueStore.plan(touched:)` takes days.
  static func utcDay(_ instant: Int64) -> Int {
    Int(instant >= 0 ? instant / 86_400 : (instant - 86_399) / 86_400)
  }

  private func write(_ correlation: ExportItem.Correlation) throws {
    // Its members may stand at top level among the queued samples: store those first.
    try flush()
    let sourceID = try sourceID(correlation.origin.sourceName)
    let run = try run()
    earliest = min(earliest, correlation.start)
    let correlations = CorrelationTable(database: database)
    guard
      let correlationID = try correlations.insert(
        type: correlation.type, sourceID: sourceID, sourceVersion: correlation.origin.sourceVersion,
        deviceID: try correlation.origin.device.map { try deviceID($0) }, start: correlation.start,
        end: correlation.end, created: correlation.created, metadata: JSONText.object(correlation.metadata),
        importID: importID, run: run)
    else {
      if !isOlder {
        try markCorrelation.bind([
          .integer(run), .text(correlation.type), .integer(correlation.start), .integer(correlation.end),
          .integer(sourceID), .integer(runFloor),
        ])
        try markCorrelation.execute()
      }
      return
    }
    for member in correlation.members {
      try write(member, countingDuplicate: false)
      guard let sampleID = try id(of: member) else { continue }
      try correlations.insertMember(correlationID: correlationID, sampleID: sampleID)
    }
  }

  private func id(of sample: ExportItem.Sample) throws -> Int64? {
    try findSample.bind([
      .integer(try typeID(sample.type, unit: sample.unit ?? "")), .integer(sample.start), .integer(sample.end),
      .integer(try ids(of: sample.origin).source), sample.value.map(SQLValue.real) ?? .null,
      text(sample.category),
    ])
    return try findSample.rows().first?.integer("id")
  }

  private func write(_ workout: ExportItem.Workout) throws {
    let sourceID = try sourceID(workout.origin.sourceName)
    let run = try run()
    earliest = min(earliest, workout.start)
    try insertWorkout.bind([
      .text(workout.activityType), .integer(sourceID),
      text(workout.origin.sourceVersion), try deviceValue(workout.origin.device), .integer(workout.start),
      .integer(workout.end), integer(workout.created), real(workout.durationSeconds),
      real(workout.totalDistanceKilometres), real(workout.totalEnergyKilocalories),
      text(JSONText.object(workout.metadata)), .integer(importID), .integer(run),
    ])
    try insertWorkout.execute()
    guard database.changes > 0 else {
      if !isOlder {
        try markWorkout.bind([
          .integer(run), .text(workout.activityType), .integer(workout.start), .integer(workout.end),
          .integer(sourceID), .integer(runFloor),
        ])
        try markWorkout.execute()
      }
      return
    }
    workouts += 1
    let workoutID = database.lastInsertedRowID
    let table = WorkoutTable(database: database)
    for statistic in workout.statistics {
      try table.insertStatistic(
        workoutID: workoutID, type: statistic.type, unit: statistic.unit, sum: statistic.sum,
        average: statistic.average, minimum: statistic.minimum, maximum: statistic.maximum)
    }
    for event in workout.events {
      try table.insertEvent(
        workoutID: workoutID, type: event.type, date: event.date, durationSeconds: event.durationSeconds)
    }
    for route in workout.routes {
      try table.insertRoute(
        workoutID: workoutID, path: route.path, start: route.start, end: route.end, inlinePoints: route.inlinePoints)
    }
  }

  private func write(_ summary: ExportItem.ActivitySummary) throws {
    summaryDates.insert(summary.date)
    // A newer export may hold a fuller version of a day that an older one caught half-way.
    let record = ActivitySummaryTable.Record(
      date: summary.date, activeEnergy: summary.activeEnergyKilocalories, activeEnergyGoal: summary.activeEnergyGoal,
      moveMinutes: summary.moveMinutes, moveMinutesGoal: summary.moveMinutesGoal,
      exerciseMinutes: summary.exerciseMinutes, exerciseMinutesGoal: summary.exerciseMinutesGoal,
      standHours: summary.standHours, standHoursGoal: summary.standHoursGoal)
    if try ActivitySummaryTable(database: database).store(record, importID: importID) { activitySummaries += 1 }
  }

  // MARK: Interning

  /// The interned ids of an origin's source and device.
  private typealias OriginIDs = (source: Int64, device: Int64?)

  private func ids(of origin: SampleOrigin) throws -> OriginIDs {
    if let lastOrigin, lastOrigin.origin === origin { return lastOrigin.ids }
    let ids: OriginIDs
    if let known = originIDs[ObjectIdentifier(origin)] {
      ids = known.ids
    } else {
      ids = (try sourceID(origin.sourceName), try origin.device.map { try deviceID($0) })
      if originIDs.count >= 4_096 { originIDs.removeAll(keepingCapacity: true) }
      originIDs[ObjectIdentifier(origin)] = (origin, ids)
    }
    lastOrigin = (origin, ids)
    return ids
  }

  private func typeID(_ identifier: String, unit: String) throws -> Int64 {
    if let lastType, lastType.identifier == identifier, lastType.unit == unit { return lastType.id }
    let id = try lookUpTypeID(identifier, unit: unit)
    lastType = (identifier, unit, id)
    return id
  }

  private func lookUpTypeID(_ identifier: String, unit: String) throws -> Int64 {
    let key = identifier + "\u{1F}" + unit
    if let id = typeIDs[key] { return id }
    let id = try SampleTypeTable(database: database).intern(identifier, unit: unit)
    typeIDs[key] = id
    return id
  }

  private func sourceID(_ name: String) throws -> Int64 {
    if let lastSource, lastSource.name == name { return lastSource.id }
    if let id = sourceIDs[name] {
      lastSource = (name, id)
      return id
    }
    let id = try SourceTable(database: database).intern(name)
    sourceIDs[name] = id
    return id
  }

  private func deviceID(_ device: DeviceDescription) throws -> Int64 {
    let identity = device.key
    if let lastDevice, lastDevice.identity == identity { return lastDevice.id }
    if let id = deviceIDs[identity] {
      lastDevice = (identity, id)
      return id
    }
    let id = try DeviceTable(database: database).intern(
      identity: identity, name: device.name, manufacturer: device.manufacturer, model: device.model,
      hardware: device.hardware, software: device.software)
    deviceIDs[identity] = id
    return id
  }

  private func deviceValue(_ device: DeviceDescription?) throws -> SQLValue {
    guard let device else { return .null }
    return .integer(try deviceID(device))
  }
}

private func text(_ value: String?) -> SQLValue { value.map(SQLValue.text) ?? .null }
private func real(_ value: Double?) -> SQLValue { value.map(SQLValue.real) ?? .null }
private func integer(_ value: Int64?) -> SQLValue { value.map(SQLValue.integer) ?? .null }

private func bindText(_ handle: OpaquePointer, _ index: Int32, _ value: String?) {
  guard let value else {
    sqlite3_bind_null(handle, index)
    return
  }
  sqlite3_bind_text(handle, index, value, -1, csqlite_transient())
}

private func bindReal(_ handle: OpaquePointer, _ index: Int32, _ value: Double?) {
  if let value { sqlite3_bind_double(handle, index, value) } else { sqlite3_bind_null(handle, index) }
}

private func bindInteger(_ handle: OpaquePointer, _ index: Int32, _ value: Int64?) {
  if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
}
