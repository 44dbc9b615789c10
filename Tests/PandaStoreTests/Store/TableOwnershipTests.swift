import Foundation
import Testing
@testable import PandaTestSupport

/// Each table has one owner in PandaStore, and no other target holds SQL: the statements that
/// read or write a table are found in one place (see docs/architecture.md, "Tables and their
/// owners").
@Suite struct TableOwnershipTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// What starts a statement: the keywords are upper case in panda's SQL, which keeps prose out.
  nonisolated(unsafe) static let statement =
    #/\b(SELECT\s|INSERT\s+(OR\s+[A-Z]+\s+)?INTO\s|DELETE\s+FROM\s|UPDATE\s+[a-z_]+\s+SET\s|REPLACE\s+INTO\s|(CREATE|DROP|ALTER)\s+(TEMP\s+)?(TABLE|INDEX|VIEW|TRIGGER)\s)/#

  /// The lines of Swift files under `sources`, outside `PandaStore`, that hold SQL, as
  /// `path:line`. Comment lines are left out.
  static func sqlOutsideStore(in sources: URL) throws -> [String] {
    var found: [String] = []
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      let relative = String(file.path.dropFirst(sources.path.count + 1))
      if relative.hasPrefix("PandaStore/") { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
        if (line + " ").contains(statement) { found.append("\(relative):\(number + 1)") }
      }
    }
    return found.sorted()
  }

  @Test func noTargetButPandaStoreHoldsSQL() throws {
    let found = try Self.sqlOutsideStore(in: Self.root.appendingPathComponent("Sources"))
    #expect(found == [], "SQL outside PandaStore: give the statement to the table's owner in PandaStore/Store")
  }

  @Test func aStatementPlantedOutsideStoreIsFound() throws {
    let folder = try TemporaryFolder()
    let sources = URL(fileURLWithPath: folder.path)
    for target in ["PandaStore/Store", "PandaImport/Import"] {
      try FileManager.default.createDirectory(
        at: sources.appendingPathComponent(target), withIntermediateDirectories: true)
    }
    let statements = [
      "SELECT id FROM samples", "INSERT INTO imports (file) VALUES (?)", "INSERT OR IGNORE INTO sources (name)",
      "DELETE FROM outbox WHERE id = ?", "UPDATE workouts SET run = ?", "CREATE TABLE other (id INTEGER)",
    ]
    for (index, sql) in statements.enumerated() {
      let line = "let sql\(index) = \"\(sql)\"\n"
      try ("// \(sql)\n" + line).write(
        to: sources.appendingPathComponent("PandaStore/Store/Owner\(index).swift"), atomically: true, encoding: .utf8)
      try ("/// Selects nothing; updates no one.\n" + line).write(
        to: sources.appendingPathComponent("PandaImport/Import/Writer\(index).swift"), atomically: true,
        encoding: .utf8)
    }
    let found = try Self.sqlOutsideStore(in: sources)
    #expect(found == statements.indices.map { "PandaImport/Import/Writer\($0).swift:2" }.sorted())
  }

  @Test func everyTableHasOneOwnerThatExists() throws {
    let schema = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/PandaStore/Store/Schema.swift"), encoding: .utf8)
    let tables = Set(schema.matches(of: #/CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)/#).map { String($0.output.1) })
    #expect(tables.count > 20)
    let architecture = try String(
      contentsOf: Self.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    // Rows of the list read "| `table` | `Owner` | …".
    var owners: [String: [String]] = [:]
    for match in architecture.matches(of: #/\n\| `([a-z_]+)` \| `([A-Za-z]+)` \|/#) {
      owners[String(match.output.1), default: []].append(String(match.output.2))
    }
    #expect(Set(owners.keys) == tables)
    for (table, names) in owners {
      #expect(names.count == 1, "\(table) is listed \(names.count) times")
      let owner = names[0]
      let declared = try Self.declares(owner)
      #expect(declared, "\(table)'s owner \(owner) is declared nowhere in PandaStore")
    }
  }

  /// Whether a file in PandaStore declares `type`.
  static func declares(_ type: String) throws -> Bool {
    let store = Self.root.appendingPathComponent("Sources/PandaStore")
    let files = FileManager.default.enumerator(at: store, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      if text.contains(try Regex("(struct|enum|class) \(type)\\b")) { return true }
    }
    return false
  }
}
