/// The small part of JSON Schema panda needs: objects with required properties and no others,
/// arrays, strings (optionally from a list), numbers. It validates replies strictly and writes
/// itself out for `response_format`.
package indirect enum JSONSchema: Sendable {
  case object(properties: [(name: String, schema: JSONSchema)])
  case array(items: JSONSchema)
  case string(allowed: [String]? = nil)
  case number
  case bool

  /// Problems with `value`, each naming where it is (`metrics[2].assessment`); empty when valid.
  package func problems(in value: JSONValue, at path: String = "reply") -> [String] {
    switch self {
    case .object(let properties):
      guard case .object(let object) = value else { return ["\(path) should be an object"] }
      var problems: [String] = []
      for (name, schema) in properties {
        if let property = object[name] {
          problems += schema.problems(in: property, at: "\(path).\(name)")
        } else {
          problems.append("\(path).\(name) is missing")
        }
      }
      let known = Set(properties.map(\.name))
      for name in object.keys.sorted() where !known.contains(name) {
        problems.append("\(path).\(name) is not allowed")
      }
      return problems
    case .array(let items):
      guard case .array(let array) = value else { return ["\(path) should be an array"] }
      return array.enumerated().flatMap { index, item in items.problems(in: item, at: "\(path)[\(index)]") }
    case .string(let allowed):
      guard case .string(let string) = value else { return ["\(path) should be a string"] }
      if let allowed, !allowed.contains(string) {
        return ["\(path) should be one of \(allowed.joined(separator: ", ")), not \"\(string)\""]
      }
      return []
    case .number:
      guard case .number = value else { return ["\(path) should be a number"] }
      return []
    case .bool:
      guard case .bool = value else { return ["\(path) should be true or false"] }
      return []
    }
  }

  /// The schema as JSON Schema, in the strict form OpenAI's `json_schema` mode requires
  /// (every property required, no additional properties).
  package var json: JSONValue {
    switch self {
    case .object(let properties):
      return .object([
        "type": .string("object"),
        "properties": .object(Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0.schema.json) })),
        "required": .array(properties.map { .string($0.name) }),
        "additionalProperties": .bool(false),
      ])
    case .array(let items):
      return .object(["type": .string("array"), "items": items.json])
    case .string(let allowed):
      guard let allowed else { return .object(["type": .string("string")]) }
      return .object(["type": .string("string"), "enum": .array(allowed.map(JSONValue.string))])
    case .number:
      return .object(["type": .string("number")])
    case .bool:
      return .object(["type": .string("boolean")])
    }
  }
}
