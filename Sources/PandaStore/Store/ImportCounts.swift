/// What an import did with the records it read, as the imports table keeps it: `inserted`,
/// `duplicates`, `skipped`, `outOfRange` and `implausible` add up to `records`.
///
/// In JSON the counts stand beside the fields of the report that holds them
/// (`{"file": …, "records": …, "inserted": …}`), so a holder encodes them into its own object.
package struct ImportCounts: Codable, Equatable, Sendable {
  /// `Record` elements read (records inside a correlation are not counted again).
  package var records: Int
  /// Samples that were new to the database.
  package var inserted: Int
  /// Samples that were already stored.
  package var duplicates: Int
  /// Records and items that could not be read.
  package var skipped: Int
  /// Records dated after the export was made or before 2000: not data, so not stored.
  package var outOfRange: Int
  /// Readings no body produces (a heart rate of 900; see `ReadingLimits` in Import): not data, so
  /// not stored.
  package var implausible: Int

  /// Creates a value from its stored properties.
  package init(records: Int, inserted: Int, duplicates: Int, skipped: Int, outOfRange: Int, implausible: Int) {
    self.records = records
    self.inserted = inserted
    self.duplicates = duplicates
    self.skipped = skipped
    self.outOfRange = outOfRange
    self.implausible = implausible
  }
}
