import PandaCore

/// One JSON-RPC message as read from a line: its members, and its id kept as written.
struct JSONRPCMessage: Sendable {
  /// What the `id` member held.
  enum ID: Equatable, Sendable {
    /// No `id`: a notification (or a client's malformed request, which cannot be answered).
    case absent
    /// A string or an integer.
    case valid(RequestID)
    /// Anything else (`1.5`, `1e400`, `null`, an object), as the client wrote it or its kind.
    case invalid(String)
  }

  /// The message without its `id`: an object when it is a request; any other value as read.
  var body: JSONValue
  /// The id.
  var id: ID

  /// The member `key` of the body.
  subscript(key: String) -> JSONValue? { body[key] }

  /// What a line holds.
  enum Line: Sendable {
    /// One message.
    case single(JSONRPCMessage)
    /// A JSON array of messages (JSON-RPC's batch).
    case batch([JSONRPCMessage])
    /// Not one JSON document in UTF-8: why, for a parse error.
    case unreadable(String)
  }

  /// Reads one line's bytes: invalid UTF-8 and anything but one JSON document are unreadable.
  static func read(_ bytes: [UInt8]) -> Line {
    if let offset = firstInvalidUTF8(in: bytes) {
      return .unreadable("the line is not valid UTF-8 (byte \(offset) of \(bytes.count))")
    }
    var reader = JSONReader(bytes)
    do {
      let line: Line
      if try reader.peekKind() == .array {
        var messages: [JSONRPCMessage] = []
        try reader.readArray { reader in messages.append(try message(&reader)) }
        line = .batch(messages)
      } else {
        line = .single(try message(&reader))
      }
      try reader.finish()
      return line
    } catch let failure as JSONReader.Failure {
      return .unreadable("the line is not JSON (\(failure.reason) at byte \(failure.offset))")
    } catch {
      return .unreadable("the line is not JSON")
    }
  }

  /// The next value as a message: an object's `id` is kept as written, every other member read whole.
  private static func message(_ reader: inout JSONReader) throws -> JSONRPCMessage {
    guard try reader.peekKind() == .object else { return JSONRPCMessage(body: try reader.readValue(), id: .absent) }
    var members: [String: JSONValue] = [:]
    var id = ID.absent
    try reader.readObject { reader, key in
      guard key == "id" else {
        members[key] = try reader.readValue()
        return
      }
      switch try reader.peekKind() {
      case .string: id = .valid(.string(try reader.readString()))
      case .number:
        let text = try reader.readNumberText()
        id =
          text.utf8.allSatisfy { $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
          ? .valid(.integer(text)) : .invalid(text)
      case .null:
        try reader.readNull()
        id = .invalid("null")
      case .bool: id = .invalid(try reader.readBool() ? "true" : "false")
      case .object, .array:
        let kind = try reader.peekKind() == .object ? "an object" : "an array"
        try reader.skipValue()
        id = .invalid(kind)
      }
    }
    return JSONRPCMessage(body: .object(members), id: id)
  }

  /// The offset of the first byte that does not start or continue a well-formed UTF-8 sequence
  /// (overlong forms and surrogates included), or `nil` when every byte does.
  static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
    // Plain ASCII, the usual line, needs no decoding.
    guard bytes.contains(where: { $0 >= 0x80 }) else { return nil }
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }
}
