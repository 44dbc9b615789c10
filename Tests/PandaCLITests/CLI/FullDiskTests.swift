import Foundation
import Testing

@testable import PandaStore
@testable import PandaTestSupport

/// Imports onto a full file system: a small tmpfs, mounted where the tests may (as root); on
/// other machines these tests do nothing.
@Suite(.serialized) struct FullDiskTests {
  let folder: TemporaryFolder
  let export: String

  init() async throws {
    folder = try TemporaryFolder()
    export = folder.file("five-days.xml")
    #expect(await runPanda(["generate", export, "--days", "5", "-q"]).status == .success)
  }

  /// Runs `body` with a folder on a file system of `kilobytes`, if one can be mounted.
  func withSmallDisk(kilobytes: Int, _ body: (String) async throws -> Void) async throws {
    let mountPoint = folder.file("disk")
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    guard runTool("mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", mountPoint) else { return }
    defer { _ = runTool("umount", mountPoint) }
    try await body(mountPoint)
  }

  @Test func aCommitThatFailsOnAFullDiskLeavesNoLogBehind() async throws {
    try await withSmallDisk(kilobytes: 1_000) { disk in
      let database = (disk as NSString).appendingPathComponent("panda.sqlite")
      #expect(await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "-q", "--db", database]).status == .success)
      let before = try contents(ofDatabaseAt: database)
      let result = await runPanda(["import", export, "--add", "--db", database])
      #expect(result.status == .ioError)
      #expect(result.error.contains("database or disk is full"))
      let log = try? FileManager.default.attributesOfItem(atPath: database + "-wal")[.size] as? Int
      #expect((log ?? 0) == 0)
      #expect(try contents(ofDatabaseAt: database) == before)
    }
  }

  @Test func aLogThatCannotBeWrittenBackIsReportedNotSuccess() async throws {
    try await withSmallDisk(kilobytes: 1_400) { disk in
      let database = (disk as NSString).appendingPathComponent("panda.sqlite")
      // A database with samples: the next import goes through the log (a first one would not).
      // The two files are two histories: the second is added alongside.
      #expect(await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "-q", "--db", database]).status == .success)
      let result = await runPanda(["import", export, "--add", "--db", database])
      #expect(result.status == .ioError)
      #expect(
        result.error.contains(
          "what was imported is committed, but SQLite could not write its log \(database)-wal back into the database"))
      // Committed: the log holds it, and a reader sees it.
      let samples = try Database(path: database, readOnly: true).integer("SELECT count(*) FROM samples")
      #expect((samples ?? 0) > 10)
    }
  }

  @Test func aFirstImportNeedsNoRoomForALog() async throws {
    try await withSmallDisk(kilobytes: 1_400) { disk in
      let database = (disk as NSString).appendingPathComponent("panda.sqlite")
      let result = await runPanda(["import", export, "--db", database])
      #expect(result.status == .success)
      #expect(result.error.isEmpty)
      let check = try Database(path: database, readOnly: true)
      #expect(try check.text("PRAGMA journal_mode") == "wal")
      #expect(try check.text("PRAGMA integrity_check") == "ok")
    }
  }
}
