/// Why an exchange produced no response.
package enum HTTPError: Error, Equatable, CustomStringConvertible {
  case timedOut(url: String, milliseconds: Int)
  /// Nothing arrived for `milliseconds`.
  case idle(url: String, milliseconds: Int)
  case connectionFailed(url: String, reason: String)
  case cancelled
  case invalidRequest(reason: String)

  /// Whether the server took too long: in all, or between bytes.
  package var isTimeout: Bool {
    switch self {
    case .timedOut, .idle: true
    default: false
    }
  }

  package var description: String {
    switch self {
    case .timedOut(let url, let milliseconds): "\(url) did not answer within \(milliseconds) ms"
    case .idle(let url, let milliseconds): "\(url) sent nothing for \(milliseconds) ms"
    case .connectionFailed(let url, let reason): "cannot reach \(url): \(reason)"
    case .cancelled: "the request was cancelled"
    case .invalidRequest(let reason): "invalid request: \(reason)"
    }
  }
}
