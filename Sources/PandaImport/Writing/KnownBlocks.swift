/// The blocks earlier imports stored (see `ExportBlock`), found by the hash of their first start
/// tag. Held in memory for one import: a few tens of thousands of entries for a 1 GB export.
struct KnownBlocks: Sendable {
  private var byHead: [UInt64: [ExportBlock]] = [:]

  /// `blocks` newest first: where several start with the same tag (a block that a newer export
  /// changed), the newest is tried first.
  init(_ blocks: [ExportBlock] = []) {
    byHead.reserveCapacity(blocks.count)
    for block in blocks { byHead[block.head, default: []].append(block) }
  }

  /// Whether no block is known: nothing to look up.
  var isEmpty: Bool { byHead.isEmpty }

  /// The blocks that start with the start tag hashing to `head`, newest first.
  func blocks(startingWith head: UInt64) -> [ExportBlock] { byHead[head] ?? [] }
}
