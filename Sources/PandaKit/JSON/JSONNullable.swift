/// An optional property written as `null` when absent, where a synthesized `Encodable` would
/// leave its key out: for documents whose readers look for every key.
@propertyWrapper
struct JSONNullable<Value: Encodable & Sendable>: Encodable, Sendable {
  /// The value, `nil` for `null`.
  var wrappedValue: Value?

  /// Wraps `wrappedValue`.
  init(wrappedValue: Value?) {
    self.wrappedValue = wrappedValue
  }

  /// The value, or `null`.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let wrappedValue {
      try container.encode(wrappedValue)
    } else {
      try container.encodeNil()
    }
  }
}
