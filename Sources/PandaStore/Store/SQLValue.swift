/// A value SQLite stores.
package enum SQLValue: Equatable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
}

extension SQLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
  package init(stringLiteral value: String) { self = .text(value) }
  package init(integerLiteral value: Int64) { self = .integer(value) }
}
