/// The token a push must present as `Authorization: Bearer <token>`. Compared in constant time,
/// so that how long a refusal takes says nothing about how much of a guess was right. Never
/// printed.
package struct BearerToken: Sendable, CustomStringConvertible {
  private let bytes: [UInt8]

  /// The shortest token accepted: 16 bytes, so that it cannot be guessed by trying.
  package static let minimumLength = 16

  /// Whether the token is long enough to be used.
  package var isLongEnough: Bool { bytes.count >= Self.minimumLength }

  /// The token `value`, or `nil` when it is empty (or only spaces).
  package init?(_ value: String) {
    let trimmed = Array(value.utf8.drop { $0 == 32 }.reversed().drop { $0 == 32 }.reversed())
    guard !trimmed.isEmpty else { return nil }
    bytes = trimmed
  }

  /// Whether `authorization` (the header's value) is `Bearer` (any case) and this token.
  func accepts(_ authorization: String?) -> Bool {
    guard let authorization else { return false }
    let header = Array(authorization.utf8)
    let scheme = Array("bearer".utf8)
    guard header.count > scheme.count, header[scheme.count] == 32,
      zip(header, scheme).allSatisfy({ $0 | 0x20 == $1 })
    else { return false }
    let presented = Array(header[(scheme.count + 1)...].drop { $0 == 32 }.reversed().drop { $0 == 32 }.reversed())
    // Every byte of the token is compared, whatever was presented, so the time taken is the same.
    var difference: UInt8 = presented.count == bytes.count ? 0 : 1
    for index in bytes.indices {
      difference |= bytes[index] ^ (index < presented.count ? presented[index] : 0)
    }
    return difference == 0
  }

  /// Never the token itself.
  package var description: String { "(token, \(bytes.count) bytes)" }
}
