/// A JSON document as a value, with a parser and a writer: enough for chat-completions requests
/// and replies without `Any`. The parser rejects anything that is not one complete document; it
/// is lenient only about number spellings and unknown escapes, which carry no risk here.
package enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The member `key` of an object.
  package subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  package var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  package var numberValue: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  package var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// Compact JSON text with sorted keys.
  package var text: String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let value): output += value.isFinite ? JSONText.number(value) : "null"
    case .string(let value): JSONText.appendString(value, to: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { output += "," }
        JSONText.appendString(key, to: &output)
        output += ":"
        members[key]?.write(to: &output)
      }
      output += "}"
    }
  }

  /// Parses a whole JSON document; `nil` if it is not one.
  package static func parse(_ text: String) -> JSONValue? {
    var parser = Parser(bytes: Array(text.utf8))
    guard let value = parser.value() else { return nil }
    parser.skipWhitespace()
    return parser.isAtEnd ? value : nil
  }

  private struct Parser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    var isAtEnd: Bool { index == bytes.count }

    mutating func skipWhitespace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value() -> JSONValue? {
      skipWhitespace()
      guard index < bytes.count, depth < 64 else { return nil }
      switch bytes[index] {
      case UInt8(ascii: "{"): return object()
      case UInt8(ascii: "["): return array()
      case UInt8(ascii: "\""): return string().map(JSONValue.string)
      case UInt8(ascii: "t"): return literal("true", .bool(true))
      case UInt8(ascii: "f"): return literal("false", .bool(false))
      case UInt8(ascii: "n"): return literal("null", .null)
      default: return number()
      }
    }

    mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
      let utf8 = Array(word.utf8)
      guard index + utf8.count <= bytes.count, Array(bytes[index..<(index + utf8.count)]) == utf8 else { return nil }
      index += utf8.count
      return value
    }

    mutating func object() -> JSONValue? {
      index += 1
      depth += 1
      defer { depth -= 1 }
      var members: [String: JSONValue] = [:]
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        guard let value = value() else { return nil }
        members[key] = value
        skipWhitespace()
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
        } else if bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(members)
        } else {
          return nil
        }
      }
    }

    mutating func array() -> JSONValue? {
      index += 1
      depth += 1
      defer { depth -= 1 }
      var values: [JSONValue] = []
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(values)
      }
      while true {
        guard let value = value() else { return nil }
        values.append(value)
        skipWhitespace()
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
        } else if bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(values)
        } else {
          return nil
        }
      }
    }

    mutating func string() -> String? {
      index += 1
      var scalars = String.UnicodeScalarView()
      var pendingHighSurrogate: UInt32?
      var run: [UInt8] = []
      func flush() {
        if !run.isEmpty {
          scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
          run.removeAll()
        }
      }
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          flush()
          return String(scalars)
        case UInt8(ascii: "\\"):
          flush()
          guard index < bytes.count else { return nil }
          let escape = bytes[index]
          index += 1
          switch escape {
          case UInt8(ascii: "n"): scalars.append("\n")
          case UInt8(ascii: "t"): scalars.append("\t")
          case UInt8(ascii: "r"): scalars.append("\r")
          case UInt8(ascii: "b"): scalars.append("\u{08}")
          case UInt8(ascii: "f"): scalars.append("\u{0C}")
          case UInt8(ascii: "u"):
            guard index + 4 <= bytes.count,
              let code = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
            else { return nil }
            index += 4
            if (0xD800...0xDBFF).contains(code) {
              pendingHighSurrogate = code
            } else if (0xDC00...0xDFFF).contains(code), let high = pendingHighSurrogate {
              pendingHighSurrogate = nil
              if let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)) {
                scalars.append(scalar)
              }
            } else if let scalar = Unicode.Scalar(code) {
              scalars.append(scalar)
            }
          default: scalars.append(Unicode.Scalar(escape))
          }
        default:
          guard byte >= 0x20 else { return nil }
          run.append(byte)
        }
      }
      return nil
    }

    mutating func number() -> JSONValue? {
      let start = index
      while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
      guard index > start, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
        return nil
      }
      return .number(value)
    }
  }
}
