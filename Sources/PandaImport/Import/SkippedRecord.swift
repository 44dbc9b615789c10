/// A record that could not be read, kept for the import summary.
package struct SkippedRecord: Equatable, Sendable, Codable {
  /// The 1-based line of the record's start tag.
  package var line: Int
  /// What was wrong with it.
  package var reason: String
}
