import Foundation
import Synchronization
import Testing

@testable import PandaDelivery
@testable import PandaStore
@testable import PandaTestSupport

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
    #expect(try Database(path: databasePath).text("PRAGMA journal_mode") == "delete")
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
        created INTEGER, metadata TEXT, beats TEXT, import_id INTEGER NOT NULL, run INTEGER, zone TEXT NOT NULL
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

  @Test func connectionsCreatingOneDatabaseAtOnceAllSucceed() throws {
    for round in 0..<10 {
      let path = folder.file("race-\(round).sqlite")
      let failures = Mutex<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 5) { _ in
        do {
          _ = try Database.openPanda(at: path)
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
      #expect(failures.withLock { $0 }.isEmpty)
      #expect(try Schema.version(Database(path: path)) == Schema.migrations.count)
    }
  }

  @Test func onlyTablesAndIndexesAreCopied() {
    #expect(
      Schema.temporaryStatement("CREATE TABLE t (a TEXT) STRICT") == "CREATE TEMP TABLE t (a TEXT) STRICT")
    #expect(
      Schema.temporaryStatement("CREATE UNIQUE INDEX i ON t (a)") == "CREATE UNIQUE INDEX temp.i ON t (a)")
    #expect(Schema.temporaryStatement("CREATE TRIGGER g AFTER INSERT ON t BEGIN SELECT 1; END") == nil)
  }

  @Test func importingTheSameFileTwiceCountsTrueDuplicates() async throws {
    let first = await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "--db", databasePath])
    let second = await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "--db", databasePath])
    #expect(first.output.contains("10 new, 0 already stored"))
    #expect(second.output.contains("0 new, 10 already stored"))
  }
}

@Test func upgradingGivesUpOnDeliveriesWaitingForADestinationThatIsOff() throws {
  let folder = try TemporaryFolder()
  let path = folder.file("panda.sqlite")
  // A database as the version before the retry columns left it.
  let old = try Database(path: path)
  let retry = try #require(Schema.migrations.firstIndex { $0.contains("attempts_before_retry") })
  for migration in Schema.migrations[..<retry] { try old.execute(migration) }
  try old.execute("PRAGMA user_version = \(retry)")
  try old.execute(
    """
    INSERT INTO delivery_destinations (id, kind, url, options, created_at, disabled_at, disabled_reason)
      VALUES (1, 'webhook', 'http://x/', '{}', 0, 5, 'HTTP 410: the destination is gone'),
             (2, 'ntfy', 'http://y/', '{}', 0, NULL, NULL);
    INSERT INTO outbox (id, destination_id, dedup_key, payload, created_at, next_attempt_at, attempts, state)
      VALUES ('msg_a', 1, 'a#1', '{}', 0, 0, 0, 'pending'), ('msg_b', 2, 'a#2', '{}', 0, 0, 0, 'pending');
    """)
  let outbox = Outbox(database: try Database.openPanda(at: path))
  let messages = Dictionary(uniqueKeysWithValues: try outbox.all().map { ($0.id, $0) })
  #expect(messages["msg_a"]?.state == .dead)
  #expect(
    messages["msg_a"]?.lastError == "not sent: its destination was turned off (HTTP 410: the destination is gone)")
  #expect(messages["msg_b"]?.state == .pending)
  #expect(messages["msg_b"]?.attemptsBeforeRetry == 0)
}
