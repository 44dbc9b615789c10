/// Why the chat-completions provider produced no insight; the job then falls back to the
/// offline analyzer.
package enum ProviderError: Error, Equatable, CustomStringConvertible {
  /// No answer at all: connection refused, timed out, dropped, after every retry.
  case unreachable(String)
  /// The server answered with an error.
  case http(status: Int, message: String)
  /// The model's answers did not hold a valid, grounded insight, even after a repair request.
  case invalidReply([String])
  /// The model refused.
  case refused(String)
  /// The whole exchange took longer than its total time limit (`panda ask --timeout`).
  case outOfTime(seconds: Int)

  package var description: String {
    switch self {
    case .unreachable(let reason): "the provider could not be reached (\(reason))"
    case .http(let status, let message): "the provider answered \(status): \(message)"
    case .invalidReply(let problems):
      "the model's reply was not usable: " + problems.prefix(3).joined(separator: "; ")
    case .refused(let message): "the model refused: \(message)"
    case .outOfTime(let seconds):
      "the model did not finish within \(seconds) s (--timeout); a slow local model may need a longer --timeout"
    }
  }
}
