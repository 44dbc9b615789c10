import Foundation
import Testing

@testable import PandaCLI
@testable import PandaStore
@testable import PandaTestSupport

/// Commands that only read open the database read-only: they work on read-only media and never
/// change the file, but for one thing: daily values for another zone are computed once and
/// stored, under the run lock. Where the lock is held or the file cannot be written, they compute
/// them into temporary tables made from the file's schema, so the copies cannot drift from it.
/// Where there is no database they create none.
@Suite struct ReadOnlyCommandsTests {
  /// Readers that take `--timezone`.
  static let readers = [
    ["status"], ["metrics", "--date", "2022-10-02"], ["series", "activity.steps"], ["cache", "list"],
    ["stats", "activity.steps"], ["export", "daily"], ["export", "samples"], ["budget", "--date", "2022-10-02"],
    ["prompt", "--category", "activity", "--period", "daily", "--as-of", "2022-10-03"], ["log", "list"],
    ["relations", "--as-of", "2022-10-03"], ["alerts", "--as-of", "2022-10-03"],
  ]
  /// Readers that take no zone.
  static let readersWithoutZone = [
    ["outbox"], ["outbox", "--format", "json"], ["notify", "list"], ["notify", "test"], ["doctor"],
    ["doctor", "--format", "json"],
  ]
  /// Every reader, as run against `path`.
  static func everyReader(_ path: String) -> [[String]] {
    readers.map { $0 + ["--db", path, "--timezone", "Europe/Berlin"] } + readersWithoutZone.map { $0 + ["--db", path] }
  }

  let folder: TemporaryFolder
  let databasePath: String
  /// A settings folder with a calorie budget, so that `budget` gets as far as the database.
  let environment: [String: String]

  init() async throws {
    folder = try TemporaryFolder()
    databasePath = folder.file("panda.sqlite")
    try FileManager.default.createDirectory(atPath: folder.file("config/panda"), withIntermediateDirectories: true)
    try folder.write("config/panda/config", "budget.calories = 2000\n")
    environment = ["XDG_CONFIG_HOME": folder.file("config"), "HOME": folder.path]
    let seeded = await runPanda(
      ["import", Fixtures.path("ios16-quirks.xml"), "-q", "--db", databasePath, "--timezone", "Europe/Berlin"])
    #expect(seeded.status == .success)
  }

  /// The file's bytes and modification time.
  func snapshot(_ path: String) throws -> (Data, Date?) {
    let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    return (try Data(contentsOf: URL(fileURLWithPath: path)), modified)
  }

  @Test func readersInAnotherZoneComputeForTheRunAndLeaveTheFileAsItWas() async throws {
    // Another run holds the database: the values for another zone are not stored.
    let lock = try #require(try RunLock.acquire(for: databasePath, waitingUpTo: 0))
    defer { withExtendedLifetime(lock) {} }
    let (bytes, modified) = try snapshot(databasePath)
    for command in Self.readers {
      let result = await runPanda(
        command + ["--db", databasePath, "--timezone", "Pacific/Kiritimati"], environment: environment)
      #expect(result.status == .success, "\(command): \(result.error)")
    }
    for command in Self.readersWithoutZone {
      let result = await runPanda(command + ["--db", databasePath], environment: environment)
      #expect(result.status == .success, "\(command): \(result.error)")
    }
    let after = try snapshot(databasePath)
    #expect(after.0 == bytes)
    #expect(after.1 == modified)
    // A reader of a database in write-ahead-log mode shares SQLite's index of the log, but never writes to the log.
    let log = (try? FileManager.default.attributesOfItem(atPath: databasePath + "-wal")[.size] as? Int) ?? 0
    #expect(log == 0)
    let zone = try Database(path: databasePath).text("SELECT time_zone FROM daily_values_context")
    #expect(zone == "Europe/Berlin")
  }

