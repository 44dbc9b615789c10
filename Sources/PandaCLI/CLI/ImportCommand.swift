import Foundation
import PandaCore
import PandaImport
import PandaServices
import PandaStore

/// `panda import PATH...`: streams exports into the database, one transaction per file.
enum ImportCommand: PandaCommand {
  static let spec = CommandSpec(
    "import", summary: "import Apple Health exports (export.zip, export.xml or its folder) and Health Auto Export JSON",
    forms: [
      .init(
        operands: "PATH...",
        options: [.format([.text, .json]), .quiet, .replace, .add, .database, .timeZone, .sourcePriority])
    ],
    details: """
      PATH is export.zip as the Health app writes it, the export.xml inside it (under any localized
      name), or the unpacked apple_health_export folder. Importing the same or a newer export again
      adds only what is new, and removes the stored records the newer export lacks within the time
      it covers (deleted on the phone); records logged with panda log and Health Auto Export's are
      kept. Where more than 5 % of the stored records, or every record of a metric, would go,
      the export looks like another phone's or another history's: nothing from it is imported and
      import exits 65, until it is given again with --replace (take it as the truth, removing what
      it lacks) or --add (add its records alongside, removing nothing). status and doctor show the
      refusal until then. An export older than one imported before removes nothing, and is refused
      the same way where it holds records the newer one deleted, unless given with --add.
      Each file is imported whole or not at all.
      PATH may also be a Health Auto Export JSON file, a folder of them (the app's synced folder),
      or - for standard input: recognised by content. Sending a day again replaces its earlier value.
      Runs on one database wait for each other up to PANDA_LOCK_WAIT seconds (default 10), then exit 75.
      """)

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let format = arguments.format
    let paths = arguments.positionals
    guard !paths.isEmpty else { throw UsageError.missingArgument("the export to import (PATH)") }
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let zone = try DailyContextOptions.zoneSetting(arguments, environment: console.environment)
    let quiet = arguments.has(OptionSpec.quiet)
    if arguments.has(OptionSpec.replace) && arguments.has(OptionSpec.add) {
      throw UsageError.conflictingOptions("--replace", "--add")
    }
    let trust: ExportImporter.Trust =
      arguments.has(OptionSpec.replace) ? .replace : arguments.has(OptionSpec.add) ? .add : .checked
    let databasePath = DatabaseLocation.path(arguments, environment: console.environment)
    InterruptSignal.install()
    defer { InterruptSignal.restore() }
    try DatabaseLocation.createFolder(for: databasePath)
    guard
      let lock = try DatabaseLocation.runLock(
        for: databasePath, console: console, isCancelled: { InterruptSignal.received })
    else {
      return InterruptSignal.received ? InterruptSignal.exitCode : .temporaryFailure
    }
    defer { withExtendedLifetime(lock) {} }
    // Read under the lock: another import may have created the file while this one waited.
    let isNew = !FileManager.default.fileExists(atPath: databasePath)
    var results: [ImportFileResult] = []
    var checkpointError: DatabaseError?
    do {
      checkpointError = try importEach(
        paths, into: databasePath, context: context, zone: zone, trust: trust, console: console,
        quiet: quiet || format == .json, results: &results)
    } catch {
      if isNew { removeDatabase(at: databasePath) }
      if InterruptSignal.received {
        console.error("panda: \(ImportError.interrupted)\n")
        return InterruptSignal.exitCode
      }
      throw error
    }
    if isNew && !results.contains(where: \.isImported) {
      removeDatabase(at: databasePath)
      checkpointError = nil
    }
    if format == .json {
      if results.count == 1 {
        console.output(try JSONOutput.string(results[0]) + "\n")
      } else {
        console.output(try JSONOutput.string(results) + "\n")
      }
    }
    var status = ExitCode.success
    for case .failed(_, let error, let failure) in results {
      console.error("panda: \(error)\n")
      status = failure
    }
    if paths.count > 1 && status != .success { console.error("panda: \(outcome(results))\n") }
    if let checkpointError {
      let log = databasePath + "-wal"
      console.error(
        results.contains(where: \.isImported)
          ? "panda: what was imported is committed, but SQLite could not write its log \(log) back into the database (\(checkpointError)). Keep both files together; the next panda command on the database finishes the job once there is space.\n"
          : "panda: SQLite could not empty its log \(log) after the failure (\(checkpointError)); it holds nothing that was not there before.\n"
      )
      if status == .success { status = .ioError }
    }
    return status
  }

  /// Runs the import job on each file, drawing its progress and saying what became of each as
  /// it is done; returns why the log could not be written back, if it could not.
  private static func importEach(
    _ paths: [String], into databasePath: String, context: DailyContext, zone: ZoneSetting,
    trust: ExportImporter.Trust, console: Console, quiet: Bool, results: inout [ImportFileResult]
  ) throws -> DatabaseError? {
    var zone = zone
    var importedExport = false
    // Said once, after the exports, whatever the files.
    defer { if importedExport && !quiet { console.output(zone.sentence + "\n") } }
    let database = try DatabaseLocation.open(
      databasePath, busyWait: DatabaseLocation.lockWait(console.environment),
      isCancelled: { InterruptSignal.received })
    let showProgress = console.errorIsTerminal && !quiet
    var lastDrawn = -1.0
    var run = ImportRun(paths: paths, context: context)
    run.followsDataZone = !zone.isGiven
    run.trust = trust
    run.readStandardInput = { console.readInput() }
    run.isCancelled = { InterruptSignal.received }
    run.progress = { progress in
      guard showProgress, progress.elapsed - lastDrawn >= 0.1 || progress.bytesRead == progress.totalBytes
      else { return }
      lastDrawn = progress.elapsed
      console.error("\r\u{1B}[2K" + ProgressBar.line(progress))
    }
    let reported = results.count
    let output = try run.run(on: database) { input, outcome in
      if !input.isDocument {
        lastDrawn = -1.0
        if showProgress { console.error("\r\u{1B}[2K") }
      }
      results.append(ImportFileResult(outcome))
      switch outcome {
      case .imported(let summary, let counted):
        if !zone.isGiven, TimeZone(identifier: summary.timeZone) != nil {
          zone = ZoneSetting(
            zone: counted, origin: summary.zoneFromData == nil ? .system : .data, choice: summary.zoneFromData)
        }
        if !quiet { console.output(text(summary, zone: counted)) }
        importedExport = true
      case .importedDocument(let summary):
        if !quiet { console.output(text(summary)) }
      case .failed, .notAttempted:
        break
      }
    }
    results += output.outcomes.dropFirst(results.count - reported).map(ImportFileResult.init)
    return output.checkpointError
  }

  /// One line on which files are stored and which are not, after a failure.
  static func outcome(_ results: [ImportFileResult]) -> String {
    let stored = results.filter(\.isImported).map(\.file)
    let notStored = results.compactMap { result -> String? in
      switch result {
      case .imported, .importedDocument: nil
      case .failed(let file, _, _): "\(file) (failed)"
      case .notAttempted(let file): "\(file) (not attempted)"
      }
    }
    let storedText =
      stored.isEmpty
      ? "nothing was imported; the database is as it was before"
      : "imported and stored: \(stored.joined(separator: ", "))"
    return "\(storedText); not imported: \(notStored.joined(separator: ", "))."
  }

  /// Removes a database this run created but committed nothing to, with its log files.
  private static func removeDatabase(at path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
  }

  static func status(for error: ImportError) -> ExitCode {
    switch error {
    case .missingFile, .unreadable, .notAFile: .noInput
    case .interrupted: InterruptSignal.exitCode
    default: .dataError
    }
  }

  package static func text(_ summary: ImportSummary, zone: TimeZone = TimeZone(identifier: "UTC") ?? .current) -> String
  {
    var text = "Imported \(summary.file) in \(String(format: "%.1f", summary.seconds)) s: "
    text += "\(summary.counts.records.grouped) records, \(summary.counts.inserted.grouped) new, "
    text += "\(summary.counts.duplicates.grouped) already stored, \(summary.counts.skipped.grouped) skipped"
    if summary.counts.outOfRange > 0 {
      text += ", \(summary.counts.outOfRange.grouped) dated after the export was made or before 2000 (not stored)"
    }
    if summary.counts.implausible > 0 {
      let types = summary.implausibleByType.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
      text += ", \(summary.counts.implausible.grouped) impossible "
      text += "\(summary.counts.implausible == 1 ? "value" : "values") (\(types.joined(separator: ", ")); not stored)"
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
    text += snapshotText(summary, zone: zone)
    return text
  }

  /// What a newer export removed, or why an export removed nothing.
  static func snapshotText(_ summary: ImportSummary, zone: TimeZone) -> String {
    var text = ""
    let byType = summary.missingByType.isEmpty ? "" : " (\(MissingRecords.phrase(summary.missingByType)))"
    if summary.removed > 0 || summary.removedWorkouts > 0 {
      var parts: [String] = []
      if summary.removed > 0 { parts.append(summary.removed.counted("record", "records") + byType) }
      if summary.removedWorkouts > 0 { parts.append(summary.removedWorkouts.counted("workout", "workouts")) }
      text += "Removed as deleted on the phone since the last export: \(parts.joined(separator: " and ")).\n"
    }
    if summary.notRemoved > 0 {
      let percent = String(format: "%.0f", (summary.notRemovedShare * 100).rounded(.up))
      text += "\(summary.notRemoved.counted("stored record", "stored records")) (\(percent) % of all)\(byType) "
      text += "\(summary.notRemoved == 1 ? "is" : "are") not in this export; with --add, "
      text += "\(summary.notRemoved == 1 ? "it was" : "they were") kept and its records added alongside.\n"
    }
    if let newer = summary.newerExportDate {
      let made = summary.exportDate.map { " (made \(moment($0, zone: zone)))" } ?? ""
      text += "This export\(made) is older than one imported before (made \(moment(newer, zone: zone))): "
      text += "it added only what was new, and nothing was removed.\n"
    }
    return text
  }

  /// `2026-09-15 21:00` in `zone`.
  static func moment(_ instant: Int64, zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: Double(instant)))
    return String(
      format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
      parts.minute ?? 0)
  }
}
