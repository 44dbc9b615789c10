/// What storing a row that may be there already did.
package enum UpsertOutcome: Sendable, Equatable {
  /// The row was new.
  case inserted
  /// The row was there with other values, which it now has.
  case updated
  /// The row was there as it is, or a later one holds its place.
  case unchanged
}
