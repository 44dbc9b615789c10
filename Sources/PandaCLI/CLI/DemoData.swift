import Foundation
import PandaCore
import PandaImport
import PandaStore
import PandaSynthetic

/// Built-in demo data: a synthetic export with planted trends, imported into a temporary
/// database that is deleted afterwards. The user's own database is never touched.
final class DemoData {
  /// Days of data in the demo: enough for monthly trends.
  static let days = 150

  let database: Database
  private let folder: URL

  init(context: DailyContext, lastDay: CalendarDay, console: Console, quiet: Bool) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("panda-demo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let export = folder.appendingPathComponent("export.zip").path
    try SyntheticExport(days: Self.days, lastDay: Int64(lastDay.ordinal), detail: .light).writeZip(to: export)
    database = try DatabaseLocation.open(folder.appendingPathComponent("demo.sqlite").path)
    let summary = try ExportImporter(database: database, context: context).importExport(at: export)
    if !quiet {
      console.error(
        "Demo: \(Self.days) days of synthetic data up to \(lastDay.iso), \(summary.counts.records.grouped) records, in a temporary database.\n"
      )
    }
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }
}
