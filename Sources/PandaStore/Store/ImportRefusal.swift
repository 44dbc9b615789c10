import Foundation

/// An export import panda refused because it did not trust the file to replace the database
/// (another phone's export, another history, a cut-down file). It stays on record, for `status`
/// and `doctor`, until a later import of the same file with `--replace` or `--add`, or a trusted
/// import of an export at least as new, resolves it.
package struct ImportRefusal: Codable, Equatable, Sendable {
  /// The path the person gave.
  var file: String
  /// When the import was refused, in seconds since 1970.
  package var refusedAt: Int64
  /// When the refused export was made (its `ExportDate`).
  var exportDate: Int64?
  /// Why it was refused and how to proceed, in one line.
  package var reason: String

  /// A refusal of `file`, made at `refusedAt`.
  package init(file: String, refusedAt: Int64, exportDate: Int64?, reason: String) {
    self.file = file
    self.refusedAt = refusedAt
    self.exportDate = exportDate
    self.reason = reason
  }

  /// Keeps the refusal, in its own transaction (the refused import's was rolled back).
  package func record(in database: Database) throws {
    try database.transaction {
      try database.execute(
        "INSERT INTO import_refusals (file, refused_at, export_date, reason) VALUES (?, ?, ?, ?)",
        [.text(file), .integer(refusedAt), exportDate.map(SQLValue.integer) ?? .null, .text(reason)])
    }
  }

  /// The latest refusal not resolved yet, if any.
  package static func unresolved(in database: Database) throws -> ImportRefusal? {
    guard
      let row = try database.firstRow(
        "SELECT file, refused_at, export_date, reason FROM import_refusals ORDER BY id DESC LIMIT 1")
    else { return nil }
    return ImportRefusal(
      file: row.text("file") ?? "", refusedAt: row.integer("refused_at") ?? 0, exportDate: row.integer("export_date"),
      reason: row.text("reason") ?? "")
  }

  /// Forgets the refusals an import of `file` resolves: every refusal of that same file when it
  /// was taken with `--replace` or `--add` (`confirmed`), and every refusal of an export made no
  /// later than `exportDate`, that of a trusted import (`nil` for an export older than one
  /// imported before, which resolves nothing by its date).
  package static func resolve(file: String, confirmed: Bool, exportDate: Int64?, in database: Database) throws {
    if confirmed {
      try database.execute("DELETE FROM import_refusals WHERE file = ?", [.text(file)])
    }
    if let exportDate {
      try database.execute(
        "DELETE FROM import_refusals WHERE export_date IS NOT NULL AND export_date <= ?", [.integer(exportDate)])
    }
  }
}