  @Test func aReaderInAnotherZoneStoresTheValuesOnceForTheNextRuns() async throws {
    let stored = try Database(path: databasePath).text("SELECT time_zone FROM daily_values_context")
    #expect(stored == "Europe/Berlin")
    let relations = ["relations", "--as-of", "2022-10-03", "--db", databasePath, "--timezone", "Pacific/Kiritimati"]
    let first = await runPanda(relations, environment: environment)
    #expect(first.status == .success, "\(first.error)")
    #expect(try Database(path: databasePath).text("SELECT time_zone FROM daily_values_context") == "Pacific/Kiritimati")
    // The next reader in that zone reads the stored values: it makes no copies of its own.
    let database = try DatabaseLocation.openForReading(
      databasePath, context: DailyContext(zone: try #require(TimeZone(identifier: "Pacific/Kiritimati"))))
    #expect(throws: DatabaseError.self) { try database.text("SELECT time_zone FROM temp.daily_values_context") }
    let again = await runPanda(relations, environment: environment)
    #expect(again.output == first.output)
    #expect(!FileManager.default.fileExists(atPath: databasePath + ".lock"))
  }

  /// A connection for a reader in another zone than the stored values', which has made its copies
  /// because another run holds the database.
  func reader() throws -> Database {
    let lock = try #require(try RunLock.acquire(for: databasePath, waitingUpTo: 0))
    defer { withExtendedLifetime(lock) {} }
    let database = try DatabaseLocation.openForReading(
      databasePath, context: DailyContext(zone: try #require(TimeZone(identifier: "Asia/Tokyo"))))
    #expect(try database.text("SELECT time_zone FROM temp.daily_values_context") == "Asia/Tokyo")
    return database
  }

  /// `table` in `schema` as SQLite describes it: columns with types, constraints and defaults,
  /// whether it is strict or without rowid, and each index with its columns.
  func layout(of table: String, in schema: String, _ database: Database) throws -> [String] {
    func described(_ pragma: String, dropping dropped: Int = 0) throws -> [String] {
      try database.rows("PRAGMA \(schema).\(pragma)").map { row in
        row.values.dropFirst(dropped).map { value in
          switch value {
          case .null: "NULL"
          case .integer(let number): "\(number)"
          case .real(let number): "\(number)"
          case .text(let text): text
          }
        }.joined(separator: "|")
      }
    }
    var lines = try described("table_xinfo(\(table))") + described("table_list(\(table))", dropping: 1)
    for index in try described("index_list(\(table))", dropping: 1).sorted() {
      lines.append(index)
      lines += try described("index_xinfo('\(index.prefix { $0 != "|" })')")
    }
    return lines
  }

  @Test func aReadersConnectionCannotWrite() throws {
    let database = try reader()
    #expect(throws: DatabaseError.self) { try database.execute("DELETE FROM samples") }
    #expect(try database.text("SELECT time_zone FROM daily_values_context") == "Asia/Tokyo")
  }

  @Test func theReadersTablesAreLaidOutAsTheStoredOnes() throws {
    let database = try reader()
    for table in DailyValueStore.tables {
      let stored = try layout(of: table, in: "main", database)
      #expect(stored.contains { $0.hasPrefix("\(table)|table|") }, "\(table)")
      #expect(try layout(of: table, in: "temp", database) == stored, "\(table)")
    }
  }

  @Test func aColumnAndIndexALaterMigrationAddsReachTheReadersTables() throws {
    try Database(path: databasePath).execute(
      """
      ALTER TABLE daily_values ADD COLUMN note TEXT NOT NULL DEFAULT '';
      CREATE INDEX daily_values_day ON daily_values (day, note);
      ALTER TABLE daily_workouts ADD COLUMN heart_rate REAL;
      """)
    let database = try reader()
    for table in DailyValueStore.tables {
      #expect(try layout(of: table, in: "temp", database) == layout(of: table, in: "main", database), "\(table)")
    }
    #expect(try layout(of: "daily_values", in: "temp", database).contains { $0.hasPrefix("daily_values_day|") })
    #expect(try layout(of: "daily_workouts", in: "temp", database).contains { $0.contains("|heart_rate|REAL|") })
  }

  @Test func readersRefuseAnOlderPandasDatabaseWithoutUpgradingIt() async throws {
    let path = folder.file("older.sqlite")
    let older = try Database(path: path)
    for migration in Schema.migrations.dropLast() { try older.execute(migration) }
    try older.execute("PRAGMA user_version = \(Schema.migrations.count - 1)")
    let (bytes, modified) = try snapshot(path)
    for command in Self.everyReader(path) {
      let result = await runPanda(command, environment: environment)
      #expect(result.status == .dataError, "\(command): \(result.error)")
      let refusal =
        "\(path) was laid out by an older panda (schema \(Schema.migrations.count - 1)); this one uses "
        + "\(Schema.migrations.count). Commands that only read never upgrade it: run panda import"
      #expect((result.error + result.output).contains(refusal), "\(command)")
      let after = try snapshot(path)
      #expect(after.0 == bytes, "\(command)")
      #expect(after.1 == modified, "\(command)")
      for suffix in ["-wal", "-shm", "-journal", ".lock"] {
        #expect(!FileManager.default.fileExists(atPath: path + suffix), "\(command) \(suffix)")
      }
    }
    #expect(try Database(path: path).text("PRAGMA journal_mode") == "delete")
    // A command that writes takes the run lock and upgrades it; then the readers read it.
    let imported = await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "-q", "--db", path])
    #expect(imported.status == .success, "\(imported.error)")
    #expect(try Schema.version(Database(path: path)) == Schema.migrations.count)
    #expect(await runPanda(["status", "--db", path]).status == .success)
  }

  @Test func readersCreateNothingWhereThereIsNoDatabase() async throws {
    let missingFolder = folder.file("nowhere")
    let path = (missingFolder as NSString).appendingPathComponent("panda.sqlite")
    let nothingQueued: [String: (ExitCode, String)] = [
      "outbox": (.success, "The outbox is empty.\n"), "outbox --format json": (.success, "[]\n"),
      "notify list": (.success, "No destinations. Add one: panda notify add webhook URL\n"),
      "notify test": (.success, "No destinations to test. Add one: panda notify add webhook URL\n"),
    ]
    for command in Self.everyReader(path) {
      let result = await runPanda(command, environment: environment)
      let name = command.prefix { $0 != "--db" }.joined(separator: " ")
      if let (status, output) = nothingQueued[name] {
        #expect(result.status == status, "\(name): \(result.error)")
        #expect(result.output == output, "\(name)")
      } else {
        #expect(result.status == .noInput, "\(name): \(result.error)")
        #expect(
          (result.error + result.output).contains("no database at \(path)"), "\(name): \(result.error)")
      }
      #expect(!FileManager.default.fileExists(atPath: missingFolder), "\(name)")
    }
  }

  @Test func readersOfAnEmptyFileSayToImportAndLeaveItEmpty() async throws {
    let path = try folder.write("empty.sqlite", Data())
    for command in Self.readers.map({ $0 + ["--db", path] }) {
      let result = await runPanda(command, environment: environment)
      #expect(result.status == .noInput, "\(command): \(result.error)")
      #expect(result.error.contains("\(path) holds no panda data yet. Import an export first"), "\(command)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty, "\(command)")
    }
  }

  @Test(
    .enabled(
      if: ReadOnlyMedia.canMount, "needs permission to mount a file system (root on Linux) to make read-only media"))
  func readersWorkOnReadOnlyMedia() async throws {
    let mountPoint = folder.file("media")
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    try #require(runTool("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mountPoint))
    defer { _ = runTool("umount", mountPoint) }
    let copy = (mountPoint as NSString).appendingPathComponent("panda.sqlite")
    try FileManager.default.copyItem(atPath: databasePath, toPath: copy)
    try #require(runTool("mount", "-o", "remount,ro", mountPoint))
    for command in Self.everyReader(copy) {
      let result = await runPanda(command, environment: environment)
      #expect(result.status == .success, "\(command): \(result.error)")
    }
    let other = await runPanda(["status", "--db", copy, "--timezone", "Asia/Tokyo"])
    #expect(other.status == .success, "\(other.error)")
  }
}

/// Read-only media made for a test by mounting a file system, which only some users may do.
private enum ReadOnlyMedia {
  /// Whether this process may mount a tmpfs: tried once, on a folder of its own.
  static let canMount: Bool = {
    guard let folder = try? TemporaryFolder() else { return false }
    guard runTool("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", folder.path) else { return false }
    return runTool("umount", folder.path)
  }()
}
