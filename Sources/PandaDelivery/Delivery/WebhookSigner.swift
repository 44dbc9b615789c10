import Foundation

/// Signs webhook requests the Standard Webhooks way: `webhook-id` (the same on every retry),
/// `webhook-timestamp` (Unix seconds of this attempt) and `webhook-signature: v1,<base64>`,
/// an HMAC-SHA256 over `id.timestamp.body` keyed by the decoded part of a `whsec_` secret.
package struct WebhookSigner: Sendable {
  private let key: [UInt8]

  /// A signer for `secret`, written `whsec_` + base64 (24 to 64 bytes once decoded).
  package init(secret: String) throws(DeliveryError) {
    guard secret.hasPrefix("whsec_") else { throw .invalidSecret(reason: "it does not start with whsec_") }
    guard let decoded = Data(base64Encoded: String(secret.dropFirst("whsec_".count))) else {
      throw .invalidSecret(reason: "the part after whsec_ is not base64")
    }
    guard (24...64).contains(decoded.count) else {
      throw .invalidSecret(reason: "it decodes to \(decoded.count) bytes")
    }
    key = Array(decoded)
  }

  /// A new random secret in the `whsec_` form, 32 bytes long.
  static func newSecret() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    return "whsec_" + Data(bytes).base64EncodedString()
  }

  /// The `v1,<base64>` signature of `body` sent as message `id` at `timestamp`.
  func signature(id: String, timestamp: Int64, body: Data) -> String {
    let signed = Array("\(id).\(timestamp).".utf8) + Array(body)
    return "v1," + Data(HMACSHA256.authenticationCode(for: signed, key: key)).base64EncodedString()
  }

  /// The three Standard Webhooks headers for one attempt.
  func headers(id: String, timestamp: Int64, body: Data) -> [(name: String, value: String)] {
    [
      ("webhook-id", id),
      ("webhook-timestamp", String(timestamp)),
      ("webhook-signature", signature(id: id, timestamp: timestamp, body: body)),
    ]
  }
}
