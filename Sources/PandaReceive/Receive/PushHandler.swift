/// What `panda receive` does with a push's bytes: the parts that know Health Auto Export's
/// format and the database, handed to the server so that it is tested without them. `Contents`
/// is what a check reads of a push and an import stores from (for panda, the parsed document).
package struct PushHandler<Contents: Sendable>: Sendable {
  /// Reads a body once: how many records it holds and what importing it needs, or a
  /// `PushRefusal` naming what is wrong with it (nothing kept).
  var validate: @Sendable ([UInt8]) throws(PushRefusal) -> CheckedPush<Contents>
  /// Imports the spooled push at `path` (from `contents`, what `validate` kept, when given, else
  /// read from the file) into the database, whose run lock the caller holds, in one transaction.
  package var store: @Sendable (_ path: String, _ contents: Contents?) throws -> PushSummary
  /// Whether an error from `store` says the push itself is unusable, so that trying again
  /// cannot help: the push is then moved to `rejected/`.
  package var isUnusable: @Sendable (any Error) -> Bool

  /// Creates a value from its stored properties.
  package init(
    validate: @escaping @Sendable ([UInt8]) throws(PushRefusal) -> CheckedPush<Contents>,
    store: @escaping @Sendable (_ path: String, _ contents: Contents?) throws -> PushSummary,
    isUnusable: @escaping @Sendable (any Error) -> Bool
  ) {
    self.validate = validate
    self.store = store
    self.isUnusable = isUnusable
  }
}
