/// The owner of `samples`, the records of Apple exports and the entries logged by hand: every
/// statement outside Daily and Fetch that reads or writes it.
///
/// The import's writer keeps the statements it steps for every record prepared, and binds them
/// itself, in the order each one's documentation gives.
package struct SampleTable {
  /// The database holding the table.
  let database: Database

  /// The table of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// Inserts `rows` samples at once unless they are stored, without a run (a row inserted so
  /// belongs to the run whose range of row ids holds it). Each row binds 12 parameters:
  /// type_id, source_id, source_version, device_id, start, end, value, category, created,
  /// metadata, beats, import_id.
  package func batchInsertStatement(rows: Int) throws -> Statement {
    let row = "(" + Array(repeating: "?", count: 12).joined(separator: ", ") + ")"
    return try database.cachedStatement(
      """
      INSERT INTO samples
        (type_id, source_id, source_version, device_id, start, end, value, category, created, metadata, beats, import_id)
      VALUES \(Array(repeating: row, count: rows).joined(separator: ", "))
      ON CONFLICT DO NOTHING
      """)
  }

  /// Inserts one sample unless it is stored, with a run: the batch's 12 parameters, then run.
  package func insertStatement() throws -> Statement {
    try database.cachedStatement(
      """
      INSERT INTO samples
        (type_id, source_id, source_version, device_id, start, end, value, category, created, metadata, beats, import_id,
         run)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT DO NOTHING
      """)
  }

  /// Moves a stored sample into a run: run, type_id, start, end, source_id, value, category,
  /// then the import reading it (rows it inserted stay put) and its first run (rows already
  /// moved into one of its runs stay put).
  package func markStatement() throws -> Statement {
    try database.cachedStatement(
      """
      UPDATE samples SET run = ?
      WHERE type_id = ? AND start = ? AND end = ? AND source_id = ?
        AND ifnull(value, '') = ifnull(?, '') AND ifnull(category, '') = ifnull(?, '')
        AND ((run IS NULL AND import_id <> ?) OR run < ?)
      """)
  }

  /// Finds a stored sample's id: type_id, start, end, source_id, value, category.
  package func findStatement() throws -> Statement {
    try database.cachedStatement(
      """
      SELECT id FROM samples
      WHERE type_id = ? AND start = ? AND end = ? AND source_id = ?
        AND ifnull(value, '') = ifnull(?, '') AND ifnull(category, '') = ifnull(?, '')
      """)
  }

  /// Stores a sample logged by hand unless one with its identity is stored; returns whether it
  /// was (its id is then the database's last inserted row id).
  func insertLogged(
    typeID: Int64, sourceID: Int64, start: Int64, end: Int64, value: Double?, created: Int64, metadata: String?,
    importID: Int64
  ) throws -> Bool {
    try database.execute(
      """
      INSERT INTO samples (type_id, source_id, start, end, value, created, metadata, import_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT DO NOTHING
      """,
      [
        .integer(typeID), .integer(sourceID), .integer(start), .integer(end), SQLValue(value), .integer(created),
        SQLValue(metadata), .integer(importID),
      ])
    return database.changes > 0
  }

  /// Deletes the samples of log entry `entryID`.
  func deleteLogged(entryID: Int64) throws {
    try database.execute(
      "DELETE FROM samples WHERE id IN (SELECT sample_id FROM log_entry_samples WHERE entry_id = ?)",
      [.integer(entryID)])
  }

  /// Whether no sample is stored.
  package func isEmpty() throws -> Bool {
    try database.firstRow("SELECT 1 FROM samples LIMIT 1") == nil
  }

  /// How many samples are stored.
  package func count() throws -> Int {
    Int(try database.firstRow("SELECT count(*) AS samples FROM samples")?.integer("samples") ?? 0)
  }

  /// How many samples imports stored (not logged by hand).
  package func importedCount() throws -> Int {
    Int(try database.firstRow("SELECT count(*) AS samples FROM samples WHERE import_id > 0")?.integer("samples") ?? 0)
  }

  /// The latest start of a sample not logged by hand (logged samples belong to import 0): one
  /// index walk per sample type.
  package func latestImportedStart() throws -> Int64? {
    try database.firstRow(
      """
      SELECT max(last) AS last FROM (
        SELECT (
          SELECT start FROM samples WHERE type_id = sample_types.id AND import_id <> 0
          ORDER BY start DESC LIMIT 1) AS last
        FROM sample_types)
      """, []
    )?.integer("last")
  }

  /// How many samples `missing` holds.
  package func count(_ missing: ExportRunTable.Missing) throws -> Int {
    let row = try database.firstRow(
      "SELECT count(*) AS matching FROM samples WHERE \(ExportRunTable.missingSample)", missing.bounds)
    return Int(row?.integer("matching") ?? 0)
  }

  /// The samples `missing` holds, by type: how many, and how many of the type Apple exports
  /// other than import `importID` stored.
  package func countByType(_ missing: ExportRunTable.Missing, excluding importID: Int64) throws
    -> [(type: String, missing: Int, stored: Int)]
  {
    try database.rows(
      """
      SELECT t.identifier AS type, m.missing,
             (SELECT count(*) FROM samples a WHERE a.type_id = m.type_id AND a.import_id IN (\(ImportTable.exportImports))
                AND a.import_id <> ?4) AS stored
      FROM (SELECT type_id, count(*) AS missing FROM samples WHERE \(ExportRunTable.missingSample) GROUP BY type_id) m
      JOIN sample_types t ON t.id = m.type_id
      """, missing.bounds + [.integer(importID)]
    ).map { row in
      (row.text("type") ?? "", Int(row.integer("missing") ?? 0), Int(row.integer("stored") ?? 0))
    }
  }

  /// Deletes the samples `missing` holds, with their places in correlations, calling `removed`
  /// with each one's type id, start and end.
  package func delete(_ missing: ExportRunTable.Missing, removed: (Int64, Int64, Int64) -> Void) throws {
    try CorrelationTable(database: database).deleteMembers(missing)
    let delete = try database.cachedStatement(
      "DELETE FROM samples WHERE \(ExportRunTable.missingSample) RETURNING type_id, start, end")
    try delete.bind(missing.bounds)
    let column = (type: delete.column("type_id"), start: delete.column("start"), end: delete.column("end"))
    try delete.forEachRow { row in
      removed(row.integer(column.type), row.integer(column.start), row.integer(column.end))
    }
  }

  /// Steps through the samples of `typeIDs` (all when `nil`) starting from `from` and before
  /// `to`, in the table's order, with the columns type_id, source_id, device_id, start, end,
  /// value, category and import_id: a statement read row by row, so memory stays flat.
  package func exportStatement(typeIDs: [Int64]?, from: Int64?, to: Int64?) throws -> Statement {
    var conditions: [String] = []
    if let typeIDs {
      conditions.append(
        "type_id IN (\(typeIDs.isEmpty ? "NULL" : typeIDs.map(String.init).joined(separator: ",")))")
    }
    let time = Self.startConditions(from: from, to: to)
    conditions += time.conditions
    let statement = try Statement(
      database: database,
      sql: "SELECT type_id, source_id, device_id, start, end, value, category, import_id FROM samples"
        + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")),
      persistent: false)
    try statement.bind(time.values)
    return statement
  }

  /// The conditions that keep rows whose start (`column`) is from `from` and before `to`, with
  /// their parameters.
  static func startConditions(from: Int64?, to: Int64?, column: String = "start") -> (
    conditions: [String], values: [SQLValue]
  ) {
    var conditions: [String] = []
    var values: [SQLValue] = []
    if let from {
      conditions.append("\(column) >= ?")
      values.append(.integer(from))
    }
    if let to {
      conditions.append("\(column) < ?")
      values.append(.integer(to))
    }
    return (conditions, values)
  }
}
