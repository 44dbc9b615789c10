#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Counts lines lazily: newlines are counted only for bytes the scanner moves past.
final class LineCounter {
  @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>?
  @exclusivity(unchecked) private var linesBeforeCounted = 1
  @exclusivity(unchecked) private var counted = 0
  /// The absolute offset of the scanner buffer's first byte.
  private(set) var bufferOffset: Int64 = 0

  func attach(_ storage: UnsafeMutablePointer<UInt8>) {
    self.storage = storage
  }

  /// Called before the scanner drops the first `position` bytes of its buffer.
  func discard(upTo position: Int) {
    _ = line(at: position)
    counted = 0
    bufferOffset += Int64(position)
  }

  /// The 1-based line of the byte at `position` in the current buffer.
  func line(at position: Int) -> Int {
    guard let storage else { return linesBeforeCounted }
    if position > counted {
      linesBeforeCounted += Self.countNewlines(storage + counted, position - counted)
      counted = position
    } else if position < counted {
      linesBeforeCounted -= Self.countNewlines(storage + position, counted - position)
      counted = position
    }
    return linesBeforeCounted
  }

  /// Counts `\n` bytes, a line at a time: `memchr` runs many bytes per instruction, and export
  /// lines are tens to hundreds of bytes long.
  static func countNewlines(_ start: UnsafePointer<UInt8>, _ count: Int) -> Int {
    var total = 0
    var cursor = UnsafeRawPointer(start)
    let end = cursor + count
    while cursor < end, let found = memchr(cursor, 0x0A, end - cursor) {
      total += 1
      cursor = UnsafeRawPointer(found) + 1
    }
    return total
  }

  static func countNewlines(_ start: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    countNewlines(UnsafePointer(start), count)
  }
}
