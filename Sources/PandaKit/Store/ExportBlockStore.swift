/// The `export_blocks` table: blocks of export bytes whose items are all stored (see
/// `ExportBlock`).
enum ExportBlockStore {
  /// The blocks recorded by this version of the decoder, newest first.
  static func load(from database: Database) throws -> KnownBlocks {
    var blocks: [ExportBlock] = []
    let statement = try database.cachedStatement(
      "SELECT head, hash, bytes, records, latest FROM export_blocks WHERE version = ? ORDER BY import_id DESC")
    try statement.bind([.integer(ExportBlock.decoderVersion)])
    try statement.forEachRow { row in
      blocks.append(
        ExportBlock(
          head: UInt64(bitPattern: row.integer(0)), hash: UInt64(bitPattern: row.integer(1)),
          bytes: Int(row.integer(2)), records: Int(row.integer(3)), latest: row.integer(4)))
    }
    return KnownBlocks(blocks)
  }

  /// Records `block`, read by import `importID`; call once all its items are written, in the
  /// same transaction.
  static func record(_ block: ExportBlock, importID: Int64, in database: Database) throws {
    try database.execute(
      """
      INSERT INTO export_blocks (head, hash, bytes, records, latest, version, import_id)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT DO NOTHING
      """,
      [
        .integer(Int64(bitPattern: block.head)), .integer(Int64(bitPattern: block.hash)),
        .integer(Int64(block.bytes)), .integer(Int64(block.records)), .integer(block.latest),
        .integer(ExportBlock.decoderVersion), .integer(importID),
      ])
  }
}
