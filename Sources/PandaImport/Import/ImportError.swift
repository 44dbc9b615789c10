import Foundation

/// Why an import could not run to the end. Nothing is committed when one of these is thrown.
package enum ImportError: Error, Equatable, CustomStringConvertible {
  case missingFile(path: String)
  case unreadable(path: String, reason: String)
  /// A named pipe, device or socket: it may never end, and cannot be read twice.
  case notAFile(path: String, kind: String)
  case notAnExport(path: String, reason: String)
  case truncatedArchive(path: String, offset: Int64)
  case corruptArchive(path: String, offset: Int64, reason: String)
  case unsupportedArchive(path: String, reason: String)
  case truncatedXML(path: String, offset: Int64, line: Int)
  case malformedXML(path: String, offset: Int64, line: Int, reason: String)
  case interrupted
  /// Every record was skipped: the first skipped record's line and reason say why.
  case nothingReadable(path: String, records: Int, line: Int, reason: String)
  /// A newer export lacks more of the stored records than deletions on the phone explain (more
  /// than 5 % of them, or every record of a type): another phone's export, another history or a
  /// cut-down file. Nothing from it is stored without `--replace` or `--add`.
  case untrusted(path: String, exportDate: Int64?, missing: Int, share: Double, byType: [MissingRecords])
  /// An export older than one imported before holds records the newer one no longer has: they
  /// were deleted since. Nothing from it is stored without `--add`.
  case olderReAdds(path: String, exportDate: Int64?, newerExportDate: Int64, records: Int, workouts: Int)

  package var description: String {
    switch self {
    case .missingFile(let path):
      "\(path): no such file or folder. Export it from the Health app (profile picture → Export All Health Data) and pass the path of export.zip."
    case .unreadable(let path, let reason):
      "\(path): cannot be read (\(reason))."
    case .notAFile(let path, let kind):
      "\(path) is \(kind), not a file. Save the export to a file (export.zip or export.xml) and import that."
    case .notAnExport(let path, let reason):
      "\(path) is not an Apple Health export: \(reason). Pass export.zip, the export.xml inside it, or the unpacked apple_health_export folder."
    case .truncatedArchive(let path, let offset):
      "\(path) is an incomplete ZIP archive: it ends at byte \(offset) before its directory. Copy the export again; nothing from it was imported."
    case .corruptArchive(let path, let offset, let reason):
      "\(path) is damaged at byte \(offset) (\(reason)). Copy the export again; nothing from it was imported."
    case .unsupportedArchive(let path, let reason):
      "\(path) uses a ZIP feature panda cannot read (\(reason)). Unzip it and import the export.xml inside; nothing from it was imported."
    case .truncatedXML(let path, let offset, let line):
      "\(path) ends in the middle of the export at byte \(offset) (line \(line)): the file is incomplete. Export or copy it again; nothing from it was imported."
    case .malformedXML(let path, let offset, let line, let reason):
      "\(path) cannot be read at byte \(offset) (line \(line)): \(reason). Nothing from it was imported."
    case .interrupted:
      "import interrupted; nothing from the file being imported was stored."
    case .nothingReadable(let path, let records, let line, let reason):
      "\(path): none of its \(records) records could be read (line \(line): \(reason)). Nothing from it was imported; the export may be in a format panda does not know."
    case .untrusted(let path, _, let missing, let share, let byType):
      "\(path) lacks \(missing.counted("stored record", "stored records")) (\(Self.percent(share)) of all; "
        + "\(MissingRecords.phrase(byType))): it looks like another phone's export, another history or a cut-down "
        + "file, so nothing from it was imported. Import it again with --replace to take it as the truth and remove "
        + "what it lacks, or with --add to add its records alongside and remove nothing."
    case .olderReAdds(let path, let exportDate, let newer, let records, let workouts):
      "\(path) is older than an export imported before (made \(exportDate.map(Self.utc) ?? "earlier") against "
        + "\(Self.utc(newer))) and holds \(Self.things(records, workouts)) that the newer one no longer has: "
        + "deleted since, so nothing from it was imported. Import it again with --add to add them back."
    }
  }

  /// "3 records and 1 workout".
  private static func things(_ records: Int, _ workouts: Int) -> String {
    var parts: [String] = []
    if records > 0 { parts.append(records.counted("record", "records")) }
    if workouts > 0 { parts.append(workouts.counted("workout", "workouts")) }
    return parts.joined(separator: " and ")
  }

  /// `2025-07-01 06:00 UTC`.
  private static func utc(_ instant: Int64) -> String {
    let text = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(instant)))
    return text.prefix(10) + " " + text.dropFirst(11).prefix(5) + " UTC"
  }

  /// A share as a whole percentage, rounded up ("43 %"), "under 1 %" below that.
  private static func percent(_ share: Double) -> String {
    share > 0 && share < 0.01 ? "under 1 %" : String(format: "%.0f %%", (share * 100).rounded(.up))
  }
}
