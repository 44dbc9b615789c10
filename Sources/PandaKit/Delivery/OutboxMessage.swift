/// One queued delivery: a payload for one destination, with its stable id and progress.
public struct OutboxMessage: Sendable, Equatable {
  /// Where a message is in its life.
  public enum State: String, Sendable, Codable {
    /// Waiting for `nextAttemptAt`.
    case pending
    /// Claimed by a sender that has not recorded the outcome yet.
    case sending
    /// Acknowledged by the destination.
    case sent
    /// Given up on; `panda outbox retry` puts it back.
    case dead
  }

  /// The stable id, sent as `webhook-id` on every attempt.
  public var id: String
  /// The destination's row id.
  public var destinationID: Int64
  /// The JSON document delivered (a `DeliveryPayload`).
  public var payload: String
  /// When the message was queued (Unix seconds).
  public var createdAt: Int64
  /// When the next attempt may start.
  public var nextAttemptAt: Int64
  /// Attempts made so far.
  public var attempts: Int
  /// The state.
  public var state: State
  /// The HTTP status (or SMTP reply) of the last attempt, if it got one.
  public var lastStatus: Int?
  /// Why the last attempt failed.
  public var lastError: String?
  /// When the destination acknowledged it.
  public var sentAt: Int64?
  /// When `panda outbox retry` last put it back in line.
  public var retriedAt: Int64? = nil
  /// The attempts made before that.
  public var attemptsBeforeRetry = 0

  /// When the current schedule began: when the message was queued, or last retried by hand.
  public var scheduleStart: Int64 { retriedAt ?? createdAt }
  /// The attempts made in the current schedule.
  public var scheduledAttempts: Int { attempts - attemptsBeforeRetry }
}
