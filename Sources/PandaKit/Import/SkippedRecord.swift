/// A record that could not be read, kept for the import summary.
public struct SkippedRecord: Equatable, Sendable, Codable {
  /// The 1-based line of the record's start tag.
  public var line: Int
  /// What was wrong with it.
  public var reason: String
}
