/// A `JSONValue` written by `JSONEncoder`.
package struct JSONFragment: Encodable {
  package let value: JSONValue

  /// The fragment writing `value`.
  package init(_ value: JSONValue) {
    self.value = value
  }

  package func encode(to encoder: any Encoder) throws {
    switch value {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let flag):
      var container = encoder.singleValueContainer()
      try container.encode(flag)
    case .number(let number):
      var container = encoder.singleValueContainer()
      try container.encode(number)
    case .string(let text):
      var container = encoder.singleValueContainer()
      try container.encode(text)
    case .array(let items):
      var container = encoder.unkeyedContainer()
      for item in items { try container.encode(JSONFragment(item)) }
    case .object(let members):
      var container = encoder.container(keyedBy: MemberKey.self)
      for (key, member) in members { try container.encode(JSONFragment(member), forKey: MemberKey(key)) }
    }
  }

  private struct MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
