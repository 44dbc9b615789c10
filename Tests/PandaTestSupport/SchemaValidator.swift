import Foundation

@testable import PandaCore

/// The subset of JSON Schema (draft 2020-12) that panda's tool schemas use, checked the way a
/// validating client checks it: `type` (one or a list, `integer` a whole number), `enum`,
/// `pattern`, `minimum`, `maximum`, `properties`, `required`, `additionalProperties` (false or a
/// schema), `items`, `minItems`, `maxItems`, `anyOf`. A keyword outside the subset is itself a
/// problem, so a schema cannot pass by using what the check ignores.
enum SchemaValidator {
  /// Keywords that only describe.
  private static let annotations: Set<String> = ["description", "title", "$schema", "examples", "default"]
  private static let checked: Set<String> = [
    "type", "enum", "pattern", "minimum", "maximum", "properties", "required", "additionalProperties", "items",
    "minItems", "maxItems", "anyOf",
  ]

  /// Every way `value` breaks `schema`, each naming where (`$.days[3].value`); empty when it conforms.
  static func problems(_ value: JSONValue, against schema: JSONValue, at path: String = "$") -> [String] {
    guard case .object(let keywords) = schema else {
      if schema == .bool(true) { return [] }
      return ["\(path): the schema is not an object"]
    }
    var problems: [String] = []
    for keyword in keywords.keys.sorted() where !checked.contains(keyword) && !annotations.contains(keyword) {
      problems.append("\(path): the schema uses \(keyword), which this check does not know")
    }
    if let type = keywords["type"] {
      let types = type.arrayValue?.compactMap(\.stringValue) ?? type.stringValue.map { [$0] } ?? []
      if !types.contains(where: { matches(value, type: $0) }) {
        problems.append("\(path): \(describe(value)) is not of type \(types.joined(separator: " or "))")
        return problems
      }
    }
    if let allowed = keywords["enum"]?.arrayValue, !allowed.contains(value) {
      problems.append("\(path): \(describe(value)) is not one of \(JSONValue.array(allowed).text)")
    }
    if let pattern = keywords["pattern"]?.stringValue, case .string(let text) = value {
      let matched = text.range(of: pattern, options: .regularExpression) != nil
      if !matched { problems.append("\(path): \"\(text)\" does not match \(pattern)") }
    }
    if case .number(let number) = value {
      if let minimum = keywords["minimum"]?.numberValue, number < minimum {
        problems.append("\(path): \(number) is below the minimum \(minimum)")
      }
      if let maximum = keywords["maximum"]?.numberValue, number > maximum {
        problems.append("\(path): \(number) is above the maximum \(maximum)")
      }
    }
    if let options = keywords["anyOf"]?.arrayValue,
      !options.contains(where: { Self.problems(value, against: $0, at: path).isEmpty })
    {
      problems.append("\(path): \(describe(value)) matches none of anyOf")
    }
    if case .object(let members) = value {
      let properties: [String: JSONValue]
      if case .object(let declared)? = keywords["properties"] { properties = declared } else { properties = [:] }
      for name in keywords["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[name] == nil {
        problems.append("\(path): \(name) is required but missing")
      }
      for (name, member) in members.sorted(by: { $0.key < $1.key }) {
        if let property = properties[name] {
          problems += Self.problems(member, against: property, at: "\(path).\(name)")
        } else if let additional = keywords["additionalProperties"] {
          if additional == .bool(false) {
            problems.append("\(path): \(name) is not allowed (additionalProperties is false)")
          } else if additional != .bool(true) {
            problems += Self.problems(member, against: additional, at: "\(path).\(name)")
          }
        }
      }
    }
    if case .array(let items) = value {
      if let minimum = keywords["minItems"]?.numberValue, Double(items.count) < minimum {
        problems.append("\(path): \(items.count) items, fewer than \(Int(minimum))")
      }
      if let maximum = keywords["maxItems"]?.numberValue, Double(items.count) > maximum {
        problems.append("\(path): \(items.count) items, more than \(Int(maximum))")
      }
      if let itemSchema = keywords["items"] {
        for (index, item) in items.enumerated() {
          problems += Self.problems(item, against: itemSchema, at: "\(path)[\(index)]")
        }
      }
    }
    return problems
  }

  private static func matches(_ value: JSONValue, type: String) -> Bool {
    switch (type, value) {
    case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
      ("number", .number):
      return true
    case ("integer", .number(let number)):
      return number.rounded() == number
    default:
      return false
    }
  }

  private static func describe(_ value: JSONValue) -> String {
    let text = value.text
    return text.count > 60 ? String(text.prefix(57)) + "..." : text
  }
}
