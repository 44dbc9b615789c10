import Foundation

/// `panda import` of Health Auto Export JSON: files, the app's synced folder, or standard input.
extension ImportCommand {
  /// Reads, parses and stores one document; a failure leaves the database as it was.
  static func importDocument(
    at path: String, into database: Database, context: DailyContext, console: Console
  ) -> ImportFileResult {
    let bytes: [UInt8]
    if path == "-" {
      bytes = console.readInput()
    } else {
      guard let data = FileManager.default.contents(atPath: path) else {
        return .failed(
          file: path, error: "\(ImportError.unreadable(path: path, reason: "permission denied?"))", status: .noInput)
      }
      bytes = [UInt8](data)
    }
    let name = path == "-" ? "standard input" : path
    do {
      let document = try HealthAutoExportDocument.parse(bytes, name: name, zone: context.zone)
      guard document.hasUsableData else {
        throw HealthAutoExportError.noUsableData(name: name, reason: emptinessReason(document))
      }
      let importer = HealthAutoExportImporter(
        database: database, context: context, route: .file, receivedAt: Int64(Date().timeIntervalSince1970))
      return .importedDocument(try importer.importDocument(document, name: path, bytes: bytes.count))
    } catch let error as HealthAutoExportError {
      return .failed(file: path, error: "\(error)", status: .dataError)
    } catch let error as DatabaseError {
      return .failed(
        file: path, error: "\(error). Nothing from \(name) was imported.", status: PandaCommandLine.status(for: error))
    } catch {
      return .failed(file: path, error: "\(error)", status: .software)
    }
  }

  /// Why a well-formed document holds nothing to store.
  private static func emptinessReason(_ document: HealthAutoExportDocument) -> String {
    if !document.unknownMetrics.isEmpty {
      let names = document.unknownMetrics.keys.sorted().prefix(5).joined(separator: ", ")
      return "only metrics panda does not use (\(names))"
    }
    if document.skippedCount > 0 {
      return
        "none of its \(document.recordCount.grouped) points could be read (\(document.skippedExamples.first ?? ""))"
    }
    return "its metrics and workouts are empty"
  }

  /// The summary line of an imported document.
  static func text(_ summary: HealthAutoExportSummary) -> String {
    var text = "Imported \(summary.file) (Health Auto Export) in \(String(format: "%.1f", summary.seconds)) s: "
    text += "\(summary.records.grouped) records, \(summary.inserted.grouped) new, "
    text += "\(summary.updated.grouped) updated, \(summary.duplicates.grouped) already stored, "
    text += "\(summary.skipped.grouped) skipped"
    if summary.implausible > 0 {
      text +=
        ", \(summary.implausible.grouped) impossible \(summary.implausible == 1 ? "value" : "values") (not stored)"
    }
    text += "."
    switch summary.daysTouched.count {
    case 0: text += " No day changed.\n"
    case 1...3: text += " Days changed: \(summary.daysTouched.joined(separator: ", ")).\n"
    default:
      text +=
        " \(summary.daysTouched.count) days changed, \(summary.daysTouched[0]) → \(summary.daysTouched.last ?? "").\n"
    }
    if !summary.skippedExamples.isEmpty {
      text += "Points not stored (first \(summary.skippedExamples.count)):\n"
      for example in summary.skippedExamples { text += "  \(example)\n" }
    }
    if !summary.unknownMetrics.isEmpty {
      let names = summary.unknownMetrics.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value.grouped)" }
      text += "Not imported (panda does not use these metrics): \(names.joined(separator: ", "))\n"
    }
    return text
  }
}
