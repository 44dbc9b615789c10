import Foundation

/// Cuts a byte stream into lines in memory bounded by `limit`: fed standard input a chunk at a
/// time, it keeps at most `limit` bytes of the line it is in, and a longer line is dropped up to
/// its newline and reported by its length, never held whole.
package struct MCPLineSplitter {
  /// One line, without its newline (and a `\r` before it).
  package enum Line: Equatable {
    /// A line of at most `limit` bytes.
    case text([UInt8])
    /// A line longer than `limit`, dropped: its length in bytes.
    case tooLong(bytes: Int)
  }

  /// The longest line kept, in bytes.
  let limit: Int
  /// The start of the current line, while it is within `limit`.
  private var pending: [UInt8] = []
  /// The length so far of a line past `limit`, being dropped.
  private var dropped: Int?

  /// A splitter keeping lines of at most `limit` bytes.
  package init(limit: Int) {
    self.limit = limit
  }

  /// The lines `chunk` completes, in order.
  package mutating func feed(_ chunk: ArraySlice<UInt8>) -> [Line] {
    var lines: [Line] = []
    chunk.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var start = 0
      // memchr: a dropped line of 100 MB is scanned at memory speed, not a byte at a time.
      while start < buffer.count, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start) {
        let newline = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        lines.append(take(chunk[(chunk.startIndex + start)..<(chunk.startIndex + newline)]))
        start = newline + 1
      }
      add(chunk[(chunk.startIndex + start)...])
    }
    return lines
  }

  /// The last line, when the stream ends without a newline.
  package mutating func finish() -> Line? {
    guard dropped != nil || !pending.isEmpty else { return nil }
    return take([])
  }

  /// Adds `part` to the current line, or counts it when the line is already past `limit`.
  private mutating func add(_ part: ArraySlice<UInt8>) {
    if let length = dropped {
      dropped = length + part.count
    } else if pending.count + part.count > limit {
      dropped = pending.count + part.count
      pending = []
    } else {
      pending.append(contentsOf: part)
    }
  }

  /// Ends the current line with `part`.
  private mutating func take(_ part: ArraySlice<UInt8>) -> Line {
    add(part)
    defer {
      pending = []
      dropped = nil
    }
    if let length = dropped { return .tooLong(bytes: length) }
    if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
    return .text(pending)
  }
}
