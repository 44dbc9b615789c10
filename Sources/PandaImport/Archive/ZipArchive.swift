/// The central directory of a ZIP archive (with ZIP64 support), read without unpacking anything.
struct ZipArchive: Sendable {
  /// One file stored in the archive.
  struct Entry: Equatable, Sendable {
    package var name: String
    var method: UInt16
    var flags: UInt16
    var crc32: UInt32
    var compressedSize: Int64
    var uncompressedSize: Int64
    var localHeaderOffset: Int64

    /// Creates a value from its stored properties.
    init(
      name: String, method: UInt16, flags: UInt16, crc32: UInt32, compressedSize: Int64, uncompressedSize: Int64,
      localHeaderOffset: Int64
    ) {
      self.name = name
      self.method = method
      self.flags = flags
      self.crc32 = crc32
      self.compressedSize = compressedSize
      self.uncompressedSize = uncompressedSize
      self.localHeaderOffset = localHeaderOffset
    }
  }

  let file: InputFile
  let entries: [Entry]

  /// Whether the file starts like a ZIP archive.
  static func looksLikeZip(_ prefix: [UInt8]) -> Bool {
    prefix.count >= 4 && prefix[0] == 0x50 && prefix[1] == 0x4B
      && (prefix[2] == 3 && prefix[3] == 4 || prefix[2] == 5 && prefix[3] == 6)
  }

  /// Reads the archive's directory from the end of `file`.
  init(file: InputFile) throws(ImportError) {
    self.file = file
    let path = file.path
    let tailLength = Int(min(file.size, 65_557))
    let tailStart = file.size - Int64(tailLength)
    let tail = try file.bytes(at: tailStart, count: tailLength)
    guard let endIndex = Self.lastIndex(of: 0x0605_4B50, in: tail, minimumLength: 22) else {
      throw .truncatedArchive(path: path, offset: file.size)
    }
    let end = LittleEndianReader(tail, at: endIndex)
    var entryCount = Int64(end.uint16(at: 10))
    var directorySize = Int64(end.uint32(at: 12))
    var directoryOffset = Int64(end.uint32(at: 16))

    if entryCount == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
      let locatorIndex = endIndex - 20
      guard locatorIndex >= 0, LittleEndianReader(tail, at: locatorIndex).uint32(at: 0) == 0x0706_4B50
      else {
        throw .corruptArchive(path: path, offset: tailStart + Int64(endIndex), reason: "ZIP64 locator missing")
      }
      guard let recordOffset = Int64(exactly: LittleEndianReader(tail, at: locatorIndex).uint64(at: 8)) else {
        throw .corruptArchive(path: path, offset: tailStart + Int64(locatorIndex), reason: "ZIP64 locator out of range")
      }
      let record = try file.bytes(at: recordOffset, count: 56)
      guard record.count == 56, LittleEndianReader(record, at: 0).uint32(at: 0) == 0x0606_4B50 else {
        throw .corruptArchive(path: path, offset: recordOffset, reason: "ZIP64 end record missing")
      }
      let reader = LittleEndianReader(record, at: 0)
      guard let count = Int64(exactly: reader.uint64(at: 32)), let size = Int64(exactly: reader.uint64(at: 40)),
        let offset = Int64(exactly: reader.uint64(at: 48))
      else {
        throw .corruptArchive(path: path, offset: recordOffset, reason: "ZIP64 end record out of range")
      }
      (entryCount, directorySize, directoryOffset) = (count, size, offset)
    }

