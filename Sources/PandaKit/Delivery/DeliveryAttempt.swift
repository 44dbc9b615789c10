/// The audit record of one attempt: when, where, the answer, size and time; never the body or
/// a secret.
public struct DeliveryAttempt: Sendable, Equatable {
  /// The outbox message.
  public var messageID: String
  /// The destination's row id.
  public var destinationID: Int64
  /// When the attempt started (Unix seconds).
  public var at: Int64
  /// The status the destination answered with, if any.
  public var status: Int?
  /// Bytes sent.
  public var bytes: Int
  /// Milliseconds the attempt took.
  public var durationMilliseconds: Int
  /// `sent`, `retry` or `dead`.
  public var outcome: String
  /// Why it failed.
  public var error: String?
}
