/// A value SQLite stores.
public enum SQLValue: Equatable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
}

extension SQLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
  public init(stringLiteral value: String) { self = .text(value) }
  public init(integerLiteral value: Int64) { self = .integer(value) }
}
