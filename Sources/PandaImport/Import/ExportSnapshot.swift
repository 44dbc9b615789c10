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

  private var runs: [Int64] = []
  /// `runs` as a JSON array, which the statements read with `json_each` (a temporary table
  /// would change the schema while the import's statements are open).
  private var runList = "[]"
  private var summaryDates: [String] = []
  private var span: ClosedRange<Int64> = 0...0

  /// Whether anything would go.
  var isEmpty: Bool { samples + workouts + correlations + activitySummaries == 0 }

  /// The share of the stored samples that would go.
  var share: Double { storedSamples == 0 ? 0 : Double(samples) / Double(storedSamples) }

  /// Whether so much would go that the person must confirm it: more than
  /// `confirmationShare` of the stored samples, or every stored sample of a type.
  var needsConfirmation: Bool { share > Self.confirmationShare || byType.contains(where: \.isWhole) }

  private static let exportImports = "SELECT id FROM imports WHERE id > 0 AND route = 'export'"
  /// Samples of the missing runs (the first argument, a JSON array), marked with the run or
  /// inserted in it, their correlations' members (negated runs) and rows stored before runs
  /// (run 0), within the span. Each part is looked up by index or by row id, never a scan.
  private static let sampleCondition = """
    id IN (
      SELECT id FROM samples
      WHERE run IN (SELECT value FROM json_each(?1) UNION ALL SELECT -value FROM json_each(?1) UNION ALL SELECT 0)
      UNION ALL
      SELECT s.id FROM export_run_rows r JOIN samples s ON s.id BETWEEN r.first_row AND r.last_row
      WHERE r.run IN (SELECT value FROM json_each(?1)) AND s.run IS NULL AND s.import_id = r.import_id
    ) AND start BETWEEN ?2 AND ?3
    """
  private static let rowCondition = """
    (run IN (SELECT value FROM json_each(?1)) OR (run IS NULL AND import_id IN (\(exportImports))))
    AND start BETWEEN ?2 AND ?3
    """

  /// Finds what import `importID`, which read runs from `runFloor` on and recognised the blocks
  /// of `recognized`, leaves out within `span` (up to its export date), and among the activity
  /// summaries, the days between its first and last summary not in `summaryDates`. Each type's
  /// `stored` count is of the records stored before this import.
  static func find(
    in database: Database, importID: Int64, runFloor: Int64, recognized: [Int64], span: ClosedRange<Int64>,
    summaryDates: Set<String>
  ) throws -> ExportSnapshot {
    var snapshot = ExportSnapshot()
    snapshot.span = span
    let seen = Set(recognized)
    let earlier = try database.cachedStatement("SELECT id FROM export_runs WHERE id < ?")
    try earlier.bind([.integer(runFloor)])
    let id = earlier.column("id")
    try earlier.forEachRow { row in
      let run = row.integer(id)
      if !seen.contains(run) { snapshot.runs.append(run) }
    }
    snapshot.runList = "[" + snapshot.runs.map(String.init).joined(separator: ",") + "]"
    let bounds: [SQLValue] = [.text(snapshot.runList), .integer(span.lowerBound), .integer(span.upperBound)]
    func count(_ table: String, where condition: String) throws -> Int {
      let row = try database.firstRow("SELECT count(*) AS matching FROM \(table) WHERE \(condition)", bounds)
      return Int(row?.integer("matching") ?? 0)
    }
    snapshot.samples = try count("samples", where: sampleCondition)
    snapshot.workouts = try count("workouts", where: rowCondition)
    snapshot.correlations = try count("correlations", where: rowCondition)
    if let first = summaryDates.min(), let last = summaryDates.max() {
      snapshot.summaryDates = try database.rows(
        "SELECT date FROM activity_summaries WHERE date BETWEEN ? AND ? AND import_id IN (\(exportImports))",
        [.text(first), .text(last)]
      ).compactMap { $0.text("date") }.filter { !summaryDates.contains($0) }
      snapshot.activitySummaries = snapshot.summaryDates.count
    }
    if snapshot.samples > 0 {
      snapshot.storedSamples = Int(
        try database.firstRow("SELECT count(*) AS samples FROM samples WHERE import_id > 0")?.integer("samples") ?? 0)
      snapshot.byType = try database.rows(
        """
        SELECT t.identifier AS type, m.missing,
               (SELECT count(*) FROM samples a WHERE a.type_id = m.type_id AND a.import_id IN (\(exportImports))
                  AND a.import_id <> ?4) AS stored
        FROM (SELECT type_id, count(*) AS missing FROM samples WHERE \(sampleCondition) GROUP BY type_id) m
        JOIN sample_types t ON t.id = m.type_id
        """, bounds + [.integer(importID)]
      ).map { row in
        MissingRecords(
          type: row.text("type") ?? "", missing: Int(row.integer("missing") ?? 0),
          stored: Int(row.integer("stored") ?? 0))
      }
    }
    return snapshot
  }

  /// Removes the missing rows, calling `removed` with each removed sample's type id, start and
  /// end (their days need computing again).
  func remove(in database: Database, removed: (Int64, Int64, Int64) -> Void) throws {
    let bounds: [SQLValue] = [.text(runList), .integer(span.lowerBound), .integer(span.upperBound)]
    if samples > 0 {
      try database.execute(
        "DELETE FROM correlation_samples WHERE sample_id IN (SELECT id FROM samples WHERE \(Self.sampleCondition))",
        bounds)
      let delete = try database.cachedStatement(
        "DELETE FROM samples WHERE \(Self.sampleCondition) RETURNING type_id, start, end")
      try delete.bind(bounds)
      let column = (type: delete.column("type_id"), start: delete.column("start"), end: delete.column("end"))
      try delete.forEachRow { row in
        removed(row.integer(column.type), row.integer(column.start), row.integer(column.end))
      }
    }
    if workouts > 0 {
      for table in ["workout_statistics", "workout_events", "workout_routes"] {
        try database.execute(
          "DELETE FROM \(table) WHERE workout_id IN (SELECT id FROM workouts WHERE \(Self.rowCondition))", bounds)
      }
      try database.execute("DELETE FROM workouts WHERE \(Self.rowCondition)", bounds)
    }
    if correlations > 0 {
      try database.execute(
        "DELETE FROM correlation_samples WHERE correlation_id IN (SELECT id FROM correlations WHERE \(Self.rowCondition))",
        bounds)
      try database.execute("DELETE FROM correlations WHERE \(Self.rowCondition)", bounds)
    }
    for date in summaryDates {
      try database.execute("DELETE FROM activity_summaries WHERE date = ?", [.text(date)])
    }
  }

  /// Forgets the blocks of the runs not seen, which this export does not hold whole, and the
  /// runs left holding nothing.
  func forgetUnseenRuns(in database: Database) throws {
    try ExportBlockStore.forget(runs: runs, in: database)
    try database.execute(
      """
      DELETE FROM export_runs WHERE id IN (SELECT value FROM json_each(?))
        AND NOT EXISTS (SELECT 1 FROM samples WHERE run = export_runs.id)
        AND NOT EXISTS (SELECT 1 FROM samples WHERE run = -export_runs.id)
        AND NOT EXISTS (
          SELECT 1 FROM export_run_rows r JOIN samples s ON s.id BETWEEN r.first_row AND r.last_row
          WHERE r.run = export_runs.id AND s.run IS NULL AND s.import_id = r.import_id)
        AND NOT EXISTS (SELECT 1 FROM workouts WHERE run = export_runs.id)
        AND NOT EXISTS (SELECT 1 FROM correlations WHERE run = export_runs.id)
      """, [.text(runList)])
    try database.execute(
      """
      DELETE FROM export_run_rows WHERE run IN (SELECT value FROM json_each(?))
        AND run NOT IN (SELECT id FROM export_runs)
      """, [.text(runList)])
  }
}
