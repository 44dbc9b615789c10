/// The audit record of one attempt: when, where, the answer, size and time; never the body or
/// a secret.
package struct DeliveryAttempt: Sendable, Equatable {
  /// The outbox message.
  package var messageID: String
  /// The destination's row id.
  package var destinationID: Int64
  /// When the attempt started (Unix seconds).
  package var at: Int64
  /// The status the destination answered with, if any.
  package var status: Int?
  /// Bytes sent.
  package var bytes: Int
  /// Milliseconds the attempt took.
  package var durationMilliseconds: Int
  /// `sent`, `retry` or `dead`.
  package var outcome: String
  /// Why it failed.
  package var error: String?
}
