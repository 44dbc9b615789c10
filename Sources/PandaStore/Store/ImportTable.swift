/// The owner of `imports`: one row per import, written when it starts and completed when it
/// ends, in the import's transaction. Row 0 stands for entries logged by hand.
package struct ImportTable {
  /// What an import of an Apple export counted, as the row keeps it.
  package struct ExportTotals: Sendable, Equatable {
    /// When the export was made, if it said.
    var exportDate: Int64?
    /// How long the import took.
    var seconds: Double
    /// The records read and what became of them.
    var counts: ImportCounts
    /// Workouts stored.
    var workouts: Int
    /// Activity summary days stored or updated.
    var activitySummaries: Int
    /// Rows removed because the export no longer holds them.
    var removed: Int

    /// Creates a value from its stored properties.
    package init(
      exportDate: Int64?, seconds: Double, counts: ImportCounts, workouts: Int, activitySummaries: Int, removed: Int
    ) {
      self.exportDate = exportDate
      self.seconds = seconds
      self.counts = counts
      self.workouts = workouts
      self.activitySummaries = activitySummaries
      self.removed = removed
    }
  }

  /// What an import of a Health Auto Export document counted, as the row keeps it.
  package struct PushTotals: Sendable, Equatable {
    /// How long the import took.
    var seconds: Double
    /// Points and entries read.
    package var records: Int
    /// New rows.
    package var inserted: Int
    /// Rows given newer values.
    var updated: Int
    /// Rows already stored as they were.
    package var duplicates: Int
    /// What could not be read.
    var skipped: Int
    /// Readings no body produces.
    var implausible: Int
    /// Workouts stored or updated.
    var workouts: Int

    /// Creates a value from its stored properties.
    package init(
      seconds: Double, records: Int, inserted: Int, updated: Int, duplicates: Int, skipped: Int, implausible: Int,
      workouts: Int
    ) {
      self.seconds = seconds
      self.records = records
      self.inserted = inserted
      self.updated = updated
      self.duplicates = duplicates
      self.skipped = skipped
      self.implausible = implausible
      self.workouts = workouts
    }
  }

  /// The database holding the table.
  let database: Database

  /// The table of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// Starts the row of an import of an Apple export of `file` (`bytes` long) begun at
  /// `startedAt`, every count 0; returns its id.
  package func insertExport(file: String, bytes: Int64, startedAt: Int64) throws -> Int64 {
    try database.execute(
      """
      INSERT INTO imports (file, file_bytes, started_at, seconds, records, inserted, duplicates, skipped,
                           workouts, activity_summaries)
      VALUES (?, ?, ?, 0, 0, 0, 0, 0, 0, 0)
      """, [.text(file), .integer(bytes), .integer(startedAt)])
    return database.lastInsertedRowID
  }

  /// Starts the row of an import of a Health Auto Export document named `file` (`bytes` long),
  /// received at `startedAt` by `route`, every count 0; returns its id.
  package func insertPush(file: String, bytes: Int64, startedAt: Int64, route: String) throws -> Int64 {
    try database.execute(
      """
      INSERT INTO imports (file, file_bytes, started_at, seconds, records, inserted, duplicates, skipped,
                           workouts, activity_summaries, route)
      VALUES (?, ?, ?, 0, 0, 0, 0, 0, 0, 0, ?)
      """, [.text(file), .integer(bytes), .integer(startedAt), .text(route)])
    return database.lastInsertedRowID
  }

  /// Stores row `id`, which the samples logged by hand point to, unless it is stored.
  func insertLogRow(_ id: Int64) throws {
    try database.execute(
      """
      INSERT INTO imports
        (id, file, file_bytes, started_at, seconds, records, inserted, duplicates, skipped, workouts, activity_summaries)
      VALUES (?, 'panda log', 0, 0, 0, 0, 0, 0, 0, 0, 0)
      ON CONFLICT DO NOTHING
      """, [.integer(id)])
  }

  /// When the newest Apple export imported before, other than by import `importID`, was made.
  package func newestExportDate(excluding importID: Int64) throws -> Int64? {
    try database.firstRow(
      "SELECT max(export_date) AS exported FROM imports WHERE id > 0 AND id <> ? AND route = 'export'",
      [.integer(importID)]
    )?.integer("exported")
  }

  /// Records when the export import `importID` reads was made.
  package func setExportDate(_ date: Int64, importID: Int64) throws {
    try database.execute("UPDATE imports SET export_date = ? WHERE id = ?", [.integer(date), .integer(importID)])
  }

  /// Completes the row of import `importID` of an Apple export.
  package func finish(_ importID: Int64, with totals: ExportTotals) throws {
    try database.execute(
      """
      UPDATE imports SET export_date = ?, seconds = ?, records = ?, inserted = ?, duplicates = ?, skipped = ?,
                         out_of_range = ?, implausible = ?, workouts = ?, activity_summaries = ?, removed = ?
      WHERE id = ?
      """,
      [
        SQLValue(totals.exportDate), .real(totals.seconds), .integer(Int64(totals.counts.records)),
        .integer(Int64(totals.counts.inserted)), .integer(Int64(totals.counts.duplicates)),
        .integer(Int64(totals.counts.skipped)),
        .integer(Int64(totals.counts.outOfRange)), .integer(Int64(totals.counts.implausible)),
        .integer(Int64(totals.workouts)),
        .integer(Int64(totals.activitySummaries)), .integer(Int64(totals.removed)), .integer(importID),
      ])
  }

  /// Completes the row of import `importID` of a Health Auto Export document.
  package func finish(_ importID: Int64, with totals: PushTotals) throws {
    try database.execute(
      """
      UPDATE imports SET seconds = ?, records = ?, inserted = ?, updated = ?, duplicates = ?, skipped = ?,
                         implausible = ?, workouts = ?
      WHERE id = ?
      """,
      [
        .real(totals.seconds), .integer(Int64(totals.records)), .integer(Int64(totals.inserted)),
        .integer(Int64(totals.updated)), .integer(Int64(totals.duplicates)), .integer(Int64(totals.skipped)),
        .integer(Int64(totals.implausible)), .integer(Int64(totals.workouts)), .integer(importID),
      ])
  }

  /// The ids of the imports of Apple exports, as a subquery the other tables' statements use.
  static let exportImports = "SELECT id FROM imports WHERE id > 0 AND route = 'export'"
}
