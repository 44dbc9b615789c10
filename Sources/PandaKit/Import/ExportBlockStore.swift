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
    try statement.forEachRow { row in
      blocks.append(
        ExportBlock(
          head: UInt64(bitPattern: row.integer("head")), hash: UInt64(bitPattern: row.integer("hash")),
          bytes: Int(row.integer("bytes")), records: Int(row.integer("records")), latest: row.integer("latest"),
          earliest: row.integer("earliest"), run: row.integer("run")))
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
