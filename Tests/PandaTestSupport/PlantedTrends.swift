import Foundation

@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaSynthetic

/// A database holding a synthetic export with planted trends that ends the day before `asOf`:
/// imported once, copied for each test.
struct PlantedTrends {
  static let asOf = CalendarDay(iso: "2025-07-01")!
  let folder: TemporaryFolder
  let path: String
  let database: Database

  private static let template: Result<(TemporaryFolder, String), any Error> = Result {
    let folder = try TemporaryFolder()
    let path = folder.file("template.sqlite")
    let database = try Database.openPanda(at: path)
    let xml = folder.file("export.xml")
    try SyntheticExport(days: 150, lastDay: Int64(asOf.ordinal - 1), detail: .light).writeXML(to: xml)
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .importExport(at: xml)
    try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return (folder, path)
  }

  init() throws {
    let (_, template) = try Self.template.get()
    folder = try TemporaryFolder()
    path = folder.file("panda.sqlite")
    try FileManager.default.copyItem(atPath: template, toPath: path)
    database = try Database.openPanda(at: path)
  }
}