    guard directoryOffset >= 0, directorySize >= 0, directoryOffset <= file.size,
      directorySize <= file.size - directoryOffset, directorySize < 512 << 20
    else {
      throw .truncatedArchive(path: path, offset: file.size)
    }
    let directory = try file.bytes(at: directoryOffset, count: Int(directorySize))
    entries = try Self.parseDirectory(directory, count: entryCount, baseOffset: directoryOffset, path: path)
  }

  private static func parseDirectory(
    _ directory: [UInt8], count: Int64, baseOffset: Int64, path: String
  ) throws(ImportError) -> [Entry] {
    var entries: [Entry] = []
    var index = 0
    for _ in 0..<count {
      guard index + 46 <= directory.count,
        LittleEndianReader(directory, at: index).uint32(at: 0) == 0x0201_4B50
      else {
        throw .corruptArchive(path: path, offset: baseOffset + Int64(index), reason: "bad directory entry")
      }
      let header = LittleEndianReader(directory, at: index)
      let nameLength = Int(header.uint16(at: 28))
      let extraLength = Int(header.uint16(at: 30))
      let commentLength = Int(header.uint16(at: 32))
      let nameStart = index + 46
      let extraStart = nameStart + nameLength
      let next = extraStart + extraLength + commentLength
      guard next <= directory.count else {
        throw .corruptArchive(path: path, offset: baseOffset + Int64(index), reason: "bad directory entry")
      }
      var entry = Entry(
        name: String(decoding: directory[nameStart..<extraStart], as: UTF8.self),
        method: header.uint16(at: 10),
        flags: header.uint16(at: 8),
        crc32: header.uint32(at: 16),
        compressedSize: Int64(header.uint32(at: 20)),
        uncompressedSize: Int64(header.uint32(at: 24)),
        localHeaderOffset: Int64(header.uint32(at: 42))
      )
      applyZip64Extra(directory[extraStart..<(extraStart + extraLength)], to: &entry)
      entries.append(entry)
      index = next
    }
    return entries
  }

  /// Replaces 32-bit placeholder sizes and offsets with the 64-bit values of the ZIP64 extra field.
  private static func applyZip64Extra(_ extra: ArraySlice<UInt8>, to entry: inout Entry) {
    let bytes = Array(extra)
    var index = 0
    while index + 4 <= bytes.count {
      let reader = LittleEndianReader(bytes, at: index)
      let id = reader.uint16(at: 0)
      let size = Int(reader.uint16(at: 2))
      guard index + 4 + size <= bytes.count else { return }
      if id == 0x0001 {
        var field = index + 4
        let end = field + size
        func next() -> Int64? {
          guard field + 8 <= end else { return nil }
          defer { field += 8 }
          // A value past Int64 cannot be a real size or offset; -1 makes reading it fail cleanly.
          return Int64(exactly: LittleEndianReader(bytes, at: field).uint64(at: 0)) ?? -1
        }
        if entry.uncompressedSize == 0xFFFF_FFFF, let value = next() { entry.uncompressedSize = value }
        if entry.compressedSize == 0xFFFF_FFFF, let value = next() { entry.compressedSize = value }
        if entry.localHeaderOffset == 0xFFFF_FFFF, let value = next() { entry.localHeaderOffset = value }
        return
      }
      index += 4 + size
    }
  }

  private static func lastIndex(of signature: UInt32, in bytes: [UInt8], minimumLength: Int) -> Int? {
    var index = bytes.count - minimumLength
    while index >= 0 {
      if LittleEndianReader(bytes, at: index).uint32(at: 0) == signature { return index }
      index -= 1
    }
    return nil
  }

  /// Where the entry's compressed data starts, read from its local header.
  func dataOffset(of entry: Entry) throws(ImportError) -> Int64 {
    guard entry.localHeaderOffset >= 0, entry.localHeaderOffset <= file.size else {
      throw .corruptArchive(path: file.path, offset: file.size, reason: "\(entry.name) lies outside the archive")
    }
    let header = try file.bytes(at: entry.localHeaderOffset, count: 30)
    guard header.count == 30 else {
      throw .truncatedArchive(path: file.path, offset: file.size)
    }
    let reader = LittleEndianReader(header, at: 0)
    guard reader.uint32(at: 0) == 0x0403_4B50 else {
      throw .corruptArchive(path: file.path, offset: entry.localHeaderOffset, reason: "bad local header")
    }
    return entry.localHeaderOffset + 30 + Int64(reader.uint16(at: 26)) + Int64(reader.uint16(at: 28))
  }

  /// A source that streams the entry's uncompressed bytes.
  func source(for entry: Entry) throws(ImportError) -> ZipEntrySource {
    guard entry.flags & 1 == 0 else {
      throw .unsupportedArchive(path: file.path, reason: "\(entry.name) is encrypted")
    }
    guard entry.method == 0 || entry.method == 8 else {
      throw .unsupportedArchive(path: file.path, reason: "compression method \(entry.method)")
    }
    let start = try dataOffset(of: entry)
    if let absurdity = absurdity(of: entry, available: file.size - start) {
      throw .corruptArchive(path: file.path, offset: entry.localHeaderOffset, reason: absurdity)
    }
    return try ZipEntrySource(file: file, entry: entry, dataOffset: start)
  }

  /// Deflate cannot shrink data more than about 1032 to 1.
  static let largestInflationRatio: Int64 = 1_032

  /// Why the sizes the directory declares for `entry` cannot be true of `available` bytes of
  /// data, or `nil` if they can.
  private func absurdity(of entry: Entry, available: Int64) -> String? {
    let compressed = entry.compressedSize
    let uncompressed = entry.uncompressedSize
    let prefix = "\(entry.name) declares an absurd size:"
    if compressed < 0 || uncompressed < 0 { return "\(prefix) more than 2^63 bytes" }
    if compressed > available {
      return "\(prefix) \(compressed) bytes compressed, where the archive holds \(available)"
    }
    if entry.method == 0 && uncompressed != compressed {
      return "\(prefix) \(uncompressed) bytes stored uncompressed in \(compressed)"
    }
    let (largest, overflow) = compressed.multipliedReportingOverflow(by: Self.largestInflationRatio)
    if !overflow && uncompressed > largest + 1_024 {
      return "\(prefix) \(uncompressed) bytes inflated from \(compressed)"
    }
    return nil
  }
}

extension ZipArchive {
  /// Reads little-endian integers from a byte array at a base index.
  struct LittleEndianReader {
    let bytes: [UInt8]
    let base: Int

    init(_ bytes: [UInt8], at base: Int) {
      self.bytes = bytes
      self.base = base
    }

    func uint16(at offset: Int) -> UInt16 {
      UInt16(bytes[base + offset]) | UInt16(bytes[base + offset + 1]) << 8
    }

    func uint32(at offset: Int) -> UInt32 {
      UInt32(uint16(at: offset)) | UInt32(uint16(at: offset + 2)) << 16
    }

    func uint64(at offset: Int) -> UInt64 {
      UInt64(uint32(at: offset)) | UInt64(uint32(at: offset + 4)) << 32
    }
  }
}
