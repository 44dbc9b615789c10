import CZlib

/// Streams one ZIP entry's uncompressed bytes straight out of the archive, checking its CRC-32.
final class ZipEntrySource: ByteSource {
  private let file: InputFile
  private let entry: ZipArchive.Entry
  private let dataStart: Int64
  private var compressedRead: Int64 = 0
  private var produced: Int64 = 0
  private var crc: UInt = 0
  private var finished = false
  private var stream = z_stream()
  private let input: UnsafeMutableRawBufferPointer
  private var inflating = false

  init(file: InputFile, entry: ZipArchive.Entry, dataOffset: Int64) throws(ImportError) {
    self.file = file
    self.entry = entry
    self.dataStart = dataOffset
    self.input = .allocate(byteCount: 256 << 10, alignment: 16)
    if entry.method == 8 {
      // deinit runs even when this throws, and frees what was set up.
      guard czlib_inflate_init_raw(&stream) == Z_OK else {
        throw .unsupportedArchive(path: file.path, reason: "zlib could not start")
      }
      inflating = true
    }
  }

  deinit {
    if inflating { inflateEnd(&stream) }
    input.deallocate()
  }

  var bytesConsumed: Int64 { dataStart + compressedRead }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
    guard !finished, buffer.count > 0 else { return 0 }
    let count = entry.method == 8 ? try inflate(into: buffer) : try copyStored(into: buffer)
    if count > 0, let base = buffer.baseAddress {
      crc = crc32(crc, base.assumingMemoryBound(to: Bytef.self), uInt(count))
      produced += Int64(count)
    }
    if finished { try verify() }
    return count
  }

  private func copyStored(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
    let remaining = entry.compressedSize - compressedRead
    let wanted = Int(min(Int64(buffer.count), remaining))
    let count = try file.read(
      into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]), at: dataStart + compressedRead)
    compressedRead += Int64(count)
    if count < wanted {
      throw .truncatedArchive(path: file.path, offset: dataStart + compressedRead)
    }
    if compressedRead == entry.compressedSize { finished = true }
    return count
  }

  private func inflate(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
    stream.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
    stream.avail_out = uInt(buffer.count)
    while stream.avail_out > 0 && !finished {
      if stream.avail_in == 0 {
        let remaining = entry.compressedSize - compressedRead
        guard remaining > 0 else {
          throw .truncatedArchive(path: file.path, offset: dataStart + compressedRead)
        }
        let wanted = Int(min(Int64(input.count), remaining))
        let count = try file.read(
          into: UnsafeMutableRawBufferPointer(rebasing: input[0..<wanted]), at: dataStart + compressedRead)
        guard count > 0 else {
          throw .truncatedArchive(path: file.path, offset: dataStart + compressedRead)
        }
        compressedRead += Int64(count)
        stream.next_in = input.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.avail_in = uInt(count)
      }
      let status = CZlib.inflate(&stream, Z_NO_FLUSH)
      switch status {
      case Z_STREAM_END:
        finished = true
      case Z_OK:
        break
      case Z_BUF_ERROR where stream.avail_in == 0:
        break
      default:
        let offset = dataStart + compressedRead - Int64(stream.avail_in)
        let reason = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
        throw .corruptArchive(path: file.path, offset: offset, reason: reason)
      }
    }
    return buffer.count - Int(stream.avail_out)
  }

  private func verify() throws(ImportError) {
    guard produced == entry.uncompressedSize else {
      throw .corruptArchive(
        path: file.path, offset: dataStart + compressedRead,
        reason:
          "\(entry.name) holds \(produced) bytes, not the \(entry.uncompressedSize) its header declares"
      )
    }
    guard UInt32(truncatingIfNeeded: crc) == entry.crc32 else {
      throw .corruptArchive(
        path: file.path, offset: dataStart + compressedRead,
        reason: "\(entry.name) does not match its checksum")
    }
  }
}
