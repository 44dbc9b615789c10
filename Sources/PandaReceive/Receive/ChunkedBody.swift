/// Decodes a chunked request body (RFC 9112 §7.1) as its bytes arrive: each chunk's size in hex
/// (extensions after `;` ignored), its data and CRLF, a last chunk of size 0, then trailer lines,
/// which are dropped. Pure, so that every malformed shape is tested without a socket.
struct ChunkedBody {
  /// The longest size or trailer line read: a size needs a few bytes, a trailer a header's worth.
  static let maximumLine = 8_192

  /// The body decoded so far.
  private(set) var body: [UInt8] = []
  /// Whether the last chunk and the trailers have been read.
  var isComplete: Bool { state == .complete }
  /// Bytes of the encoding read so far: where a fault is.
  private(set) var bytesRead = 0

  private let maximumBody: Int
  private var state = State.size
  private var line: [UInt8] = []
  /// Where the line being read began.
  private var lineStart = 0

  private enum State: Equatable {
    case size
    case data(remaining: Int)
    case dataEnd
    case trailer
    case complete
  }

  /// A decoder that refuses a body of more than `maximumBody` bytes.
  init(maximumBody: Int) {
    self.maximumBody = maximumBody
  }

  /// Reads the next bytes of the encoding. Bytes after the end of the body are not read.
  mutating func feed(_ bytes: ArraySlice<UInt8>) throws(ChunkedBodyError) {
    var index = bytes.startIndex
    while index < bytes.endIndex && state != .complete {
      if case .data(let remaining) = state {
        let count = min(remaining, bytes.endIndex - index)
        body += bytes[index..<(index + count)]
        index += count
        bytesRead += count
        state = remaining == count ? .dataEnd : .data(remaining: remaining - count)
        lineStart = bytesRead
        continue
      }
      let byte = bytes[index]
      index += 1
      bytesRead += 1
      guard byte == UInt8(ascii: "\n") else {
        guard line.count < Self.maximumLine else { throw .lineTooLong(at: lineStart) }
        line.append(byte)
        continue
      }
      if line.last == UInt8(ascii: "\r") { line.removeLast() }
      try endLine()
      line.removeAll(keepingCapacity: true)
      lineStart = bytesRead
    }
  }

  /// Acts on a whole line (its CRLF removed) in the current state.
  private mutating func endLine() throws(ChunkedBodyError) {
    switch state {
    case .size:
      let size = try Self.size(line, at: lineStart)
      guard size > 0 else {
        state = .trailer
        return
      }
      guard size <= maximumBody - body.count else { throw .tooLarge(maximumBody: maximumBody) }
      state = .data(remaining: size)
    case .dataEnd:
      guard line.isEmpty else { throw .missingLineEnd(at: lineStart) }
      state = .size
    case .trailer:
      if line.isEmpty { state = .complete }
    case .data, .complete:
      break
    }
  }

  /// The size on a chunk's first line: hex digits, then perhaps spaces and `;extensions`.
  private static func size(_ line: [UInt8], at offset: Int) throws(ChunkedBodyError) -> Int {
    let digits = line.prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
    guard !digits.isEmpty, digits.count <= 15, let size = Int(String(decoding: digits, as: UTF8.self), radix: 16),
      size >= 0, digits.allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
    else {
      throw .badSize(String(decoding: line.prefix(40), as: UTF8.self), at: offset)
    }
    return size
  }
}
