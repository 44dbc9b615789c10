/// What one import did.
public struct ImportSummary: Equatable, Sendable {
  /// The path the user gave.
  public var file: String
  /// What became of the records read.
  public var counts: ImportCounts
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
  /// The records `removed` or `notRemoved`, by type.
  public var missingByType: [MissingRecords] = []
  /// When the newer export imported before was made, where this one is older: it removed nothing.
  public var newerExportDate: Int64? = nil
  /// The zone days are counted in.
  public var timeZone = ""
  /// How the zone was chosen from the data, when the person named none; `nil` when they did, or
  /// when nothing in the data points to a zone (days are then counted in the machine's zone).
  public var zoneFromData: ZoneInference.Choice? = nil
}

extension ImportSummary: Encodable {
  private enum CodingKeys: String, CodingKey {
    case file, implausibleByType, workouts, activitySummaries, xmlBytes, seconds, dailyValuesSeconds
    case skippedExamples, notImported, exportDate, removed, removedWorkouts, notRemoved, notRemovedShare
    case missingByType, newerExportDate, timeZone, timeZoneFromData
  }

  /// One JSON object: the counts beside the rest.
  public func encode(to encoder: any Encoder) throws {
    try counts.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(file, forKey: .file)
    try container.encode(implausibleByType, forKey: .implausibleByType)
    try container.encode(workouts, forKey: .workouts)
    try container.encode(activitySummaries, forKey: .activitySummaries)
    try container.encode(xmlBytes, forKey: .xmlBytes)
    try container.encode(seconds, forKey: .seconds)
    try container.encode(dailyValuesSeconds, forKey: .dailyValuesSeconds)
    try container.encode(skippedExamples, forKey: .skippedExamples)
    try container.encode(notImported, forKey: .notImported)
    try container.encodeIfPresent(exportDate, forKey: .exportDate)
    try container.encode(removed, forKey: .removed)
    try container.encode(removedWorkouts, forKey: .removedWorkouts)
    try container.encode(notRemoved, forKey: .notRemoved)
    try container.encode(notRemovedShare, forKey: .notRemovedShare)
    try container.encode(missingByType, forKey: .missingByType)
    try container.encodeIfPresent(newerExportDate, forKey: .newerExportDate)
    try container.encode(timeZone, forKey: .timeZone)
    try container.encode(zoneFromData != nil, forKey: .timeZoneFromData)
  }
}
