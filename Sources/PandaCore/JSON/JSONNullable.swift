/// An optional property written as `null` when absent, where a synthesized `Encodable` would
/// leave its key out: for documents whose readers look for every key.
@propertyWrapper
package struct JSONNullable<Value: Encodable & Sendable>: Encodable, Sendable {
  /// The value, `nil` for `null`.
  package var wrappedValue: Value?

  /// Wraps `wrappedValue`.
  package init(wrappedValue: Value?) {
    self.wrappedValue = wrappedValue
  }

  /// The value, or `null`.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let wrappedValue {
      try container.encode(wrappedValue)
    } else {
      try container.encodeNil()
    }
  }
}
