import PandaCore

/// Builds the JSON Schemas of the tools' arguments and answers.
enum ToolSchema {
  /// An object with `properties`, of which `required` must be given, and no others.
  static func object(_ properties: [(String, JSONValue)], required: [String] = [], description: String? = nil)
    -> JSONValue
  {
    var schema: [String: JSONValue] = [
      "type": .string("object"),
      "properties": .object(Dictionary(uniqueKeysWithValues: properties)),
      "additionalProperties": .bool(false),
    ]
    if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
    if let description { schema["description"] = .string(description) }
    return .object(schema)
  }

  /// A value of JSON type `type` (or types: `["number", "null"]`).
  static func typed(_ types: [String], _ description: String) -> JSONValue {
    .object([
      "type": types.count == 1 ? .string(types[0]) : .array(types.map(JSONValue.string)),
      "description": .string(description),
    ])
  }

  /// A string, optionally from a list.
  static func string(_ description: String, allowed: [String]? = nil) -> JSONValue {
    var schema: [String: JSONValue] = ["type": .string("string"), "description": .string(description)]
    if let allowed { schema["enum"] = .array(allowed.map(JSONValue.string)) }
    return .object(schema)
  }

  /// A `YYYY-MM-DD` date.
  static func date(_ description: String) -> JSONValue {
    .object([
      "type": .string("string"), "description": .string(description),
      "pattern": .string("^[0-9]{4}-[0-9]{2}-[0-9]{2}$"),
    ])
  }

  /// A number.
  static func number(_ description: String, nullable: Bool = false) -> JSONValue {
    typed(nullable ? ["number", "null"] : ["number"], description)
  }

  /// An array of `items`.
  static func array(_ items: JSONValue, _ description: String) -> JSONValue {
    .object(["type": .string("array"), "items": items, "description": .string(description)])
  }

  /// How complete an answer is, which every answer carries.
  static let completeness: [(String, JSONValue)] = [
    ("daysWithData", number("days in the range with a value")),
    ("partialDaysLeftOut", number("partly recorded days left out of the means and totals")),
    (
      "truncated",
      typed(["boolean"], "whether the answer was cut at its size limit; `next` says how to ask for the rest")
    ),
  ]
}
