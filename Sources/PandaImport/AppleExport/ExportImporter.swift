import Foundation
import PandaCore
import PandaStore

/// Streams an Apple Health export into the database in one transaction: either everything is
/// committed or the database is left exactly as it was.
package struct ExportImporter {
  /// What to do with a newer export that lacks more of the stored records than deletions
  /// explain (more than `ExportSnapshot.confirmationShare` of them, or a whole metric).
  package enum Trust: Sendable {
    /// Refuse it: nothing from it is stored, and `ImportError.untrusted` says how to proceed.
    case checked
    /// Take it as the truth: remove the stored records it lacks (`--replace`).
    case replace
    /// Add its records alongside and remove nothing (`--add`).
    case add
  }

  private let database: Database
  private let context: DailyContext
  private let systemZone: TimeZone?
  private let trust: Trust
  private let progress: (ImportProgress) -> Void
  private let isCancelled: () -> Bool

  /// - Parameters:
  ///   - progress: called every few thousand records, on the importing thread.
  ///   - isCancelled: polled as often; returning `true` rolls the import back.
  ///   - context: the time zone and source priority daily values are computed with.
  ///   - systemZone: the machine's zone when the person named none: days are then counted in the
  ///     zone the data points to (`ZoneInference`), from the first batch on, and `context.zone`
  ///     only where nothing points anywhere. `nil` counts days in `context.zone`.
  ///   - trust: what to do with an export that lacks many of the stored records (see `Trust`).
  package init(
    database: Database, context: DailyContext = DailyContext(zone: .current), systemZone: TimeZone? = nil,
    trust: Trust = .checked,
    progress: @escaping (ImportProgress) -> Void = { _ in }, isCancelled: @escaping () -> Bool = { false }
  ) {
    self.database = database
    self.context = context
    self.systemZone = systemZone
    self.trust = trust
    self.progress = progress
    self.isCancelled = isCancelled
  }

  /// Imports the export at `path` (zip, XML or folder). A refused export (`ImportError.untrusted`)
  /// stores nothing but its refusal (see `ImportRefusal`).
  package func importExport(at path: String) throws -> ImportSummary {
    do {
      return try importWhole(at: path)
    } catch let error as ImportError {
      let exportDate: Int64?
      switch error {
      case .untrusted(_, let date, _, _, _), .olderReAdds(_, let date, _, _, _): exportDate = date
      default: throw error
      }
      try ImportRefusal(
        file: path, refusedAt: Int64(Date().timeIntervalSince1970), exportDate: exportDate, reason: "\(error)"
      ).record(in: database)
      throw error
    }
  }

  private func importWhole(at path: String) throws -> ImportSummary {
    let location = try ExportLocation.locate(path)
    let started = ContinuousClock.now
    let startedAt = Int64(Date().timeIntervalSince1970)
    // A first import writes every page anew: without the log, each is written once, not twice.
    guard try SampleTable(database: database).isEmpty() else {
      return try importExport(location, path: path, started: started, startedAt: startedAt, isFirst: false)
    }
    return try database.withRollbackJournal {
      try importExport(location, path: path, started: started, startedAt: startedAt, isFirst: true)
    }
  }

  private func importExport(
    _ location: ExportLocation, path: String, started: ContinuousClock.Instant, startedAt: Int64, isFirst: Bool
  ) throws -> ImportSummary {
    let clock = ContinuousClock()
    return try database.transaction {
      let imports = ImportTable(database: database)
      let importID = try imports.insertExport(file: path, bytes: location.totalBytes, startedAt: startedAt)
      // Into an empty database, the new samples are all there is: their daily values are
      // computed from memory rather than read back.
      let newSamples = isFirst ? NewSampleCache() : nil
      let newestExportDate = try imports.newestExportDate(excluding: importID)
      let writer = try ExportWriter(
        database: database, importID: importID, newestExportDate: newestExportDate, newSamples: newSamples)
      var dailyValues = DailyValueStore(database: database, context: context)
      dailyValues.newSamples = newSamples
      // Daily values of types the export has moved past are computed while the reader thread
      // is busy; values computed with another context are rebuilt whole at the end instead.
      var computeEarly = try dailyValues.isCurrent()
      // With no zone named and none chosen before, the export's date, read first, chooses it
      // before any day is computed; the records can still change it at the end.
      var zonePending = try systemZone != nil && ZoneStore.evidence(in: database).isEmpty
      func countDays(in zone: TimeZone) {
        guard zone.identifier != dailyValues.context.zone.identifier else { return }
        dailyValues = DailyValueStore(database: database, context: DailyContext(zone: zone, priority: context.priority))
        dailyValues.newSamples = newSamples
      }
      let known = try ExportBlockStore.load(from: database)
      var dailyWork: [DailyValueStore.Work] = []
      var itemsWritten = 0
      func performDailyWork() throws -> Bool {
        guard !dailyWork.isEmpty else { return false }
        if isCancelled() { throw ImportError.interrupted }
        try dailyValues.perform(dailyWork.removeFirst())
        return true
      }
      let outcome = try Self.pipeline(
        location: location, path: path, known: known,
        write: { items, bytesRead, itemsRead in
          for item in items { try writer.write(item) }
          if zonePending, let systemZone {
            zonePending = false
            let early = ZoneEvidence(offsets: writer.exportOffset.map { [$0] } ?? [])
            if let choice = ZoneInference.choose(early, system: systemZone),
              let zone = TimeZone(identifier: choice.identifier), zone.identifier != dailyValues.context.zone.identifier
            {
              // Days stored before, counted in another zone, are all counted again at the end.
              if !isFirst { computeEarly = false }
              countDays(in: zone)
            }
          }
          itemsWritten = itemsRead
          if isCancelled() { throw ImportError.interrupted }
          if computeEarly { dailyWork += dailyValues.plan(touched: try writer.takeTouchedDays(finishedOnly: true)) }
          progress(
            ImportProgress(
              bytesRead: bytesRead, totalBytes: location.totalBytes, records: itemsRead,
              elapsed: (clock.now - started).seconds))
        },
        idle: performDailyWork)
      try writer.finish()
      let implausible = outcome.implausible.values.reduce(0, +)
      if outcome.records > 0, outcome.skippedCount + outcome.outOfRange + implausible >= outcome.records,
        writer.inserted + writer.duplicates + outcome.recognized == 0,
        let first = outcome.skipped.first
      {
        throw ImportError.nothingReadable(path: path, records: outcome.records, line: first.line, reason: first.reason)
      }
      var removal = (removed: 0, workouts: 0, notRemoved: 0, share: 0.0, byType: [MissingRecords]())
      let earliest = min(writer.earliest, outcome.recognizedEarliest)
      if writer.isOlder, trust == .checked, let newer = newestExportDate, writer.inserted + writer.workouts > 0 {
        // The newer export holds everything up to when it was made: what this one adds was
        // deleted since.
        throw ImportError.olderReAdds(
          path: path, exportDate: writer.exportDate, newerExportDate: newer, records: writer.inserted,
          workouts: writer.workouts)
      }
      // A file without an `ExportDate` was not written by the Health app's export, which holds
      // everything: it only adds. An export is the truth for everything before it was made,
      // not only from its first item on.
      if !writer.isOlder && earliest != .max, let exportDate = writer.exportDate {
        let missing = try ExportSnapshot.find(
          in: database, importID: importID, runFloor: writer.runFloor, recognized: outcome.recognizedRuns,
          span: Int64.min...max(earliest, exportDate), summaryDates: writer.summaryDates)
        if missing.needsConfirmation && trust == .checked {
          throw ImportError.untrusted(
            path: path, exportDate: writer.exportDate, missing: missing.samples, share: missing.share,
            byType: missing.byType)
        }
        if trust == .add {
          removal.notRemoved = missing.samples
          removal.share = missing.share
          removal.byType = missing.byType
        } else if !missing.isEmpty {
          try missing.remove(in: database) { writer.touchRemoved(typeID: $0, start: $1, end: $2) }
          removal.removed = missing.samples
          removal.workouts = missing.workouts
          removal.byType = missing.byType
        }
        try missing.forgetUnseenRuns(in: database)
      }
      if let previous = newestExportDate, let date = writer.exportDate, date > previous {
        // The day the last export was made in was partly recorded; this one holds the rest of it.
        try writer.touchEveryType(at: previous)
      }
      let zoneChoice = try ZoneStore.add(outcome.zone, system: systemZone ?? context.zone, in: database)
      if systemZone != nil, let zoneChoice, let zone = TimeZone(identifier: zoneChoice.identifier),
        zone.identifier != dailyValues.context.zone.identifier
      {
        // Values computed so far stand if the two zones agree on every day of a first import's
        // data; otherwise every day is counted again.
        let first = min(earliest, outcome.zone.offsets.first?.instant ?? earliest)
        if !isFirst || first == .max
          || !ZoneInference.agree(zone, dailyValues.context.zone, from: first, through: max(first, startedAt))
        {
          computeEarly = false
        }
        countDays(in: zone)
      }
      let dailyStarted = clock.now
      if computeEarly {
        dailyWork += dailyValues.plan(touched: try writer.takeTouchedDays())
        // The reading thread is done: computing overlaps with reading and writing from here.
        try dailyValues.perform(dailyWork) { if isCancelled() { throw ImportError.interrupted } }
        try dailyValues.finish()
      } else {
        if isCancelled() { throw ImportError.interrupted }
        try dailyValues.rebuildAll()
      }
      let dailyValuesSeconds = (clock.now - dailyStarted).seconds
      let seconds = (clock.now - started).seconds
      let summary = ImportSummary(
        file: path,
        counts: ImportCounts(
          records: outcome.records, inserted: writer.inserted, duplicates: writer.duplicates + outcome.recognized,
          skipped: outcome.skippedCount, outOfRange: outcome.outOfRange, implausible: implausible),
        implausibleByType: outcome.implausible, workouts: writer.workouts,
        activitySummaries: writer.activitySummaries,
        xmlBytes: outcome.xmlBytes, seconds: seconds, dailyValuesSeconds: dailyValuesSeconds,
        skippedExamples: outcome.skipped,
        notImported: outcome.otherElements, exportDate: writer.exportDate, removed: removal.removed,
        removedWorkouts: removal.workouts, notRemoved: removal.notRemoved, notRemovedShare: removal.share,
        missingByType: removal.byType, newerExportDate: writer.isOlder ? newestExportDate : nil,
        timeZone: dailyValues.context.zone.identifier, zoneFromData: systemZone == nil ? nil : zoneChoice)
      try ImportRefusal.resolve(
        file: path, confirmed: trust != .checked,
        exportDate: writer.isOlder || trust == .add ? nil : writer.exportDate, in: database)
      try imports.finish(
        importID,
        with: ImportTable.ExportTotals(
          exportDate: writer.exportDate, seconds: seconds, counts: summary.counts, workouts: summary.workouts,
          activitySummaries: summary.activitySummaries, removed: summary.removed))
      progress(
        ImportProgress(
          bytesRead: location.totalBytes, totalBytes: location.totalBytes, records: itemsWritten,
          elapsed: seconds))
      // The last chance to roll back: after this the transaction commits.
      if isCancelled() { throw ImportError.interrupted }
      return summary
    }
  }
}

