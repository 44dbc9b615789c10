/// Why a destination cannot be set up or a delivery cannot be built.
package enum DeliveryError: Error, Equatable, CustomStringConvertible {
  /// A webhook secret that is not `whsec_` followed by base64.
  case invalidSecret(reason: String)
  /// An environment variable named by a destination is not set.
  case missingEnvironment(variable: String, destination: Int64)
  /// A destination URL the channel cannot use.
  case invalidURL(String, reason: String)
  /// The mail server did not take the message; `reply` is its last SMTP reply code, if any.
  case sendFailed(reason: String, reply: Int?)
  /// No outbox row or destination with this id.
  case unknownID(String)

  package var description: String {
    switch self {
    case .invalidSecret(let reason):
      "the webhook secret is not usable: \(reason) (expected whsec_ followed by base64 of 24 to 64 bytes)"
    case .missingEnvironment(let variable, let destination):
      "destination \(destination) reads its secret from $\(variable), which is not set in this environment"
    case .invalidURL(let url, let reason): "\(url) cannot be used: \(reason)"
    case .sendFailed(let reason, _): "the mail server did not take the message: \(reason)"
    case .unknownID(let id): "nothing in the outbox or the destinations has the id \(id)"
    }
  }
}
