/// A start tag as found in the buffer; valid only during the handler call that receives it.
struct XMLTag {
  let base: UnsafeMutablePointer<UInt8>
  let nameStart: Int
  let nameEnd: Int
  let attributes: [Attribute]
  /// Whether the tag was written `<Name … />`.
  let isSelfClosing: Bool
  /// The absolute byte offset of the tag's `<` in the input.
  let offset: Int64
  let position: Int
  let lines: LineCounter

  /// The element name.
  var name: XMLBytes { XMLBytes(start: base + nameStart, count: nameEnd - nameStart) }

  /// The 1-based line the tag starts on.
  var line: Int { lines.line(at: position) }

  /// The attribute's name.
  func name(of attribute: Attribute) -> XMLBytes {
    XMLBytes(start: base + attribute.nameStart, count: attribute.nameEnd - attribute.nameStart)
  }

  /// The attribute's raw value, with a flag saying whether it holds character references.
  func value(of attribute: Attribute) -> XMLValue {
    XMLValue(
      bytes: XMLBytes(start: base + attribute.valueStart, count: attribute.valueEnd - attribute.valueStart),
      hasEntity: attribute.hasEntity)
  }

  /// The value of the first attribute called `name`.
  func value(_ name: StaticString) -> XMLValue? {
    for attribute in attributes where self.name(of: attribute) == name {
      return value(of: attribute)
    }
    return nil
  }
}

extension XMLTag {
  /// Where an attribute's name and value lie in the scanner's buffer.
  struct Attribute {
    var nameStart: Int
    var nameEnd: Int
    var valueStart: Int
    var valueEnd: Int
    var hasEntity: Bool
  }
}