extension ExportImporter {
  /// Items handed from the reading thread to the writing one at a time.
  static let batchSize = 4_096

  /// What the reading thread reports.
  private enum ReaderMessage: Sendable {
    case items([ExportItem], bytesRead: Int64, itemsRead: Int)
    case finished(ReadOutcome)
    case failed(any Error)
  }

  /// The reader's counts once the whole export has been read.
  struct ReadOutcome: Sendable {
    var records: Int
    var skippedCount: Int
    /// Records in blocks an earlier import stored, skipped unread (see `ExportBlock`).
    var recognized: Int
    var outOfRange: Int
    var implausible: [String: Int]
    var skipped: [SkippedRecord]
    var otherElements: [String: Int]
    var xmlBytes: Int64
    /// The runs of the blocks found again (see `ExportSnapshot`).
    var recognizedRuns: [Int64] = []
    /// The earliest start among the items of the blocks found again.
    var recognizedEarliest = Int64.max
    /// What the export's dates and records say about the person's time zone.
    var zone = ZoneEvidence()
  }

  private struct ReaderStopped: Error {}

  /// Reads and decodes the export on a second thread while `write` stores batches on this one,
  /// so inflating and scanning overlap with SQLite. At most a few batches are in flight, which
  /// bounds memory whatever the file size.
  static func pipeline(
    location: ExportLocation, path: String, known: KnownBlocks = KnownBlocks(),
    write: ([ExportItem], Int64, Int) throws -> Void,
    idle: () throws -> Bool = { false }
  ) throws -> ReadOutcome {
    let channel = BoundedChannel<ReaderMessage>(capacity: 4)
    let readerDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      defer { readerDone.signal() }
      do {
        let outcome = try read(location: location, path: path, known: known, channel: channel)
        _ = channel.send(.finished(outcome))
      } catch is ReaderStopped {
        return
      } catch {
        _ = channel.send(.failed(error))
      }
    }
    defer {
      channel.close()
      readerDone.wait()
    }
    while true {
      let message: ReaderMessage
      if let ready = channel.poll() {
        message = ready
      } else if try idle() {
        // No batch was waiting, so this thread did some of `idle`'s work instead.
        continue
      } else if let next = channel.receive() {
        message = next
      } else {
        // Only this side closes the channel, so the reader always ends with .finished or .failed.
        throw ImportError.interrupted
      }
      switch message {
      case .items(let items, let bytesRead, let itemsRead): try write(items, bytesRead, itemsRead)
      case .finished(let outcome): return outcome
      case .failed(let error): throw error
      }
    }
  }

  private static func read(
    location: ExportLocation, path: String, known: KnownBlocks, channel: BoundedChannel<ReaderMessage>
  ) throws -> ReadOutcome {
    let source = try location.openSource()
    let scanner = XMLScanner(source: source, path: path, known: known)
    var batch: [ExportItem] = []
    batch.reserveCapacity(batchSize)
    var itemsRead = 0
    func flush() throws {
      guard !batch.isEmpty else { return }
      itemsRead += batch.count
      guard channel.send(.items(batch, bytesRead: source.bytesConsumed, itemsRead: itemsRead)) else {
        throw ReaderStopped()
      }
      batch.removeAll(keepingCapacity: true)
    }
    var decoder = ExportDecoder { item in
      batch.append(item)
      if batch.count == batchSize { try flush() }
    }
    do {
      try scanner.scan(into: &decoder)
    } catch ExportDecoder.Failure.notHealthData(let found) {
      throw ImportError.notAnExport(path: path, reason: "its first element is <\(found)>, not <HealthData>")
    }
    guard decoder.sawRoot else {
      throw ImportError.notAnExport(path: path, reason: "it has no <HealthData> element")
    }
    if decoder.isInsideExport {
      throw ImportError.truncatedXML(path: path, offset: scanner.bytesScanned, line: scanner.lineAtEnd)
    }
    try flush()
    return ReadOutcome(
      records: decoder.recordCount, skippedCount: decoder.skippedCount, recognized: decoder.recognizedCount,
      outOfRange: decoder.outOfRangeCount,
      implausible: decoder.implausible, skipped: decoder.skipped,
      otherElements: decoder.otherElements, xmlBytes: scanner.bytesScanned, recognizedRuns: decoder.recognizedRuns,
      recognizedEarliest: decoder.recognizedEarliest,
      zone: ZoneEvidence(
        offsets: ZoneEvidence.ofExport(records: decoder.zone.offsets, exportDate: decoder.exportOffset),
        names: decoder.zone.names))
  }
}

extension ExportImporter {
  /// Bytes of export XML at `path`: the file's size, or the size of the XML inside a zip.
  package static func xmlBytes(ofExportAt path: String) throws -> Int64 {
    let location = try ExportLocation.locate(path)
    return location.entry.map { Int64($0.uncompressedSize) } ?? location.totalBytes
  }
}
