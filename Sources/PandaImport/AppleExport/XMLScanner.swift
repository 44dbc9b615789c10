#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A forgiving, streaming XML tag scanner for Apple Health exports.
///
/// It skips the internal DTD whole (real exports ship a broken one), reads attribute values by
/// their quote character, accepts attribute names with spaces, and never validates. Bytes are
/// read in chunks from a `ByteSource`; a tag may span chunks, and the buffer only grows for a
/// single tag longer than a chunk.
final class XMLScanner {
  private static let chunkSize = 1 << 20
  private static let maximumTagSize = 64 << 20

  private let source: ByteSource
  private let path: String
  // One thread scans; unchecked exclusivity spares the runtime check on every byte's access.
  @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) private var capacity: Int
  @exclusivity(unchecked) private var position = 0
  @exclusivity(unchecked) private var filled = 0
  private var atEnd = false
  @exclusivity(unchecked) private var attributes: [XMLTag.Attribute] = []
  /// Line numbers for byte offsets, counted as the buffer moves on.
  let lines = LineCounter()
  /// Blocks stored by earlier imports, skipped when found again.
  private let known: KnownBlocks
  /// The absolute offset of the current block's first `<`, while one is open; its bytes stay
  /// in the buffer until it ends.
  private var blockStart: Int64?
  private var blockHead: UInt64 = 0

  init(source: ByteSource, path: String, known: KnownBlocks = KnownBlocks()) {
    self.source = source
    self.path = path
    self.known = known
    capacity = Self.chunkSize
    storage = .allocate(capacity: capacity)
    attributes.reserveCapacity(16)
    lines.attach(storage)
  }

  deinit {
    storage.deallocate()
  }

  /// The absolute offset just past the last byte read.
  var bytesScanned: Int64 { lines.bufferOffset + Int64(filled) }

  /// The line of the last byte read.
  var lineAtEnd: Int { lines.line(at: filled) }

  /// Reads the whole input, handing every tag to `handler`.
  func scan<Handler: XMLTagHandler>(into handler: inout Handler) throws {
    while true {
      if position >= filled {
        guard try refill() else { return }
        continue
      }
      guard let found = memchr(storage + position, 0x3C, filled - position) else {
        position = filled
        continue
      }
      position = storage.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if handler.isBetweenItems {
        switch try blockStep(handler: &handler) {
        case .proceed: break
        case .skip(let next):
          position = next
          continue
        case .needMore:
          if try !refill() {
            throw ImportError.truncatedXML(
              path: path, offset: lines.bufferOffset + Int64(position), line: lines.line(at: position))
          }
          continue
        }
      }
      if let next = try parseMarkup(at: position, handler: &handler) {
        position = next
      } else if try !refill() {
        throw ImportError.truncatedXML(
          path: path, offset: lines.bufferOffset + Int64(position), line: lines.line(at: position))
      }
    }
  }

  private enum BlockStep {
    case proceed
    case skip(to: Int)
    case needMore
  }

  /// At an item's `<` (or the root's end tag): ends the current block where the content says a
  /// block ends, and skips a block an earlier import stored when the bytes here repeat it.
  private func blockStep<Handler: XMLTagHandler>(handler: inout Handler) throws -> BlockStep {
    guard position + 1 < filled else { return .needMore }
    let absolute = lines.bufferOffset + Int64(position)
    let next = storage[position + 1]
    if next == UInt8(ascii: "/") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
      // Not an item: no block spans it.
      try endBlock(handler: &handler)
      return .proceed
    }
    // Back at the same item after a refill: already decided.
    if blockStart == absolute { return .proceed }
    guard let close = index(of: UInt8(ascii: ">"), from: position + 1) else { return .needMore }
    let head = Self.headHash(UnsafeRawBufferPointer(start: storage + position, count: close + 1 - position))
    let candidates = known.isEmpty ? [] : known.blocks(startingWith: head)
    if !candidates.isEmpty {
      // An earlier block started here: end the current one, so blocks keep their old edges.
      try startBlock(at: absolute, head: head, handler: &handler)
      for block in candidates where block.bytes > 0 {
        if try fill(atLeast: block.bytes),
          BlockHash.hash(UnsafeRawBufferPointer(start: storage + position, count: block.bytes)) == block.hash,
          handler.recognize(block)
        {
          blockStart = nil
          return .skip(to: position + block.bytes)
        }
      }
      return .proceed
    }
    let blockIndex = blockStart.map { Int($0 - lines.bufferOffset) } ?? position
    // A block ends where the content says, when it grows long, and right after an item that
    // will not be stored, so that one item keeps as few others as possible from being skipped.
    if blockStart == nil || head & ExportBlock.boundaryMask == 0 || position - blockIndex >= ExportBlock.maximumBytes
      || !handler.blockIsWhole
    {
      try startBlock(at: absolute, head: head, handler: &handler)
    }
    return .proceed
  }

  /// A start tag's identity for finding blocks: the hash of its last 64 bytes (where a record
  /// has its dates and value) and its length, so a record costs no second pass over its bytes.
  static func headHash(_ tag: UnsafeRawBufferPointer) -> UInt64 {
    let tail = UnsafeRawBufferPointer(rebasing: tag[max(0, tag.count - 64)...])
    return BlockHash.hash(tail) ^ UInt64(truncatingIfNeeded: tag.count) &* 0x9E37_79B9_7F4A_7C15
  }

  private func startBlock<Handler: XMLTagHandler>(at absolute: Int64, head: UInt64, handler: inout Handler) throws {
    try endBlock(handler: &handler)
    blockStart = absolute
    blockHead = head
    try handler.beginBlock()
  }

  /// Hands the open block, which ends at `position`, to the handler.
  private func endBlock<Handler: XMLTagHandler>(handler: inout Handler) throws {
    guard let start = blockStart else { return }
    blockStart = nil
    let index = Int(start - lines.bufferOffset)
    guard index >= 0, index < position, position - index <= capacity / 2 else { return }
    let bytes = UnsafeRawBufferPointer(start: storage + index, count: position - index)
    try handler.endBlock(head: blockHead, hash: BlockHash.hash(bytes), bytes: bytes.count)
  }

  /// Reads until `count` bytes from `position` on are in the buffer; `false` when the input
  /// ends first or they would not fit.
  private func fill(atLeast count: Int) throws -> Bool {
    while filled - position < count {
      guard count <= capacity / 2, try refill() else { return false }
    }
    return true
  }

  /// Moves unread bytes (and those of the open block) to the front and reads more; `false` once
  /// the input is exhausted.
  private func refill() throws -> Bool {
    if atEnd { return false }
    var keep = position
    if let start = blockStart {
      let index = Int(start - lines.bufferOffset)
      // A block longer than half the buffer (one huge workout) is not kept: it is read again.
      if index >= 0 && position - index <= capacity / 2 { keep = index } else { blockStart = nil }
    }
    lines.discard(upTo: keep)
    let remaining = filled - keep
    if keep > 0 {
      storage.update(from: storage + keep, count: remaining)
    }
    position -= keep
    filled = remaining
    if filled == capacity {
      guard capacity < Self.maximumTagSize else {
        throw ImportError.malformedXML(
          path: path, offset: lines.bufferOffset, line: lines.line(at: 0),
          reason: "a tag longer than \(Self.maximumTagSize >> 20) MB")
      }
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
      grown.update(from: storage, count: filled)
      storage.deallocate()
      storage = grown
      capacity *= 2
      lines.attach(storage)
    }
    let buffer = UnsafeMutableRawBufferPointer(start: storage + filled, count: capacity - filled)
    let count = try source.read(into: buffer)
    if count == 0 {
      atEnd = true
      return false
    }
    filled += count
    return true
  }

  /// Parses the markup starting with `<` at `start`; `nil` when it runs past the buffered bytes.
  private func parseMarkup<Handler: XMLTagHandler>(at start: Int, handler: inout Handler) throws -> Int? {
    guard start + 1 < filled else { return nil }
    switch storage[start + 1] {
    case UInt8(ascii: "?"):
      return find("?>", from: start + 2)
    case UInt8(ascii: "!"):
      return parseDeclaration(at: start)
    case UInt8(ascii: "/"):
      guard let close = index(of: UInt8(ascii: ">"), from: start + 2) else { return nil }
      var nameEnd = close
      while nameEnd > start + 2 && storage[nameEnd - 1] <= 0x20 { nameEnd -= 1 }
      try handler.end(XMLBytes(start: storage + start + 2, count: nameEnd - start - 2))
      return close + 1
    default:
      return try parseStartTag(at: start, handler: &handler)
    }
  }

  private func parseDeclaration(at start: Int) -> Int? {
    if hasPrefix("<!--", at: start) {
      return find("-->", from: start + 4)
    }
    if hasPrefix("<![CDATA[", at: start) {
      return find("]]>", from: start + 9)
    }
    guard start + 9 <= filled else { return nil }
    if hasPrefix("<!DOCTYPE", at: start) {
      var index = start + 9
      while index < filled {
        switch storage[index] {
        case UInt8(ascii: ">"): return index + 1
        case UInt8(ascii: "["): return endOfInternalSubset(from: index + 1)
        default: index += 1
        }
      }
      return nil
    }
    return self.index(of: UInt8(ascii: ">"), from: start + 2).map { $0 + 1 }
  }

  /// The internal DTD ends at `]` followed by optional white space and `>`. Nothing inside it is
  /// read, so a declaration missing its `>` (iOS 16) does no harm.
  private func endOfInternalSubset(from start: Int) -> Int? {
    var index = start
    while let bracket = self.index(of: UInt8(ascii: "]"), from: index) {
      var next = bracket + 1
      while next < filled && storage[next] <= 0x20 { next += 1 }
      guard next < filled else { return nil }
      if storage[next] == UInt8(ascii: ">") { return next + 1 }
      index = bracket + 1
    }
    return nil
  }

  private func parseStartTag<Handler: XMLTagHandler>(at start: Int, handler: inout Handler) throws -> Int? {
    var index = start + 1
    while index < filled && !Self.endsName(storage[index]) { index += 1 }
    let nameEnd = index
    attributes.removeAll(keepingCapacity: true)
    while true {
      while index < filled && storage[index] <= 0x20 { index += 1 }
      guard index < filled else { return nil }
      switch storage[index] {
      case UInt8(ascii: ">"):
        try report(start: start, nameEnd: nameEnd, selfClosing: false, handler: &handler)
        return index + 1
      case UInt8(ascii: "/"):
        guard index + 1 < filled else { return nil }
        if storage[index + 1] == UInt8(ascii: ">") {
          try report(start: start, nameEnd: nameEnd, selfClosing: true, handler: &handler)
          return index + 2
        }
        index += 1
      default:
        guard let next = parseAttribute(at: index) else { return nil }
        index = next
      }
    }
  }

  /// Reads `name="value"`; a name may contain spaces (old exports wrote metadata that way).
  private func parseAttribute(at start: Int) -> Int? {
    var index = start
    while index < filled && storage[index] != UInt8(ascii: "=") && storage[index] != UInt8(ascii: ">") {
      // A bare word before `/>` (`<Record … odd/>`) is not an attribute; the tag still ends here.
      if storage[index] == UInt8(ascii: "/"), index + 1 < filled, storage[index + 1] == UInt8(ascii: ">") {
        return index
      }
      index += 1
    }
    guard index < filled else { return nil }
    if storage[index] == UInt8(ascii: ">") { return index }
    var nameEnd = index
    while nameEnd > start && storage[nameEnd - 1] <= 0x20 { nameEnd -= 1 }
    index += 1
    while index < filled && storage[index] <= 0x20 { index += 1 }
    guard index < filled else { return nil }
    let quote = storage[index]
    let valueStart: Int
    let valueEnd: Int
    let next: Int
    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      guard let close = self.index(of: quote, from: index + 1) else { return nil }
      valueStart = index + 1
      valueEnd = close
      next = close + 1
    } else {
      valueStart = index
      while index < filled && storage[index] > 0x20 && storage[index] != UInt8(ascii: ">") { index += 1 }
      guard index < filled else { return nil }
      valueEnd = index
      next = index
    }
    let hasEntity = memchr(storage + valueStart, 0x26, valueEnd - valueStart) != nil
    attributes.append(
      XMLTag.Attribute(
        nameStart: start, nameEnd: nameEnd, valueStart: valueStart, valueEnd: valueEnd, hasEntity: hasEntity)
    )
    return next
  }

  private func report<Handler: XMLTagHandler>(
    start: Int, nameEnd: Int, selfClosing: Bool, handler: inout Handler
  ) throws {
    let tag = XMLTag(
      base: storage, nameStart: start + 1, nameEnd: nameEnd, attributes: attributes,
      isSelfClosing: selfClosing, offset: lines.bufferOffset + Int64(start), position: start, lines: lines)
    try handler.start(tag)
  }

  private static func endsName(_ byte: UInt8) -> Bool {
    byte <= 0x20 || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
  }

  private func index(of byte: UInt8, from start: Int) -> Int? {
    guard start < filled, let found = memchr(storage + start, Int32(byte), filled - start) else { return nil }
    return storage.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  private func hasPrefix(_ prefix: StaticString, at start: Int) -> Bool {
    guard start + prefix.utf8CodeUnitCount <= filled else { return false }
    return memcmp(storage + start, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0
  }

  /// The index just past the first occurrence of `needle` at or after `start`.
  private func find(_ needle: StaticString, from start: Int) -> Int? {
    var index = start
    let first = needle.utf8Start.pointee
    while let candidate = self.index(of: first, from: index) {
      guard candidate + needle.utf8CodeUnitCount <= filled else { return nil }
      if memcmp(storage + candidate, needle.utf8Start, needle.utf8CodeUnitCount) == 0 {
        return candidate + needle.utf8CodeUnitCount
      }
      index = candidate + 1
    }
    return nil
  }
}
