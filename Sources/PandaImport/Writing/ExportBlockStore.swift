import PandaStore

/// The blocks of export bytes whose items are all stored (see `ExportBlock`), kept in
/// `export_blocks` by `ExportBlockTable`.
enum ExportBlockStore {
  /// The blocks recorded by this version of the decoder, newest first.
  static func load(from database: Database) throws -> KnownBlocks {
    let blocks = try ExportBlockTable(database: database).all(version: ExportBlock.decoderVersion).map { record in
      ExportBlock(
        head: record.head, hash: record.hash, bytes: record.bytes, records: record.records, latest: record.latest,
        earliest: record.earliest, run: record.run)
    }
    return KnownBlocks(blocks)
  }

  /// Records `block`, read by import `importID` into `block.run`; call once all its items are
  /// written, in the same transaction. The same bytes read again now hold their rows in this run.
  static func record(_ block: ExportBlock, importID: Int64, in database: Database) throws {
    try ExportBlockTable(database: database).store(
      ExportBlockTable.Record(
        head: block.head, hash: block.hash, bytes: block.bytes, records: block.records, latest: block.latest,
        earliest: block.earliest, run: block.run),
      version: ExportBlock.decoderVersion, importID: importID)
  }

  /// Forgets the blocks of `runs`: those runs no longer hold exactly their blocks' items.
  static func forget(runs: [Int64], in database: Database) throws {
    try ExportBlockTable(database: database).delete(runs: runs)
  }
}
