/// The owner of `correlations` (blood pressure, food) and `correlation_samples`, the samples
/// each one holds.
package struct CorrelationTable {
  /// The database holding the tables.
  let database: Database

  /// The tables of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// Inserts a correlation in `run` unless it is stored; returns its id, or `nil` when it was.
  package func insert(
    type: String, sourceID: Int64, sourceVersion: String?, deviceID: Int64?, start: Int64, end: Int64,
    created: Int64?, metadata: String?, importID: Int64, run: Int64
  ) throws -> Int64? {
    try database.execute(
      """
      INSERT INTO correlations
        (type, source_id, source_version, device_id, start, end, created, metadata, import_id, run)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT DO NOTHING
      """,
      [
        .text(type), .integer(sourceID), SQLValue(sourceVersion), SQLValue(deviceID), .integer(start), .integer(end),
        SQLValue(created), SQLValue(metadata), .integer(importID), .integer(run),
      ])
    return database.changes > 0 ? database.lastInsertedRowID : nil
  }

  /// Moves a stored correlation into a run: run, type, start, end, source_id, then the reading
  /// import's first run (rows already moved into one of its runs stay put).
  package func markStatement() throws -> Statement {
    try database.cachedStatement(
      """
      UPDATE correlations SET run = ?
      WHERE type = ? AND start = ? AND end = ? AND source_id = ? AND (run IS NULL OR run < ?)
      """)
  }

  /// Records that correlation `correlationID` holds sample `sampleID`.
  package func insertMember(correlationID: Int64, sampleID: Int64) throws {
    try database.execute(
      "INSERT INTO correlation_samples (correlation_id, sample_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
      [.integer(correlationID), .integer(sampleID)])
  }

  /// How many correlations `missing` holds.
  package func count(_ missing: ExportRunTable.Missing) throws -> Int {
    let row = try database.firstRow(
      "SELECT count(*) AS matching FROM correlations WHERE \(ExportRunTable.missingRow)", missing.bounds)
    return Int(row?.integer("matching") ?? 0)
  }

  /// Deletes the correlations `missing` holds, with their members' places.
  package func delete(_ missing: ExportRunTable.Missing) throws {
    try database.execute(
      """
      DELETE FROM correlation_samples WHERE correlation_id IN (SELECT id FROM correlations WHERE \(ExportRunTable.missingRow))
      """,
      missing.bounds)
    try database.execute("DELETE FROM correlations WHERE \(ExportRunTable.missingRow)", missing.bounds)
  }

  /// Deletes the places in correlations of the samples `missing` holds.
  func deleteMembers(_ missing: ExportRunTable.Missing) throws {
    try database.execute(
      "DELETE FROM correlation_samples WHERE sample_id IN (SELECT id FROM samples WHERE \(ExportRunTable.missingSample))",
      missing.bounds)
  }
}
