/// The owner of `export_blocks`: blocks of export bytes whose items are all stored, each with
/// the run that holds them.
package struct ExportBlockTable {
  /// One row, as stored (the hashes as the bit patterns of unsigned numbers).
  package struct Record: Sendable, Equatable {
    /// `head`.
    package var head: UInt64
    /// `hash`.
    package var hash: UInt64
    /// `bytes`.
    package var bytes: Int
    /// `records`.
    package var records: Int
    /// `latest`.
    package var latest: Int64
    /// `earliest`.
    package var earliest: Int64
    /// `run`.
    package var run: Int64

    /// Creates a value from its stored properties.
    package init(head: UInt64, hash: UInt64, bytes: Int, records: Int, latest: Int64, earliest: Int64, run: Int64) {
      self.head = head
      self.hash = hash
      self.bytes = bytes
      self.records = records
      self.latest = latest
      self.earliest = earliest
      self.run = run
    }
  }

  /// The database holding the table.
  let database: Database

  /// The table of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// The blocks recorded by decoder `version`, newest import first.
  package func all(version: Int64) throws -> [Record] {
    var blocks: [Record] = []
    let statement = try database.cachedStatement(
      "SELECT head, hash, bytes, records, latest, earliest, run FROM export_blocks WHERE version = ? ORDER BY import_id DESC"
    )
    try statement.bind([.integer(version)])
    let column = (
      head: statement.column("head"), hash: statement.column("hash"), bytes: statement.column("bytes"),
      records: statement.column("records"), latest: statement.column("latest"), earliest: statement.column("earliest"),
      run: statement.column("run")
    )
    try statement.forEachRow { row in
      blocks.append(
        Record(
          head: UInt64(bitPattern: row.integer(column.head)), hash: UInt64(bitPattern: row.integer(column.hash)),
          bytes: Int(row.integer(column.bytes)), records: Int(row.integer(column.records)),
          latest: row.integer(column.latest), earliest: row.integer(column.earliest), run: row.integer(column.run)))
    }
    return blocks
  }

  /// Stores `block`, read by import `importID` with decoder `version`, replacing the block of
  /// the same bytes.
  package func store(_ block: Record, version: Int64, importID: Int64) throws {
    try database.execute(
      """
      INSERT INTO export_blocks (head, hash, bytes, records, latest, earliest, run, version, import_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT DO UPDATE SET
        records = excluded.records, latest = excluded.latest, earliest = excluded.earliest, run = excluded.run,
        version = excluded.version, import_id = excluded.import_id
      """,
      [
        .integer(Int64(bitPattern: block.head)), .integer(Int64(bitPattern: block.hash)),
        .integer(Int64(block.bytes)), .integer(Int64(block.records)), .integer(block.latest),
        .integer(block.earliest), .integer(block.run), .integer(version), .integer(importID),
      ])
  }

  /// Deletes the blocks of `runs`.
  package func delete(runs: [Int64]) throws {
    let statement = try database.cachedStatement("DELETE FROM export_blocks WHERE run = ?")
    for run in runs {
      try statement.bind([.integer(run)])
      try statement.execute()
    }
  }
}
