/// A pull reader over the bytes of one JSON document: the caller walks objects and arrays and
/// reads the values it wants, skipping the rest, so nothing but what is kept is ever built.
///
/// Every error names the byte offset where reading stopped; a document that ends early says so.
package struct JSONReader {
  /// What stopped the reading.
  package struct Failure: Error, Equatable {
    /// 0-based offset of the byte where reading stopped.
    package var offset: Int
    package var reason: String

    /// Creates a value from its stored properties.
    package init(offset: Int, reason: String) {
      self.offset = offset
      self.reason = reason
    }
  }

  /// The kinds of value, as told by a value's first byte.
  package enum Kind: Equatable {
    case object, array, string, number, bool, null

    /// The kind as a message names it: "a string", "an object".
    package var described: String {
      switch self {
      case .object: "an object"
      case .array: "a list"
      case .string: "a string"
      case .number: "a number"
      case .bool: "true or false"
      case .null: "null"
      }
    }
  }

  private let bytes: [UInt8]
  /// The offset of the next byte to read.
  package private(set) var offset = 0
  /// Objects and arrays may nest this deep; a hostile document cannot exhaust the stack.
  static let maximumDepth = 64
  private var depth = 0

  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
    // A byte-order mark is not part of the document.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
  }

  /// The kind of the next value, after white space; throws at the end of the document.
  package mutating func peekKind() throws(Failure) -> Kind {
    skipSpace()
    guard offset < bytes.count else { throw endOfDocument() }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    default: throw unexpected("a value")
    }
  }

  /// Reads an object, calling `member` with each key; `member` must read or skip the value.
  package mutating func readObject(_ member: (inout JSONReader, String) throws -> Void) throws {
    try expect(UInt8(ascii: "{"), "an object")
    try enter()
    skipSpace()
    if peekByte() == UInt8(ascii: "}") {
      offset += 1
      depth -= 1
      return
    }
    while true {
      skipSpace()
      let key = try readString()
      try expect(UInt8(ascii: ":"), "':' after a key")
      try member(&self, key)
      skipSpace()
      guard offset < bytes.count else { throw endOfDocument() }
      let byte = bytes[offset]
      offset += 1
      if byte == UInt8(ascii: "}") { break }
      guard byte == UInt8(ascii: ",") else {
        offset -= 1
        throw unexpected("',' or '}' in an object")
      }
    }
    depth -= 1
  }

  /// Reads an array, calling `element` for each element; `element` must read or skip it.
  package mutating func readArray(_ element: (inout JSONReader) throws -> Void) throws {
    try expect(UInt8(ascii: "["), "an array")
    try enter()
    skipSpace()
    if peekByte() == UInt8(ascii: "]") {
      offset += 1
      depth -= 1
      return
    }
    while true {
      try element(&self)
      skipSpace()
      guard offset < bytes.count else { throw endOfDocument() }
      let byte = bytes[offset]
      offset += 1
      if byte == UInt8(ascii: "]") { break }
      guard byte == UInt8(ascii: ",") else {
        offset -= 1
        throw unexpected("',' or ']' in an array")
      }
    }
    depth -= 1
  }

  /// Reads a string, decoding escapes.
  package mutating func readString() throws(Failure) -> String {
    skipSpace()
    guard offset < bytes.count else { throw endOfDocument() }
    guard bytes[offset] == UInt8(ascii: "\"") else { throw unexpected("a string") }
    let start = offset + 1
    var index = start
    // The common case, no escapes: one copy of the bytes.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        offset = index + 1
        return String(decoding: bytes[start..<index], as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 {
        offset = index
        throw Failure(offset: index, reason: "a control character inside a string")
      }
      index += 1
    }
    var decoded = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        offset = index + 1
        return String(decoding: decoded, as: UTF8.self)
      }
      if byte < 0x20 { throw Failure(offset: index, reason: "a control character inside a string") }
      if byte != UInt8(ascii: "\\") {
        decoded.append(byte)
        index += 1
        continue
      }
      guard index + 1 < bytes.count else { break }
      let escaped = bytes[index + 1]
      index += 2
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
      case UInt8(ascii: "b"): decoded.append(0x08)
      case UInt8(ascii: "f"): decoded.append(0x0C)
      case UInt8(ascii: "n"): decoded.append(0x0A)
      case UInt8(ascii: "r"): decoded.append(0x0D)
      case UInt8(ascii: "t"): decoded.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try hexQuad(at: index)
        index += 4
        if (0xD800..<0xDC00).contains(scalar), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        {
          let low = try hexQuad(at: index + 2)
          if (0xDC00..<0xE000).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            index += 6
          }
        }
        decoded += Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
      default:
        throw Failure(
          offset: index - 1,
          reason: "an unknown escape '\\\(EchoedText.quoted(String(Character(Unicode.Scalar(escaped)))))'")
      }
    }
    offset = bytes.count
    throw endOfDocument()
  }

  /// Reads a number.
  mutating func readNumber() throws(Failure) -> Double {
    skipSpace()
    let start = offset
    var index = offset
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
        UInt8(ascii: "e"), UInt8(ascii: "E"):
        index += 1
        continue
      default: break
      }
      break
    }
    guard index > start else { throw unexpected("a number") }
    // A document is an object or an array, so a number at the very end is cut off.
    if index == bytes.count { throw endOfDocument() }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw Failure(offset: start, reason: "'\(EchoedText.quoted(text))' is not a number")
    }
    offset = index
    return value
  }

  /// Reads a number and returns its text as written, checked against JSON's grammar: an id of
  /// 30 digits keeps every digit, and `1.5` or `1e400` can be told from an integer.
  package mutating func readNumberText() throws(Failure) -> String {
    skipSpace()
    let start = offset
    var index = offset
    func digits() -> Int {
      let first = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
      return index - first
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    var wellFormed = integerDigits > 0 && (integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0"))
    if wellFormed, index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      wellFormed = digits() > 0
    }
    if wellFormed, index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      wellFormed = digits() > 0
    }
    guard index > start else { throw unexpected("a number") }
    // A document is an object or an array, so a number at the very end is cut off.
    if index == bytes.count { throw endOfDocument() }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard wellFormed else {
      throw Failure(offset: start, reason: "'\(EchoedText.quoted(text))' is not a number as JSON writes one")
    }
    offset = index
    return text
  }

  /// Reads `true` or `false`.
  package mutating func readBool() throws(Failure) -> Bool {
    if try literal("true") { return true }
    if try literal("false") { return false }
    throw unexpected("true or false")
  }

  /// Reads `null`.
  package mutating func readNull() throws(Failure) {
    guard try literal("null") else { throw unexpected("null") }
  }

  /// Reads a number, or a string holding one (some app versions quote numbers); `nil` for
  /// `null` or any other value, which is skipped.
  package mutating func readNumberIfAny() throws -> Double? {
    // `1e999`, `"inf"` and `"nan"` are not readings: no value.
    switch try peekKind() {
    case .number: return try readNumber().finiteOrNil
    case .string:
      let text = try readString()
      guard text.utf8.count <= 40 else { return nil }
      return Double(text.trimmingSpaces())?.finiteOrNil
    default:
      try skipValue()
      return nil
    }
  }

  /// Reads a string; `nil` for `null` or any other value, which is skipped.
  mutating func readStringIfAny() throws -> String? {
    if try peekKind() == .string { return try readString() }
    try skipValue()
    return nil
  }

  /// Reads a string of at most `limit` bytes as `readStringIfAny` does; a longer one is a
  /// `Failure` naming `field` and the byte where it starts, never quoting it.
  package mutating func readStringIfAny(field: String, atMost limit: Int) throws -> String? {
    let start = offset
    guard let text = try readStringIfAny() else { return nil }
    let length = text.utf8.count
    guard length <= limit else {
      throw Failure(offset: start, reason: "the \(field) is \(length) bytes long; at most \(limit) are accepted")
    }
    return text
  }

  /// Skips one value of any kind, checking that it is well formed.
  package mutating func skipValue() throws {
    switch try peekKind() {
    case .object: try readObject { reader, _ in try reader.skipValue() }
    case .array: try readArray { reader in try reader.skipValue() }
    case .string: _ = try readString()
    case .number: _ = try readNumber()
    case .bool: _ = try readBool()
    case .null: try readNull()
    }
  }

  /// Checks that nothing but white space follows the document.
  package mutating func finish() throws(Failure) {
    skipSpace()
    guard offset == bytes.count else { throw unexpected("the end of the document") }
  }

  private mutating func enter() throws(Failure) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw Failure(offset: offset, reason: "objects and arrays nested more than \(Self.maximumDepth) deep")
    }
  }

  private mutating func literal(_ word: StaticString) throws(Failure) -> Bool {
    skipSpace()
    let count = word.utf8CodeUnitCount
    let matches = word.withUTF8Buffer { expected in
      offset + count <= bytes.count && bytes[offset..<(offset + count)].elementsEqual(expected)
    }
    if matches {
      offset += count
      return true
    }
    if bytes.count - offset < count,
      word.withUTF8Buffer({ expected in bytes[offset...].elementsEqual(expected.prefix(bytes.count - offset)) })
    {
      offset = bytes.count
      throw endOfDocument()
    }
    return false
  }

  private func hexQuad(at index: Int) throws(Failure) -> UInt32 {
    guard index + 4 <= bytes.count else { throw Failure(offset: bytes.count, reason: "the document ends early") }
    var value: UInt32 = 0
    for byte in bytes[index..<(index + 4)] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw Failure(offset: index, reason: "a \\u escape without four hexadecimal digits")
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
    skipSpace()
    guard offset < bytes.count else { throw endOfDocument() }
    guard bytes[offset] == byte else { throw unexpected(what) }
    offset += 1
  }

  private func peekByte() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private mutating func skipSpace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  private func endOfDocument() -> Failure {
    Failure(offset: bytes.count, reason: "the document ends early (cut off after \(bytes.count) bytes?)")
  }

  private func unexpected(_ what: String) -> Failure {
    guard offset < bytes.count else { return endOfDocument() }
    let byte = bytes[offset]
    let shown =
      (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    return Failure(offset: offset, reason: "expected \(what), found \(shown)")
  }
}

extension Double {
  /// The value when it is finite, else `nil`.
  fileprivate var finiteOrNil: Double? { isFinite ? self : nil }
}
