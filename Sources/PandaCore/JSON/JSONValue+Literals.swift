extension JSONValue: ExpressibleByStringLiteral {
  /// A string written as a literal: `"activity.steps"` for `.string("activity.steps")`.
  package init(stringLiteral value: String) {
    self = .string(value)
  }
}
