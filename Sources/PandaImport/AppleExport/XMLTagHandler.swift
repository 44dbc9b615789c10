/// Receives the tags an `XMLScanner` finds. Text content is never reported: the export keeps
/// everything in attributes.
protocol XMLTagHandler {
  /// A start tag (or an empty-element tag, when `tag.isSelfClosing`).
  mutating func start(_ tag: XMLTag) throws
  /// An end tag.
  mutating func end(_ name: XMLBytes) throws
  /// Whether nothing but the root element is open: the scanner stands between two items, where
  /// a block (see `ExportBlock`) may begin or end.
  var isBetweenItems: Bool { get }
  /// Whether every item of the current block so far was read and will be stored.
  var blockIsWhole: Bool { get }
  /// A block begins with the next item.
  mutating func beginBlock() throws
  /// The items since `beginBlock` form a block with these hashes and length; the handler keeps
  /// it if every one of them was read.
  mutating func endBlock(head: UInt64, hash: UInt64, bytes: Int) throws
  /// The bytes at the scanner's position repeat `block`: whether to skip them, counting its
  /// records as already stored.
  mutating func recognize(_ block: ExportBlock) -> Bool
}

extension XMLTagHandler {
  /// Handlers that do not track blocks never stand between items.
  var isBetweenItems: Bool { false }
  /// No block is spoiled.
  var blockIsWhole: Bool { true }
  /// Nothing to reset.
  mutating func beginBlock() throws {}
  /// Nothing to keep.
  mutating func endBlock(head: UInt64, hash: UInt64, bytes: Int) throws {}
  /// Nothing is skipped.
  mutating func recognize(_ block: ExportBlock) -> Bool { false }
}
