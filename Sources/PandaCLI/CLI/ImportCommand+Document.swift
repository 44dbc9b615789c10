import Foundation
import PandaImport
import PandaStore

/// `panda import` of Health Auto Export JSON: files, the app's synced folder, or standard input.
extension ImportCommand {
  /// Reads, parses and stores one document; a failure leaves the database as it was.
  package static func importDocument(
    at path: String, into database: Database, context: DailyContext, console: Console
  ) -> ImportFileResult {
    let bytes: [UInt8]
    if path == "-" {
      bytes = console.readInput()
    } else {
      do {
        bytes = try readFile(path)
      } catch {
        return .failed(file: path, error: "\(ImportError.unreadable(path: path, reason: "\(error)"))", status: .noInput)
      }
    }
    let name = path == "-" ? "standard input" : path
    do {
      let document = try HealthAutoExportDocument.parse(bytes, name: name, zone: context.zone)
      let importer = HealthAutoExportImporter(
        database: database, context: context, route: .file, receivedAt: Int64(Date().timeIntervalSince1970))
      return .importedDocument(try importer.importDocument(document, name: path, refusingEmpty: true))
    } catch let error as HealthAutoExportError {
      return .failed(file: path, error: "\(error)", status: .dataError)
    } catch let error as DatabaseError {
      return .failed(
        file: path, error: "\(error). Nothing from \(name) was imported.", status: PandaCommandLine.status(for: error))
    } catch {
      return .failed(file: path, error: "\(error)", status: .software)
    }
  }

  /// The whole file, read straight into the bytes the parser reads.
  private static func readFile(_ path: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(status.st_size))
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

  /// The summary line of an imported document.
  package static func text(_ summary: HealthAutoExportSummary) -> String {
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
