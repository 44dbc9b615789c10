import Foundation
import PandaCore
import PandaReceive
import PandaStore

/// `panda status`: what the database holds.
enum StatusCommand: PandaCommand {
  static let spec = CommandSpec(
    "status", summary: "what the database holds, per category and metric",
    forms: [
      .init(
        options: [
          OptionSpec.demo.explained("report on a temporary database of built-in synthetic data"),
          .format([.text, .json]), .quiet, .database, .timeZone,
        ])
    ],
    details: """
      Per category and metric: sample count, first and last day; the last imports; the database size.
      --quiet matters only with --demo, where it hides the progress of building the demo database.
      """)

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let format = arguments.format
    if let extra = arguments.positionals.first { throw UsageError.unexpectedArgument(extra) }
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let zone = try DailyContextOptions.zoneSetting(arguments, environment: console.environment)
    if arguments.has(.demo) {
      let lastDay = DailyContextOptions.today(in: context).adding(days: -1)
      let demo = try DemoData(context: context, lastDay: lastDay, console: console, quiet: arguments.has(.quiet))
      try report(demo.database, format: format, zone: zone, spool: nil, console: console)
      return .success
    }
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    let database = try DatabaseLocation.openForReading(path, context: context)
    try report(database, format: format, zone: zone, spool: PushSpool(databasePath: path), console: console)
    return .success
  }

  private static func report(
    _ database: Database, format: OutputFormat, zone: ZoneSetting, spool: PushSpool?, console: Console
  ) throws {
    var report = try StatusReport.load(from: database, zone: zone.zone)
    let received = spool.map(receivedPushes)
    report.receivedPushes = received
    report.timeZone = zone.inUse
    report.dayEvents = try eventCounts(database, zone: zone.zone)
    if format == .json {
      console.output(try JSONOutput.string(report) + "\n")
    } else if let spool, let received {
      console.output(text(report) + spoolText(spool, received))
    } else {
      console.output(text(report))
    }
  }

  /// The counts of `spool`'s pushes.
  static func receivedPushes(_ spool: PushSpool) -> StatusReport.ReceivedPushes {
    StatusReport.ReceivedPushes(
      folder: spool.folder, waiting: spool.pending().count, quarantined: spool.quarantined().count,
      rejected: rejectedCount(spool))
  }

  private static func rejectedCount(_ spool: PushSpool) -> Int {
    ((try? FileManager.default.contentsOfDirectory(atPath: spool.rejectedFolder)) ?? []).filter {
      $0.hasSuffix(".json")
    }.count
  }

  package static func text(_ report: StatusReport) -> String {
    var text = "Database: \(report.database) (\(String(format: "%.1f", Double(report.databaseBytes) / 1e6)) MB)\n"
    if let zone = report.timeZone { text += ZoneSetting.sentence(zone) + "\n" }
    if report.metrics.isEmpty {
      text += "\nNo samples yet. Export from the Health app (profile picture → Export All Health Data),\n"
      text += "then run: panda import export.zip\n"
    }
    var category: HealthCategory?
    let nameWidth = report.metrics.map { HealthCategory.shortName($0.type).count + $0.unit.count + 3 }.max() ?? 0
    for metric in report.metrics {
      if metric.category != category {
        category = metric.category
        text += "\n\(metric.category.heading)\n"
      }
      var name = HealthCategory.shortName(metric.type)
      if !metric.unit.isEmpty { name += " (\(metric.unit))" }
      let count = metric.samples.grouped
      text += "  " + name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      text += String(repeating: " ", count: max(1, 12 - count.count)) + count
      text += metric.samples == 1 ? " sample   " : " samples  "
      text += "\(metric.first) → \(metric.last)\n"
    }
    text += "\nWorkouts: \(report.workouts.grouped)   Activity summaries: \(report.activitySummaries.grouped)\n"
    let typeWidth = report.workoutTypes.map(\.name.count).max() ?? 0
    for type in report.workoutTypes {
      let count = type.workouts.grouped
      text += "  " + type.name.padding(toLength: typeWidth, withPad: " ", startingAt: 0)
      text +=
        String(repeating: " ", count: max(1, 8 - count.count)) + count
        + (type.workouts == 1 ? " workout   " : " workouts  ")
      text += "\(type.first) → \(type.last)\n"
    }
    text += documentsText(report)
    text += eventsText(report)
    if !report.imports.isEmpty {
      text += "\nLast imports:\n"
      for entry in report.imports {
        text += "  \(entry.importedAt)  \(EchoedText.escaped(entry.file)): \(entry.counts.records.grouped) records, "
        text += "\(entry.counts.inserted.grouped) new, "
        if entry.updated > 0 { text += "\(entry.updated.grouped) updated, " }
        text += "\(entry.counts.duplicates.grouped) already stored, "
        text += "\(entry.counts.skipped.grouped) skipped"
        if entry.counts.outOfRange > 0 { text += ", \(entry.counts.outOfRange.grouped) dated out of range" }
        if entry.counts.implausible > 0 {
          text +=
            ", \(entry.counts.implausible.grouped) impossible \(entry.counts.implausible == 1 ? "value" : "values")"
        }
        text += " (\(String(format: "%.1f", entry.seconds)) s)\n"
      }
    }
    if let refusal = report.refusal { text += "\n" + refusalText(refusal) + "\n" }
    return text
  }

  /// The last refused import in one line, for `status` and `doctor`.
  static func refusalText(_ refusal: ImportRefusal) -> String {
    let when = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(refusal.refusedAt)))
    return "Last import refused (\(when)), nothing from it stored: \(refusal.reason)"
  }

  /// What waits in `panda receive`'s spool: queued, quarantined (with the reason of the first)
  /// and refused pushes; nothing when there are none.
  static func spoolText(_ spool: PushSpool, _ received: StatusReport.ReceivedPushes) -> String {
    guard received.waiting + received.quarantined + received.rejected > 0 else { return "" }
    var text = "\nReceived pushes (\(received.folder)):\n"
    if received.waiting > 0 { text += "  \(received.waiting.grouped) waiting to be imported\n" }
    if received.quarantined > 0, let first = spool.quarantined().first {
      text += "  \(received.quarantined.grouped) quarantined after failed imports (panda receive retry imports "
      text += "\(received.quarantined == 1 ? "it" : "them") again); \((first.path as NSString).lastPathComponent): "
      text += EchoedText.quoted(first.reason, limit: 200) + "\n"
    }
    if received.rejected > 0 {
      text += "  \(received.rejected.grouped) refused by the importer, in \(spool.rejectedFolder)\n"
    }
    return text
  }

  /// Health Auto Export's part: the last document per route and what its buckets hold.
  private static func documentsText(_ report: StatusReport) -> String {
    guard !report.lastDocuments.isEmpty else { return "" }
    var text = "\nHealth Auto Export:\n"
    for route in HealthAutoExportRoute.allCases {
      guard let entry = report.lastDocuments.first(where: { $0.route == route.rawValue }) else {
        text += route == .push ? "  no push received yet (panda receive)\n" : "  no file imported yet\n"
        continue
      }
      text +=
        "  last \(route.rawValue): \(entry.importedAt)  \(EchoedText.escaped(entry.file)): "
        + "\(entry.records.grouped) records, "
      text += "\(entry.inserted.grouped) new, \(entry.updated.grouped) updated\n"
    }
    let nameWidth = report.pushedMetrics.map { HealthCategory.shortName($0.type).count }.max() ?? 0
    for metric in report.pushedMetrics {
      let count = metric.samples.grouped
      text += "  " + HealthCategory.shortName(metric.type).padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      text += String(repeating: " ", count: max(1, 10 - count.count)) + count
      text += metric.samples == 1 ? " bucket   " : " buckets  "
      text += "\(metric.first) → \(metric.last)\n"
    }
    return text
  }
}
