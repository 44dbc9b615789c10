/// A body `PushHandler.validate` accepted, with what its check read, of the type the handler
/// stores from.
package struct CheckedPush<Contents: Sendable>: Sendable {
  /// Records in it; 0 for a push with nothing in it, answered 200 without keeping it.
  var records: Int
  /// What importing it needs, read in the same pass (for `PushHandler.store`).
  var contents: Contents?

  /// Creates a value from its stored properties.
  package init(records: Int, contents: Contents? = nil) {
    self.records = records
    self.contents = contents
  }
}
