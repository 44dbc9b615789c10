/// A run of consecutive top-level items of an export (records, correlations, workouts) that an
/// import stored completely, identified by the hash of its bytes.
///
/// Exports keep each type's records in storage order, so a newer export of the same phone
/// repeats most of the older one's bytes. Blocks end before an item whose start tag hashes to a
/// multiple of `boundaryMask + 1`, so where they end depends on the records only, not on their
/// position: a record added or deleted in the middle changes one block, and the next ones are
/// recognised again. A block recognised by a later import is skipped whole, its records counted
/// as already stored, without decoding them or asking the database about each one.
struct ExportBlock: Sendable, Equatable {
  /// The hash of the block's first start tag, from its `<` through its `>` (see
  /// `XMLScanner.headHash`).
  var head: UInt64
  /// The hash of all the block's bytes (see `BlockHash`).
  var hash: UInt64
  /// The block's length in bytes, from its first item's `<` to the next block's.
  var bytes: Int
  /// Top-level `Record` elements in the block.
  var records: Int
  /// The latest start of a record in the block: a block is recognised only in an export made
  /// after it, where none of its records is out of range.
  var latest: Int64
  /// The earliest start of an item in the block: where the export's span begins.
  var earliest: Int64
  /// The stored run (`export_runs`) whose rows are exactly the block's items; 0 until stored.
  var run: Int64 = 0

  /// Blocks end before an item whose head hash has these bits clear: about 64 items a block.
  static let boundaryMask: UInt64 = 63
  /// A block ends at the next item once it is this long, whatever the heads.
  static let maximumBytes = 256 << 10
  /// Changes whenever decoding changes what is stored for the same bytes (units, limits, the
  /// samples' identity): blocks recorded by another version are not recognised.
  static let decoderVersion: Int64 = 2
}
