/// What one import did.
public struct ImportSummary: Equatable, Sendable, Codable {
  /// The path the user gave.
  public var file: String
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
  /// Readings no body produces (a heart rate of 900; see `ReadingLimits`): not data, so not
  /// stored. With `inserted`, `duplicates`, `skipped` and `outOfRange` they add up to `records`.
  public var implausible: Int
  /// `implausible` by type (`HeartRate`).
  public var implausibleByType: [String: Int]
  /// Workouts that were new.
  public var workouts: Int
  /// Activity summaries that were new or had changed.
  public var activitySummaries: Int
  /// Bytes of export XML read (more than the file's size when it is a zip).
  public var xmlBytes: Int64
  /// Wall time of the import.
  public var seconds: Double
  /// The part of `seconds` spent computing daily values after the export was read (most are
  /// computed while it is still being read).
  public var dailyValuesSeconds: Double
  /// The first few skipped records with their line numbers.
  public var skippedExamples: [SkippedRecord]
  /// Top-level elements that panda does not store, by name (`ClinicalRecord`, `Audiogram`…).
  public var notImported: [String: Int]
  /// When the export was made (its `ExportDate`).
  public var exportDate: Int64? = nil
  /// Stored export records this newer export lacks within the time it covers (deleted on the
  /// phone), removed.
  public var removed = 0
  /// Stored workouts this newer export lacks, removed.
  public var removedWorkouts = 0
  /// Stored export records this export lacks that were kept: so many that they look like another
  /// phone's export or a cut-down file, and removing them was not confirmed.
  public var notRemoved = 0
  /// `notRemoved` as a share of the stored export records.
  public var notRemovedShare = 0.0
  /// When the newer export imported before was made, where this one is older: it removed nothing.
  public var newerExportDate: Int64? = nil
}

/// How far an import has come, for progress displays.
public struct ImportProgress: Sendable {
  /// Bytes of the input file read so far.
  public var bytesRead: Int64
  /// The input file's size.
  public var totalBytes: Int64
  /// Items read so far: records, workouts, activity summaries, correlations.
  public var records: Int
  /// Seconds since the import started.
  public var elapsed: Double
}
