import PandaCore
import PandaStore

/// What one import did.
package struct ImportSummary: Equatable, Sendable {
  /// The path the user gave.
  package var file: String
  /// What became of the records read.
  package var counts: ImportCounts
  /// `implausible` by type (`HeartRate`).
  package var implausibleByType: [String: Int]
  /// Workouts that were new.
  package var workouts: Int
  /// Activity summaries that were new or had changed.
  package var activitySummaries: Int
  /// Bytes of export XML read (more than the file's size when it is a zip).
  package var xmlBytes: Int64
  /// Wall time of the import.
  package var seconds: Double
  /// The part of `seconds` spent computing daily values after the export was read (most are
  /// computed while it is still being read).
  var dailyValuesSeconds: Double
  /// The first few skipped records with their line numbers.
  package var skippedExamples: [SkippedRecord]
  /// Top-level elements that panda does not store, by name (`ClinicalRecord`, `Audiogram`…).
  package var notImported: [String: Int]
  /// When the export was made (its `ExportDate`).
  package var exportDate: Int64? = nil
  /// Stored export records this newer export lacks within the time it covers (deleted on the
  /// phone), removed.
  package var removed = 0
  /// Stored workouts this newer export lacks, removed.
  package var removedWorkouts = 0
  /// Stored export records this export lacks that were kept: so many that they look like another
  /// phone's export or a cut-down file, and removing them was not confirmed.
  package var notRemoved = 0
  /// `notRemoved` as a share of the stored export records.
  package var notRemovedShare = 0.0
  /// The records `removed` or `notRemoved`, by type.
  package var missingByType: [MissingRecords] = []
  /// When the newer export imported before was made, where this one is older: it removed nothing.
  package var newerExportDate: Int64? = nil
  /// The zone days are counted in.
  package var timeZone = ""
  /// How the zone was chosen from the data, when the person named none; `nil` when they did, or
  /// when nothing in the data points to a zone (days are then counted in the machine's zone).
  package var zoneFromData: ZoneInference.Choice? = nil

  /// Creates a value from its stored properties.
  init(
    file: String, counts: ImportCounts, implausibleByType: [String: Int], workouts: Int, activitySummaries: Int,
    xmlBytes: Int64, seconds: Double, dailyValuesSeconds: Double, skippedExamples: [SkippedRecord],
    notImported: [String: Int], exportDate: Int64? = nil, removed: Int = 0, removedWorkouts: Int = 0,
    notRemoved: Int = 0, notRemovedShare: Double = 0.0, missingByType: [MissingRecords] = [],
    newerExportDate: Int64? = nil, timeZone: String = "", zoneFromData: ZoneInference.Choice? = nil
  ) {
    self.file = file
    self.counts = counts
    self.implausibleByType = implausibleByType
    self.workouts = workouts
    self.activitySummaries = activitySummaries
    self.xmlBytes = xmlBytes
    self.seconds = seconds
    self.dailyValuesSeconds = dailyValuesSeconds
    self.skippedExamples = skippedExamples
    self.notImported = notImported
    self.exportDate = exportDate
    self.removed = removed
    self.removedWorkouts = removedWorkouts
    self.notRemoved = notRemoved
    self.notRemovedShare = notRemovedShare
    self.missingByType = missingByType
    self.newerExportDate = newerExportDate
    self.timeZone = timeZone
    self.zoneFromData = zoneFromData
  }
}

extension ImportSummary: Encodable {
  private enum CodingKeys: String, CodingKey {
    case file, implausibleByType, workouts, activitySummaries, xmlBytes, seconds, dailyValuesSeconds
    case skippedExamples, notImported, exportDate, removed, removedWorkouts, notRemoved, notRemovedShare
    case missingByType, newerExportDate, timeZone, timeZoneFromData
  }

  /// One JSON object: the counts beside the rest.
  package func encode(to encoder: any Encoder) throws {
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
