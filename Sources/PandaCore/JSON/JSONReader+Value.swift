extension JSONReader {
  /// Reads the next value whole, objects and arrays with everything in them, nested at most
  /// `maximumDepth` deep. Numbers are read as JSON writes them (no `+1`, `01` or `.5`), and one
  /// too large for a `Double` (`1e400`) is a `Failure`.
  package mutating func readValue() throws -> JSONValue {
    switch try peekKind() {
    case .object:
      var members: [String: JSONValue] = [:]
      try readObject { reader, key in members[key] = try reader.readValue() }
      return .object(members)
    case .array:
      var items: [JSONValue] = []
      try readArray { reader in items.append(try reader.readValue()) }
      return .array(items)
    case .string: return .string(try readString())
    case .number:
      let start = offset
      let text = try readNumberText()
      guard let value = Double(text), value.isFinite else {
        throw Failure(offset: start, reason: "'\(EchoedText.quoted(text))' is too large for a number")
      }
      return .number(value)
    case .bool: return .bool(try readBool())
    case .null:
      try readNull()
      return .null
    }
  }
}
