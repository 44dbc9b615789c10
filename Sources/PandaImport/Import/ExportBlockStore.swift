import PandaStore

/// The `export_blocks` table: blocks of export bytes whose items are all stored (see
/// `ExportBlock`).
enum ExportBlockStore {
  /// The blocks recorded by this version of the decoder, newest first.
  static func load(from database: Database) throws -> KnownBlocks {
    var blocks: [ExportBlock] = []
    let statement = try database.cachedStatement(
      "SELECT head, hash, bytes, records, latest, earliest, run FROM export_blocks WHERE version = ? ORDER BY import_id DESC"
    )
    try statement.bind([.integer(ExportBlock.decoderVersion)])
    let column = (
      head: statement.column("head"), hash: statement.column("hash"), bytes: statement.column("bytes"),
      records: statement.column("records"), latest: statement.column("latest"), earliest: statement.column("earliest"),
      run: statement.column("run")
    )
    try statement.forEachRow { row in
      blocks.append(
        ExportBlock(
          head: UInt64(bitPattern: row.integer(column.head)), hash: UInt64(bitPattern: row.integer(column.hash)),
          bytes: Int(row.integer(column.bytes)), records: Int(row.integer(column.records)),
          latest: row.integer(column.latest), earliest: row.integer(column.earliest), run: row.integer(column.run)))
    }
    return KnownBlocks(blocks)
  }

  /// Records `block`, read by import `importID` into `block.run`; call once all its items are
  /// written, in the same transaction. The same bytes read again now hold their rows in this run.
  static func record(_ block: ExportBlock, importID: Int64, in database: Database) throws {
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
        .integer(block.earliest), .integer(block.run), .integer(ExportBlock.decoderVersion), .integer(importID),
      ])
  }

  /// Forgets the blocks of `runs`: those runs no longer hold exactly their blocks' items.
  static func forget(runs: [Int64], in database: Database) throws {
    let statement = try database.cachedStatement("DELETE FROM export_blocks WHERE run = ?")
    for run in runs {
      try statement.bind([.integer(run)])
      try statement.execute()
    }
  }
}
