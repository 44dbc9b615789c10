/// The audit record of one attempt: when, where, the answer, size and time; never the body or
/// a secret.
struct DeliveryAttempt: Sendable, Equatable {
  /// The outbox message.
  var messageID: String
  /// The destination's row id.
  var destinationID: Int64
  /// When the attempt started (Unix seconds).
  var at: Int64
  /// The status the destination answered with, if any.
  var status: Int?
  /// Bytes sent.
  var bytes: Int
  /// Milliseconds the attempt took.
  var durationMilliseconds: Int
  /// `sent`, `retry` or `dead`.
  var outcome: String
  /// Why it failed.
  var error: String?
}
