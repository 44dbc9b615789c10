/// What `panda receive` does with a push's bytes: the parts that know Health Auto Export's
/// format and the database, handed to the server so that it is tested without them.
struct PushHandler: Sendable {
  /// The number of records in a body (0 for a push with nothing in it, answered 200 without
  /// keeping it), or a `PushRefusal` naming what is wrong with it (nothing kept).
  var validate: @Sendable ([UInt8]) throws(PushRefusal) -> Int
  /// Imports the spooled push at `path` (whose bytes are `body` when given, else read from the
  /// file) into the database, whose run lock the caller holds, in one transaction.
  var store: @Sendable (_ path: String, _ body: [UInt8]?) throws -> PushSummary
  /// Whether an error from `store` says the push itself is unusable, so that trying again
  /// cannot help: the push is then moved to `rejected/`.
  var isUnusable: @Sendable (any Error) -> Bool
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
