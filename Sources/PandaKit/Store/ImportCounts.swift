/// What an import did with the records it read, as the imports table keeps it: `inserted`,
/// `duplicates`, `skipped`, `outOfRange` and `implausible` add up to `records`.
///
/// In JSON the counts stand beside the fields of the report that holds them
/// (`{"file": …, "records": …, "inserted": …}`), so a holder encodes them into its own object.
public struct ImportCounts: Codable, Equatable, Sendable {
  /// `Record` elements read (records inside a correlation are not counted again).
  public var records: Int
  /// Samples that were new to the database.
  public var inserted: Int
  /// Samples that were already stored.
  public var duplicates: Int
  /// Records and items that could not be read.
  public var skipped: Int
  /// Records dated after the export was made or before 2000: not data, so not stored.
  public var outOfRange: Int
  /// Readings no body produces (a heart rate of 900; see `ReadingLimits` in Import): not data, so
  /// not stored.
  public var implausible: Int
}
