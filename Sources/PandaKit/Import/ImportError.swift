/// Why an import could not run to the end. Nothing is committed when one of these is thrown.
public enum ImportError: Error, Equatable, CustomStringConvertible {
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

  public var description: String {
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
    }
  }

  /// A share as a whole percentage, rounded up ("43 %"), "under 1 %" below that.
  private static func percent(_ share: Double) -> String {
    share > 0 && share < 0.01 ? "under 1 %" : String(format: "%.0f %%", (share * 100).rounded(.up))
  }
}
