import Foundation
import Testing

@testable import PandaKit

/// Commands that only read open the database read-only: they work on read-only media and never
/// change the file, even when they need daily values for another zone, which they compute into
/// temporary tables made from the file's schema, so the copies cannot drift from it.
@Suite struct ReadOnlyCommandsTests {
  static let readers = [
    ["status"], ["metrics", "--date", "2022-10-02"], ["series", "activity.steps"], ["cache", "list"],
    ["stats", "activity.steps"], ["export", "daily"], ["export", "samples"],
  ]
  /// Readers of the delivery tables, which take no zone.
  static let deliveryReaders = [["outbox"], ["outbox", "--format", "json"], ["notify", "list"], ["notify", "test"]]

  let folder: TemporaryFolder
  let databasePath: String

  init() async throws {
    folder = try TemporaryFolder()
    databasePath = folder.file("panda.sqlite")
    let seeded = await runPanda(
      ["import", Fixtures.path("ios16-quirks.xml"), "-q", "--db", databasePath, "--timezone", "Europe/Berlin"])
    #expect(seeded.status == .success)
  }

  @Test func readersInAnotherZoneComputeForTheRunAndLeaveTheFileAsItWas() async throws {
    let before = try Data(contentsOf: URL(fileURLWithPath: databasePath))
    for command in Self.readers {
      let result = await runPanda(command + ["--db", databasePath, "--timezone", "Pacific/Kiritimati"])
      #expect(result.status == .success, "\(command): \(result.error)")
    }
    for command in Self.deliveryReaders {
      let result = await runPanda(command + ["--db", databasePath])
      #expect(result.status == .success, "\(command): \(result.error)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: databasePath)) == before)
    let zone = try Database(path: databasePath).firstRow("SELECT time_zone FROM daily_values_context")?.text(0)
    #expect(zone == "Europe/Berlin")
  }

  /// A connection for a reader in another zone than the stored values', which has made its copies.
  func reader() throws -> Database {
    let database = try DatabaseLocation.openForReading(
      databasePath, context: DailyContext(zone: try #require(TimeZone(identifier: "Asia/Tokyo"))))
    #expect(try database.firstRow("SELECT time_zone FROM temp.daily_values_context")?.text(0) == "Asia/Tokyo")
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
    #expect(try database.firstRow("SELECT time_zone FROM daily_values_context")?.text(0) == "Asia/Tokyo")
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

  /// Needs a read-only file system: mounts one where the tests may (as root), else does nothing.
  @Test func readersWorkOnReadOnlyMedia() async throws {
    let mountPoint = folder.file("media")
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    guard runTool("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mountPoint) else { return }
    defer { _ = runTool("umount", mountPoint) }
    let copy = (mountPoint as NSString).appendingPathComponent("panda.sqlite")
    try FileManager.default.copyItem(atPath: databasePath, toPath: copy)
    #expect(runTool("mount", "-o", "remount,ro", mountPoint))
    for command in Self.readers {
      let result = await runPanda(command + ["--db", copy, "--timezone", "Europe/Berlin"])
      #expect(result.status == .success, "\(command): \(result.error)")
    }
    for command in Self.deliveryReaders {
      let result = await runPanda(command + ["--db", copy])
      #expect(result.status == .success, "\(command): \(result.error)")
    }
    let other = await runPanda(["status", "--db", copy, "--timezone", "Asia/Tokyo"])
    #expect(other.status == .success, "\(other.error)")
  }
}
