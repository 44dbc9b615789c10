import Foundation

/// When to try again and when to give up: backoff with jitter of about 1 min, 5 min, 30 min,
/// 2 h, 6 h, 12 h, then daily; dead after `maximumAttempts` or `maximumAge`, at once on an HTTP
/// 4xx other than 408 and 429 (410 also turns the destination off) and on an SMTP 5xx; an SMTP
/// 4xx is retried.
package struct RetryPolicy: Sendable {
  /// What to do with a message after an attempt.
  package enum Decision: Equatable, Sendable {
    /// The destination acknowledged it.
    case sent
    /// Try again no earlier than this time (Unix seconds).
    case retry(at: Int64)
    /// Give up; `disableDestination` after an HTTP 410.
    case dead(reason: String, disableDestination: Bool)
    /// Not sent and not counted: the destination's setup cannot be used here; the message
    /// stays pending, untouched, until `problem` is fixed.
    case notConfigured(problem: String)
  }

  /// Seconds to wait after the 1st, 2nd, … failed attempt; the last repeats.
  var delays: [Int64] = [60, 300, 1_800, 7_200, 21_600, 43_200, 86_400]
  /// Attempts after which a message is dead.
  package var maximumAttempts = 10
  /// Seconds after queueing after which a message is dead.
  package var maximumAge: Int64 = 3 * 86_400
  /// The spread of the jitter: a delay is multiplied by a factor in 1 ± `jitter`.
  var jitter = 0.2

  /// The standard policy.
  package init() {}

  /// The decision after attempt number `attempts` (1-based) of a message queued at `createdAt`;
  /// `random` is a number in 0..<1 that spreads retries of many messages apart.
  func decide(_ result: DeliveryResult, attempts: Int, createdAt: Int64, now: Int64, random: Double)
    -> Decision
  {
    if result.accepted { return .sent }
    if let status = result.status {
      switch result.statusKind {
      case .http:
        if status == 410 { return .dead(reason: "HTTP 410: the destination is gone", disableDestination: true) }
        if (400..<500).contains(status), status != 408, status != 429 {
          return .dead(reason: "HTTP \(status): the destination refused it", disableDestination: false)
        }
      case .smtp:
        // 5xx is permanent: an unknown recipient (550), a refused login (535), a refused sender.
        if (500..<600).contains(status) {
          return .dead(
            reason: "the mail server refused it for good: \(result.reason ?? "SMTP \(status)")",
            disableDestination: false)
        }
      }
    }
    if attempts >= maximumAttempts {
      return .dead(reason: "\(attempts) attempts failed", disableDestination: false)
    }
    if now - createdAt >= maximumAge {
      return .dead(reason: "still failing \(maximumAge / 86_400) days after it was queued", disableDestination: false)
    }
    let base = Double(delays[min(max(attempts, 1), delays.count) - 1])
    let spread = base * (1 + jitter * (2 * min(max(random, 0), 1) - 1))
    let delay = max(Int64(spread.rounded()), result.retryAfter ?? 0)
    return .retry(at: now + delay)
  }

  /// Seconds to wait from a `Retry-After` value: delta seconds or an HTTP date.
  static func parseRetryAfter(_ value: String, now: Int64) -> Int64? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Int64(trimmed) { return max(seconds, 0) }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: trimmed) else { return nil }
    return max(Int64(date.timeIntervalSince1970) - now, 0)
  }
}
