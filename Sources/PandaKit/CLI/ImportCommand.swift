import Foundation

/// `panda import PATH...`: streams exports into the database, one transaction per file.
enum ImportCommand: PandaCommand {
  static let spec = CommandSpec(
    "import", summary: "import Apple Health exports (export.zip, export.xml or its folder)",
    forms: [
      .init(
        operands: "PATH...",
        options: [.format(["text", "json"]), .quiet, .database, .timeZone, .sourcePriority])
    ],
    details: """
      Imports Apple Health exports: export.zip as the Health app writes it, the export.xml inside it
      (under any localized name), or the unpacked apple_health_export folder. Importing the same or a
      newer export again adds only what is new. Each file is imported whole or not at all.
      """)

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let format = arguments.format
    guard !arguments.positionals.isEmpty else { throw UsageError.missingArgument("the export to import (PATH)") }
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let quiet = arguments.has("quiet")
    let showProgress = console.errorIsTerminal && !quiet
    let database = try DatabaseLocation.open(DatabaseLocation.path(arguments, environment: console.environment))
    InterruptSignal.install()
    defer { InterruptSignal.restore() }
    var summaries: [ImportSummary] = []
    for path in arguments.positionals {
      var lastDrawn = -1.0
      let importer = ExportImporter(
        database: database, context: context,
        progress: { progress in
          guard showProgress, progress.elapsed - lastDrawn >= 0.1 || progress.bytesRead == progress.totalBytes
          else { return }
          lastDrawn = progress.elapsed
          console.error("\r\u{1B}[2K" + ProgressBar.line(progress))
        },
        isCancelled: { InterruptSignal.received })
      let summary: ImportSummary
      do {
        summary = try importer.importExport(at: path)
      } catch let error as ImportError {
        if showProgress { console.error("\r\u{1B}[2K") }
        console.error("panda: \(error)\n")
        return status(for: error)
      } catch let error as DatabaseError {
        if showProgress { console.error("\r\u{1B}[2K") }
        console.error("panda: \(error). Nothing from \(path) was imported.\n")
        return PandaCommandLine.status(for: error)
      }
      if showProgress { console.error("\r\u{1B}[2K") }
      summaries.append(summary)
      if format == "text" && !quiet { console.output(text(summary)) }
    }
    if format == "json" {
      let output: Encodable = summaries.count == 1 ? summaries[0] : summaries
      console.output(try JSONOutput.string(output) + "\n")
    }
    return .success
  }

  static func status(for error: ImportError) -> ExitCode {
    switch error {
    case .missingFile, .unreadable: .noInput
    case .interrupted: InterruptSignal.exitCode
    default: .dataError
    }
  }

  static func text(_ summary: ImportSummary) -> String {
    var text = "Imported \(summary.file) in \(String(format: "%.1f", summary.seconds)) s: "
    text += "\(summary.records.grouped) records, \(summary.inserted.grouped) new, "
    text += "\(summary.duplicates.grouped) already stored, \(summary.skipped.grouped) skipped"
    if summary.outOfRange > 0 {
      text += ", \(summary.outOfRange.grouped) dated after the export was made or before 2000 (not stored)"
    }
    if summary.implausible > 0 {
      let types = summary.implausibleByType.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
      text += ", \(summary.implausible.grouped) impossible "
      text += "\(summary.implausible == 1 ? "value" : "values") (\(types.joined(separator: ", ")); not stored)"
    }
    text += "; "
    text += "\(summary.workouts.grouped) new workouts, \(summary.activitySummaries.grouped) new activity summaries.\n"
    if !summary.skippedExamples.isEmpty {
      text += "Records not stored (first \(summary.skippedExamples.count)):\n"
      for skipped in summary.skippedExamples {
        text += "  line \(skipped.line): \(skipped.reason)\n"
      }
    }
    if !summary.notImported.isEmpty {
      let names = summary.notImported.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
      text += "Not imported (panda does not store these yet): \(names.joined(separator: ", "))\n"
    }
    return text
  }
}
