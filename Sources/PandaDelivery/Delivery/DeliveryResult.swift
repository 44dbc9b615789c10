import PandaCore

/// What one attempt to deliver produced.
package struct DeliveryResult: Sendable, Equatable {
  /// What a status number is: HTTP and SMTP give the same numbers different meanings.
  enum StatusKind: Sendable, Equatable {
    /// An HTTP status: 4xx is final (except 408 and 429), 5xx is worth a retry.
    case http
    /// An SMTP reply code: 5xx is final, 4xx is worth a retry.
    case smtp
  }

  /// The HTTP status (or SMTP reply code) when the other side answered.
  package var status: Int?
  /// What `status` is.
  var statusKind: StatusKind
  /// Whether the destination acknowledged the message.
  package var accepted: Bool
  /// Seconds the destination asked us to wait (`Retry-After`).
  var retryAfter: Int64?
  /// Bytes sent.
  var bytes: Int
  /// Why it failed, without URLs, secrets or bodies.
  package var reason: String?
  /// Set when nothing was sent because the destination's setup cannot be used here (a missing
  /// variable, an unusable secret): not an attempt, the message waits until it is fixed.
  var configurationProblem: String?

  /// A result as observed.
  init(
    status: Int?, statusKind: StatusKind = .http, accepted: Bool, retryAfter: Int64? = nil, bytes: Int,
    reason: String? = nil, configurationProblem: String? = nil
  ) {
    self.status = status
    self.statusKind = statusKind
    self.accepted = accepted
    self.retryAfter = retryAfter
    self.bytes = bytes
    self.reason = reason
    self.configurationProblem = configurationProblem
  }

  /// The result of an HTTP exchange: accepted on 2xx.
  static func http(_ response: HTTPResponse, bytes: Int, now: Int64) -> DeliveryResult {
    let accepted = (200..<300).contains(response.status)
    return DeliveryResult(
      status: response.status, accepted: accepted,
      retryAfter: response.headers["retry-after"].flatMap { RetryPolicy.parseRetryAfter($0, now: now) },
      bytes: bytes, reason: accepted ? nil : "HTTP \(response.status)")
  }

  /// The result of an exchange that got no answer.
  static func failure(_ error: any Error, bytes: Int) -> DeliveryResult {
    let reason: String
    switch error {
    case DeliveryError.missingEnvironment(let variable, _):
      return notConfigured("reads its secret from $\(variable), which is not set where panda runs; set it")
    case DeliveryError.invalidSecret(let why):
      return notConfigured(
        "has a secret that is not usable: \(why) (expected whsec_ followed by base64 of 24 to 64 bytes); fix it")
    case HTTPError.timedOut(_, let milliseconds): reason = "no answer within \(milliseconds) ms"
    case HTTPError.connectionFailed(_, let why): reason = "cannot connect: \(why)"
    case HTTPError.cancelled: reason = "cancelled"
    case HTTPError.invalidRequest(let why): reason = why
    default: reason = "\(error)"
    }
    return DeliveryResult(status: nil, accepted: false, bytes: bytes, reason: reason)
  }

  /// Nothing was sent because of `problem`, which says what to set or fix.
  private static func notConfigured(_ problem: String) -> DeliveryResult {
    DeliveryResult(status: nil, accepted: false, bytes: 0, reason: problem, configurationProblem: problem)
  }
}
