/// What `panda receive` does with a push's bytes: the parts that know Health Auto Export's
/// format and the database, handed to the server so that it is tested without them.
struct PushHandler: Sendable {
  /// Reads a body once: how many records it holds and what importing it needs, or a
  /// `PushRefusal` naming what is wrong with it (nothing kept).
  var validate: @Sendable ([UInt8]) throws(PushRefusal) -> CheckedPush
  /// Imports the spooled push at `path` (from `contents`, what `validate` kept, when given, else
  /// read from the file) into the database, whose run lock the caller holds, in one transaction.
  var store: @Sendable (_ path: String, _ contents: (any Sendable)?) throws -> PushSummary
  /// Whether an error from `store` says the push itself is unusable, so that trying again
  /// cannot help: the push is then moved to `rejected/`.
  var isUnusable: @Sendable (any Error) -> Bool
}

/// A body `PushHandler.validate` accepted.
struct CheckedPush: Sendable {
  /// Records in it; 0 for a push with nothing in it, answered 200 without keeping it.
  var records: Int
  /// What importing it needs, read in the same pass (for `PushHandler.store`).
  var contents: (any Sendable)?
}

/// Why a body is not a push panda can store: the sentence answered to the client (naming the
/// byte), and a shorter note for the log that quotes nothing of the body.
struct PushRefusal: Error, Sendable, Equatable, CustomStringConvertible {
  /// 400 for a body that is not JSON, cut off or not the app's; 422 for one that holds nothing
  /// panda can use.
  var status: Int
  /// For the client: what is wrong and where.
  var message: String
  /// For the log: the kind of problem and its byte offset, no content.
  var note: String

  /// The message for the client.
  var description: String { message }
}
