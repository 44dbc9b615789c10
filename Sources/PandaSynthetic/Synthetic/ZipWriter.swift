import CZlib
import PandaCore

/// Writes a ZIP archive whose entries are streamed in (deflated, with data descriptors), the way
/// the Health app writes `export.zip`. `forceZip64` writes ZIP64 records even for small archives,
/// so tests can exercise them without 4 GB files.
final class ZipWriter {
  private struct CentralEntry {
    var name: String
    var crc: UInt32
    var compressedSize: Int64
    var uncompressedSize: Int64
    var localHeaderOffset: Int64
  }

  private let file: OutputFile
  private let forceZip64: Bool
  /// The entries' modification time and date, MS-DOS style: time in the low half, date in the high.
  private let modified: UInt32
  private var entries: [CentralEntry] = []

  /// A writer to `path` whose entries are dated `day` at `hour`:00 (local time, as ZIP keeps it);
  /// a day before 1980, which ZIP cannot hold, is written as 1980-01-01.
  init(path: String, forceZip64: Bool = false, day: CalendarDay = CalendarDay(ordinal: 3_652), hour: Int = 0) throws {
    file = try OutputFile(path: path)
    self.forceZip64 = forceZip64
    modified = Self.dosDateTime(day: day, hour: hour)
  }

  /// `day` at `hour`:00 as an MS-DOS time (low 16 bits) and date (high 16 bits).
  static func dosDateTime(day: CalendarDay, hour: Int) -> UInt32 {
    var (year, month, dayOfMonth) = day.components
    var hour = min(23, max(0, hour))
    if year < 1980 || year > 2107 { (year, month, dayOfMonth, hour) = (1980, 1, 1, 0) }
    let date = UInt32((year - 1980) << 9 | month << 5 | dayOfMonth)
    return date << 16 | UInt32(hour << 11)
  }

  /// Adds an entry called `name`; `body` receives a function that appends uncompressed bytes.
  func addEntry(_ name: String, _ body: ((String) throws -> Void) throws -> Void) throws {
    let headerOffset = file.offset
    var header = ByteWriter()
    header.uint32(0x0403_4B50)
    header.uint16(45)
    header.uint16(0x0808)  // data descriptor follows; UTF-8 names
    header.uint16(8)
    header.uint32(modified)  // time and date
    header.uint32(0)
    header.uint32(0)
    header.uint32(0)
    header.uint16(UInt16(name.utf8.count))
    header.uint16(0)
    header.bytes.append(contentsOf: name.utf8)
    try file.write(header.bytes)

    var stream = z_stream()
    guard czlib_deflate_init_raw(&stream, 6) == Z_OK else {
      throw OutputFile.WriteError(path: file.path, reason: "zlib")
    }
    defer { deflateEnd(&stream) }
    var crc: UInt = 0
    var uncompressed: Int64 = 0
    let dataStart = file.offset
    let output = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 << 10, alignment: 16)
    defer { output.deallocate() }

    func deflateChunk(_ input: UnsafeRawBufferPointer, finish: Bool) throws {
      stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
      stream.avail_in = uInt(input.count)
      repeat {
        stream.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(output.count)
        _ = deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
        let produced = output.count - Int(stream.avail_out)
        try file.write(UnsafeRawBufferPointer(rebasing: output[0..<produced]))
      } while stream.avail_out == 0
    }

    try body { text in
      var text = text
      try text.withUTF8 { utf8 in
        crc = crc32(crc, utf8.baseAddress, uInt(utf8.count))
        uncompressed += Int64(utf8.count)
        try deflateChunk(UnsafeRawBufferPointer(utf8), finish: false)
      }
    }
    try deflateChunk(UnsafeRawBufferPointer(start: nil, count: 0), finish: true)
    let compressed = file.offset - dataStart

    var descriptor = ByteWriter()
    descriptor.uint32(0x0807_4B50)
    descriptor.uint32(UInt32(truncatingIfNeeded: crc))
    descriptor.uint64(UInt64(compressed))
    descriptor.uint64(UInt64(uncompressed))
    try file.write(descriptor.bytes)
    entries.append(
      CentralEntry(
        name: name, crc: UInt32(truncatingIfNeeded: crc), compressedSize: compressed, uncompressedSize: uncompressed,
        localHeaderOffset: headerOffset))
  }

  /// Writes the central directory and end records.
  func finish() throws {
    let directoryOffset = file.offset
    var directory = ByteWriter()
    for entry in entries {
      let needs64 =
        forceZip64 || entry.compressedSize >= 0xFFFF_FFFF || entry.uncompressedSize >= 0xFFFF_FFFF
        || entry.localHeaderOffset >= 0xFFFF_FFFF
      directory.uint32(0x0201_4B50)
      directory.uint16(45)
      directory.uint16(45)
      directory.uint16(0x0808)
      directory.uint16(8)
      directory.uint32(modified)
      directory.uint32(entry.crc)
      directory.uint32(needs64 ? 0xFFFF_FFFF : UInt32(entry.compressedSize))
      directory.uint32(needs64 ? 0xFFFF_FFFF : UInt32(entry.uncompressedSize))
      directory.uint16(UInt16(entry.name.utf8.count))
      directory.uint16(needs64 ? 28 : 0)
      directory.uint16(0)
      directory.uint16(0)
      directory.uint16(0)
      directory.uint32(0)
      directory.uint32(needs64 ? 0xFFFF_FFFF : UInt32(entry.localHeaderOffset))
      directory.bytes.append(contentsOf: entry.name.utf8)
      if needs64 {
        directory.uint16(0x0001)
        directory.uint16(24)
        directory.uint64(UInt64(entry.uncompressedSize))
        directory.uint64(UInt64(entry.compressedSize))
        directory.uint64(UInt64(entry.localHeaderOffset))
      }
    }
    try file.write(directory.bytes)
    let directorySize = Int64(directory.bytes.count)
    var end = ByteWriter()
    let needs64 = forceZip64 || directoryOffset >= 0xFFFF_FFFF
    if needs64 {
      let recordOffset = file.offset
      end.uint32(0x0606_4B50)
      end.uint64(44)
      end.uint16(45)
      end.uint16(45)
      end.uint32(0)
      end.uint32(0)
      end.uint64(UInt64(entries.count))
      end.uint64(UInt64(entries.count))
      end.uint64(UInt64(directorySize))
      end.uint64(UInt64(directoryOffset))
      end.uint32(0x0706_4B50)
      end.uint32(0)
      end.uint64(UInt64(recordOffset))
      end.uint32(1)
    }
    end.uint32(0x0605_4B50)
    end.uint16(0)
    end.uint16(0)
    end.uint16(needs64 ? 0xFFFF : UInt16(entries.count))
    end.uint16(needs64 ? 0xFFFF : UInt16(entries.count))
    end.uint32(needs64 ? 0xFFFF_FFFF : UInt32(directorySize))
    end.uint32(needs64 ? 0xFFFF_FFFF : UInt32(directoryOffset))
    end.uint16(0)
    try file.write(end.bytes)
  }
}

extension ZipWriter {
  private struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func uint16(_ value: UInt16) {
      bytes.append(UInt8(value & 0xFF))
      bytes.append(UInt8(value >> 8))
    }

    mutating func uint32(_ value: UInt32) {
      uint16(UInt16(value & 0xFFFF))
      uint16(UInt16(value >> 16))
    }

    mutating func uint64(_ value: UInt64) {
      uint32(UInt32(value & 0xFFFF_FFFF))
      uint32(UInt32(value >> 32))
    }
  }
}
