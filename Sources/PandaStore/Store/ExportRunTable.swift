import CSQLite

/// The owner of `export_runs` and `export_run_rows`: the runs of items an Apple export was read
/// in, with the range of row ids a run's new samples took. A sample whose `run` is NULL belongs
/// to the run of its import whose range holds it.
package struct ExportRunTable {
  /// The runs an import neither read nor found again, within the time it covers: what the other
  /// export tables' owners count and delete as rows the export no longer holds.
  package struct Missing: Sendable, Equatable {
    /// The runs.
    package var runs: [Int64]
    /// The starts the rows may have.
    var span: ClosedRange<Int64>
    /// `runs` as a JSON array, which the statements read with `json_each` (a temporary table
    /// would change the schema while the import's statements are open).
    var list: String { "[" + runs.map(String.init).joined(separator: ",") + "]" }
    /// The statements' first three parameters.
    var bounds: [SQLValue] { [.text(list), .integer(span.lowerBound), .integer(span.upperBound)] }

    /// Creates a value from its stored properties.
    package init(runs: [Int64], span: ClosedRange<Int64>) {
      self.runs = runs
      self.span = span
    }
  }

  /// Samples of the missing runs (the first parameter, a JSON array), marked with the run or
  /// inserted in it, their correlations' members (negated runs) and rows stored before runs
  /// (run 0), within the span (the second and third). Each part is looked up by index or by
  /// row id, never a scan.
  static let missingSample = """
    id IN (
      SELECT id FROM samples
      WHERE run IN (SELECT value FROM json_each(?1) UNION ALL SELECT -value FROM json_each(?1) UNION ALL SELECT 0)
      UNION ALL
      SELECT s.id FROM export_run_rows r JOIN samples s ON s.id BETWEEN r.first_row AND r.last_row
      WHERE r.run IN (SELECT value FROM json_each(?1)) AND s.run IS NULL AND s.import_id = r.import_id
    ) AND start BETWEEN ?2 AND ?3
    """
  /// Workouts or correlations of the missing runs, or stored by an export before runs were
  /// kept, within the span.
  static let missingRow = """
    (run IN (SELECT value FROM json_each(?1)) OR (run IS NULL AND import_id IN (\(ImportTable.exportImports))))
    AND start BETWEEN ?2 AND ?3
    """

  /// The database holding the tables.
  let database: Database

  /// The tables of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// The id the next run takes.
  package func nextRun() throws -> Int64 {
    try database.firstRow("SELECT ifnull(max(id), 0) + 1 AS next_run FROM export_runs")?.integer("next_run") ?? 1
  }

  /// Stores `runs` of import `importID`, each with the range of row ids its new samples took.
  package func insert(_ runs: [(run: Int64, rows: (first: Int64, last: Int64)?)], importID: Int64) throws {
    let insertRun = try database.cachedStatement("INSERT INTO export_runs (id, import_id) VALUES (?, ?)")
    let insertRows = try database.cachedStatement(
      "INSERT INTO export_run_rows (run, import_id, first_row, last_row) VALUES (?, ?, ?, ?)")
    for finished in runs {
      sqlite3_bind_int64(insertRun.handle, 1, finished.run)
      sqlite3_bind_int64(insertRun.handle, 2, importID)
      try insertRun.execute()
      guard let range = finished.rows else { continue }
      sqlite3_bind_int64(insertRows.handle, 1, finished.run)
      sqlite3_bind_int64(insertRows.handle, 2, importID)
      sqlite3_bind_int64(insertRows.handle, 3, range.first)
      sqlite3_bind_int64(insertRows.handle, 4, range.last)
      try insertRows.execute()
    }
  }

  /// The runs below `floor`, by id.
  package func runs(below floor: Int64) throws -> [Int64] {
    let earlier = try database.cachedStatement("SELECT id FROM export_runs WHERE id < ?")
    try earlier.bind([.integer(floor)])
    let id = earlier.column("id")
    var runs: [Int64] = []
    try earlier.forEachRow { row in runs.append(row.integer(id)) }
    return runs
  }

  /// Deletes those of `missing`'s runs that hold no row any more, and their ranges.
  package func deleteEmpty(_ missing: Missing) throws {
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
      """, [.text(missing.list)])
    try database.execute(
      """
      DELETE FROM export_run_rows WHERE run IN (SELECT value FROM json_each(?))
        AND run NOT IN (SELECT id FROM export_runs)
      """, [.text(missing.list)])
  }
}
