import Foundation
import Testing

@testable import PandaKit

/// Databases panda must not use as its own: a newer panda's, another application's, or one whose
/// tables reject a sample for a reason other than its already being there.
@Suite struct SchemaTests {
  let folder: TemporaryFolder
  let databasePath: String

  init() throws {
    folder = try TemporaryFolder()
    databasePath = folder.file("panda.sqlite")
  }

  func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  @Test func aNewerPandasDatabaseIsRefusedByEveryCommandAndLeftUnchanged() async throws {
    #expect(
      await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "-q", "--db", databasePath]).status == .success)
    try Database(path: databasePath).execute("PRAGMA user_version = 99")
    let before = try bytes(databasePath)
    let known = Schema.migrations.count
    for command in [
      ["import", Fixtures.path("ios8-source-attribute.xml")], ["status"], ["metrics"], ["series", "activity.steps"],
      ["insights"], ["cache", "list"], ["log", "water", "250ml"],
    ] {
      let result = await runPanda(command + ["--db", databasePath])
      #expect(result.status == .dataError, "\(command)")
      #expect(
        result.error.contains("written by a newer panda (schema 99); this one knows \(known)"), "\(command)")
      #expect(try bytes(databasePath) == before, "\(command)")
    }
  }

  @Test func anotherApplicationsDatabaseIsRefusedWithItsBytesAndJournalModeUnchanged() async throws {
    let other = try Database(path: databasePath)
    try other.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('hi');")
    let before = try bytes(databasePath)
    for command in [["import", Fixtures.path("ios16-quirks.xml")], ["status"], ["insights"]] {
      let result = await runPanda(command + ["--db", databasePath])
      #expect(result.status == .dataError, "\(command)")
      #expect(result.error.contains("\(databasePath) is an SQLite database but not panda's (its tables: notes)"))
      #expect(try bytes(databasePath) == before, "\(command)")
    }
    #expect(try Database(path: databasePath).firstRow("PRAGMA journal_mode")?.text(0) == "delete")
    #expect(!FileManager.default.fileExists(atPath: databasePath + "-wal"))
  }

  @Test func aSampleTheTablesRejectIsAnErrorNotADuplicate() async throws {
    // A plausible later layout at today's version: samples gain a column without a default.
    let database = try Database.openPanda(at: databasePath)
    try database.execute(
      """
      DROP TABLE samples;
      CREATE TABLE samples (
        id INTEGER PRIMARY KEY, type_id INTEGER NOT NULL, source_id INTEGER NOT NULL, source_version TEXT,
        device_id INTEGER, start INTEGER NOT NULL, end INTEGER NOT NULL, value REAL, category TEXT,
        created INTEGER, metadata TEXT, beats TEXT, import_id INTEGER NOT NULL, zone TEXT NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX samples_identity
        ON samples (type_id, start, end, source_id, ifnull(value, ''), ifnull(category, ''));
      """)
    let before = try contents(ofDatabaseAt: databasePath)
    let result = await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "--db", databasePath])
    #expect(result.status != .success)
    #expect(result.error.contains("NOT NULL constraint failed: samples.zone"))
    #expect(!result.output.contains("already stored"))
    #expect(try contents(ofDatabaseAt: databasePath) == before)
  }

  @Test func importingTheSameFileTwiceCountsTrueDuplicates() async throws {
    let first = await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "--db", databasePath])
    let second = await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "--db", databasePath])
    #expect(first.output.contains("10 new, 0 already stored"))
    #expect(second.output.contains("0 new, 10 already stored"))
  }
}
