/// A body `PushHandler.validate` accepted.
package struct CheckedPush: Sendable {
  /// Records in it; 0 for a push with nothing in it, answered 200 without keeping it.
  package var records: Int
  /// What importing it needs, read in the same pass (for `PushHandler.store`).
  package var contents: (any Sendable)?

  /// Creates a value from its stored properties.
  package init(records: Int, contents: (any Sendable)? = nil) {
    self.records = records
    self.contents = contents
  }
}
