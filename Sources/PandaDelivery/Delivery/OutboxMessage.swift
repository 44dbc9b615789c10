/// One queued delivery: a payload for one destination, with its stable id and progress.
package struct OutboxMessage: Sendable, Equatable {
  /// Where a message is in its life.
  package enum State: String, Sendable, Codable {
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
  package var id: String
  /// The destination's row id.
  package var destinationID: Int64
  /// The JSON document delivered (a `DeliveryPayload`).
  var payload: String
  /// When the message was queued (Unix seconds).
  package var createdAt: Int64
  /// When the next attempt may start.
  package var nextAttemptAt: Int64
  /// Attempts made so far.
  package var attempts: Int
  /// The state.
  package var state: State
  /// The HTTP status (or SMTP reply) of the last attempt, if it got one.
  package var lastStatus: Int?
  /// Why the last attempt failed.
  package var lastError: String?
  /// When the destination acknowledged it.
  package var sentAt: Int64?
  /// When `panda outbox retry` last put it back in line.
  package var retriedAt: Int64? = nil
  /// The attempts made before that.
  var attemptsBeforeRetry = 0

  /// When the current schedule began: when the message was queued, or last retried by hand.
  var scheduleStart: Int64 { retriedAt ?? createdAt }
  /// The attempts made in the current schedule.
  var scheduledAttempts: Int { attempts - attemptsBeforeRetry }

  /// Creates a value from its stored properties.
  package init(
    id: String, destinationID: Int64, payload: String, createdAt: Int64, nextAttemptAt: Int64, attempts: Int,
    state: State, lastStatus: Int? = nil, lastError: String? = nil, sentAt: Int64? = nil, retriedAt: Int64? = nil,
    attemptsBeforeRetry: Int = 0
  ) {
    self.id = id
    self.destinationID = destinationID
    self.payload = payload
    self.createdAt = createdAt
    self.nextAttemptAt = nextAttemptAt
    self.attempts = attempts
    self.state = state
    self.lastStatus = lastStatus
    self.lastError = lastError
    self.sentAt = sentAt
    self.retriedAt = retriedAt
    self.attemptsBeforeRetry = attemptsBeforeRetry
  }
}
