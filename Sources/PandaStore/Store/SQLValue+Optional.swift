extension SQLValue {
  /// `text`, or NULL for `nil`.
  init(_ text: String?) { self = text.map(SQLValue.text) ?? .null }

  /// `real`, or NULL for `nil`.
  init(_ real: Double?) { self = real.map(SQLValue.real) ?? .null }

  /// `integer`, or NULL for `nil`.
  init(_ integer: Int64?) { self = integer.map(SQLValue.integer) ?? .null }
}
