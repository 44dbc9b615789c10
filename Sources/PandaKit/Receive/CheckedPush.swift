/// A body `PushHandler.validate` accepted.
struct CheckedPush: Sendable {
  /// Records in it; 0 for a push with nothing in it, answered 200 without keeping it.
  var records: Int
  /// What importing it needs, read in the same pass (for `PushHandler.store`).
  var contents: (any Sendable)?
}
