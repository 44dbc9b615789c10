import PandaStore

/// The stored export rows a newer export no longer holds: an Apple Health export carries all of
/// the phone's data, so what a newer one lacks within the time it covers was deleted on the phone.
///
/// Every row an export stored belongs to the run of items it was last read in (see
/// `ExportWriter`), and every remembered block names its run. The runs an import neither read nor
/// found again as a block hold rows this export lacks; those within its span are the missing ones.
/// A sample's run is its `run` column, or where that is NULL, the run of its import whose range of
/// row ids holds it. Rows logged by hand (import 0) and Health Auto Export's pushes are never among
/// them. Rows stored before runs were kept (`run` 0 for samples, NULL for the others) count as not
/// seen.
struct ExportSnapshot {
  /// Export samples (records) the export lacks.
  var samples = 0
  /// Workouts the export lacks.
  var workouts = 0
  /// Correlations (blood pressure, food) the export lacks.
  var correlations = 0
  /// Activity summary days the export lacks, between its first and last summary.
  var activitySummaries = 0
  /// Export samples stored before the removal.
  var storedSamples = 0
  /// The missing samples by type, with how many of each type are stored.
  var byType: [MissingRecords] = []

  /// Above this share of the stored samples, nothing goes without the person's say-so: that
  /// looks like another phone's export or a cut-down file, not deletions.
  static let confirmationShare = 0.05

  /// The runs not seen, within the span: what goes.
  private var missing = ExportRunTable.Missing(runs: [], span: 0...0)
  private var summaryDates: [String] = []

  /// Whether anything would go.
  var isEmpty: Bool { samples + workouts + correlations + activitySummaries == 0 }

  /// The share of the stored samples that would go.
  var share: Double { storedSamples == 0 ? 0 : Double(samples) / Double(storedSamples) }

  /// Whether so much would go that the person must confirm it: more than
  /// `confirmationShare` of the stored samples, or every stored sample of a type.
  var needsConfirmation: Bool { share > Self.confirmationShare || byType.contains(where: \.isWhole) }

  /// Finds what import `importID`, which read runs from `runFloor` on and recognised the blocks
  /// of `recognized`, leaves out within `span` (up to its export date), and among the activity
  /// summaries, the days between its first and last summary not in `summaryDates`. Each type's
  /// `stored` count is of the records stored before this import.
  static func find(
    in database: Database, importID: Int64, runFloor: Int64, recognized: [Int64], span: ClosedRange<Int64>,
    summaryDates: Set<String>
  ) throws -> ExportSnapshot {
    var snapshot = ExportSnapshot()
    let seen = Set(recognized)
    snapshot.missing = ExportRunTable.Missing(
      runs: try ExportRunTable(database: database).runs(below: runFloor).filter { !seen.contains($0) }, span: span)
    let samples = SampleTable(database: database)
    snapshot.samples = try samples.count(snapshot.missing)
    snapshot.workouts = try WorkoutTable(database: database).count(snapshot.missing)
    snapshot.correlations = try CorrelationTable(database: database).count(snapshot.missing)
    if let first = summaryDates.min(), let last = summaryDates.max() {
      snapshot.summaryDates = try ActivitySummaryTable(database: database).exportedDates(from: first, through: last)
        .filter { !summaryDates.contains($0) }
      snapshot.activitySummaries = snapshot.summaryDates.count
    }
    if snapshot.samples > 0 {
      snapshot.storedSamples = try samples.importedCount()
      snapshot.byType = try samples.countByType(snapshot.missing, excluding: importID).map { type in
        MissingRecords(type: type.type, missing: type.missing, stored: type.stored)
      }
    }
    return snapshot
  }

  /// Removes the missing rows, calling `removed` with each removed sample's type id, start and
  /// end (their days need computing again).
  func remove(in database: Database, removed: (Int64, Int64, Int64) -> Void) throws {
    if samples > 0 { try SampleTable(database: database).delete(missing, removed: removed) }
    if workouts > 0 { try WorkoutTable(database: database).delete(missing) }
    if correlations > 0 { try CorrelationTable(database: database).delete(missing) }
    let summaries = ActivitySummaryTable(database: database)
    for date in summaryDates { try summaries.delete(date: date) }
  }

  /// Forgets the blocks of the runs not seen, which this export does not hold whole, and the
  /// runs left holding nothing.
  func forgetUnseenRuns(in database: Database) throws {
    try ExportBlockStore.forget(runs: missing.runs, in: database)
    try ExportRunTable(database: database).deleteEmpty(missing)
  }
}
