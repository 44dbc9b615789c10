import Foundation
import PandaCore
import PandaImport
import PandaStore

/// The push import job: one Health Auto Export document stored in the database in one
/// transaction, built once and shared by `panda receive` (a push as it arrives, or one spooled
/// before) and `panda import` of the app's JSON files.
package struct PushImport: Sendable {
  /// The zone and source priority of the daily values.
  package var context: DailyContext
  /// How the document came: pushed to the receiver or given as a file.
  var route: HealthAutoExportRoute
  /// Whether days are counted in the zone stored with the database when the document is
  /// imported (no zone was named), as the next command will, so that none has to count them again.
  package var followsStoredZone = false
  /// Polled for every point; returning `true` rolls the import back.
  package var isCancelled: @Sendable () -> Bool = { false }

  /// A run for documents that came by `route`, counting days as `context` says.
  package init(context: DailyContext, route: HealthAutoExportRoute) {
    self.context = context
    self.route = route
  }

  /// Reads a push's bytes once, as it arrives, received at `receivedAt` (seconds since 1970):
  /// refuses a name, source or date too long, a date before 2000 or after the next day, and
  /// keeps what importing it needs.
  package func check(_ bytes: [UInt8], receivedAt: Int64) throws(HealthAutoExportError) -> HealthAutoExportDocument {
    try HealthAutoExportDocument.read(bytes, name: "the push", zone: context.zone, receivedAt: receivedAt)
  }

  /// Checks the bytes of a file named `name`; the points are read as the document is stored.
  func document(_ bytes: [UInt8], name: String) throws -> HealthAutoExportDocument {
    try HealthAutoExportDocument.parse(bytes, name: name, zone: context.zone)
  }

  /// Stores `document` under `name` in `database`, received at `receivedAt` (seconds since
  /// 1970). A document with nothing panda can use is refused (`HealthAutoExportError.noUsableData`).
  func run(_ document: HealthAutoExportDocument, name: String, receivedAt: Int64, on database: Database)
    throws -> HealthAutoExportSummary
  {
    var context = context
    if followsStoredZone, let stored = ZoneStore.choice(in: database),
      let zone = TimeZone(identifier: stored.identifier)
    {
      context.zone = zone
    }
    let importer = HealthAutoExportImporter(
      database: database, context: context, route: route, receivedAt: receivedAt, isCancelled: isCancelled)
    return try importer.importDocument(document, name: name, refusingEmpty: true)
  }

  /// Stores the push spooled at `path`, from `checked` (what `check` kept) when given, else read
  /// again from the file, into the database `open` opens; received when the file was written.
  /// The spooled file is removed once this returns, so each commit is on the disk by then.
  package func runSpooled(
    at path: String, checked: HealthAutoExportDocument?, opening open: () throws -> Database
  ) throws -> HealthAutoExportSummary {
    let name = (path as NSString).lastPathComponent
    let document: HealthAutoExportDocument
    if let checked {
      document = checked
    } else {
      guard let bytes = FileManager.default.contents(atPath: path).map({ [UInt8]($0) }) else {
        throw ImportError.unreadable(path: path, reason: "cannot read the spooled push")
      }
      document = try self.document(bytes, name: name)
    }
    let database = try open()
    try database.syncEveryCommit()
    let received = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? Date()
    let summary = try run(document, name: name, receivedAt: Int64(received.timeIntervalSince1970), on: database)
    try? database.checkpoint()
    return summary
  }
}
