import Foundation
import Testing

@testable import PandaCLI
@testable import PandaStore
@testable import PandaTestSupport

/// `panda import` as a process among others: racing imports, the run lock, signals during
/// waits, inputs that never end, and what it reports and leaves behind when a file fails.
@Suite struct ImportProcessTests {
  let folder: TemporaryFolder
  let databasePath: String

  init() throws {
    folder = try TemporaryFolder()
    databasePath = folder.file("db/panda.sqlite")
  }

  func truncatedExport() throws -> String {
    let data = try Fixtures.data("ios16-quirks.xml")
    return try folder.write("truncated.xml", data.prefix(data.count * 2 / 3))
  }

  @Test func fiveRacingFirstImportsOfOneFileAllSucceed() throws {
    let imports = try (0..<5).map { _ in
      try PandaProcess(["import", Fixtures.path("ios16-quirks.xml"), "-q", "--db", databasePath])
    }
    for child in imports {
      let ended = try #require(child.finish(within: 120))
      #expect(ended.status == 0, "\(ended.error)")
    }
    let database = try Database(path: databasePath)
    #expect(try database.integer("SELECT count(*) FROM imports") == 5)
    #expect(try database.integer("SELECT count(*) FROM samples") == 10)
  }

  @Test func aNamedPipeIsRefusedAtOnce() throws {
    let pipe = folder.file("export.xml")
    #expect(mkfifo(pipe, 0o600) == 0)
    let child = try PandaProcess(["import", pipe, "--db", databasePath])
    let ended = try #require(child.finish(within: 30), "panda import waited on the pipe")
    #expect(ended.status == ExitCode.noInput.rawValue)
    #expect(ended.error.contains("\(pipe) is a named pipe (FIFO), not a file"))
  }

  @Test(arguments: [(SIGINT, ExitCode.interrupted), (SIGTERM, ExitCode.terminated)])
  func aSignalEndsTheWaitForAnotherWriter(signal: Int32, status: ExitCode) async throws {
    #expect(
      await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "-q", "--db", databasePath]).status == .success)
    let before = try contents(ofDatabaseAt: databasePath)
    // Another writer holds the database, as `panda log` might for a moment.
    let writer = try Database(path: databasePath)
    try writer.execute("BEGIN IMMEDIATE")
    let child = try PandaProcess(
      ["import", Fixtures.path("ios8-source-attribute.xml"), "--db", databasePath],
      environment: ["PANDA_LOCK_WAIT": "600"])
    // The run lock is taken after the handlers are installed and before the database waits.
    #expect(waitForFile(databasePath + ".lock"))
    usleep(300_000)
    child.send(signal)
    let ended = try #require(child.finish(within: 30), "the signal did not end the wait")
    try writer.execute("ROLLBACK")
    #expect(ended.status == status.rawValue, "\(ended.error)")
    #expect(ended.error.contains("import interrupted; nothing from the file being imported was stored"))
    #expect(try contents(ofDatabaseAt: databasePath) == before)
  }

  @Test func importWaitsForTheRunLockUpToPandaLockWait() async throws {
    try FileManager.default.createDirectory(
      atPath: (databasePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let held = try #require(try RunLock.acquire(for: databasePath, waitingUpTo: 0))
    let refused = await runPanda(
      ["import", Fixtures.path("ios16-quirks.xml"), "--db", databasePath], environment: ["PANDA_LOCK_WAIT": "0"])
    #expect(refused.status == .temporaryFailure)
    #expect(refused.error.contains("another panda run is using \(databasePath) and did not finish within 0 s"))
    #expect(!FileManager.default.fileExists(atPath: databasePath))
    withExtendedLifetime(held) {}
  }

  @Test(arguments: [["log", "water", "250ml"], ["log", "undo"], ["log", "delete", "1"], ["cache", "clear"]])
  func otherWritersWaitForTheRunLockToo(command: [String]) async throws {
    #expect(await runPanda(["log", "water", "500ml", "--db", databasePath]).status == .success)
    let before = try contents(ofDatabaseAt: databasePath)
    let held = try #require(try RunLock.acquire(for: databasePath, waitingUpTo: 0))
    let refused = await runPanda(command + ["--db", databasePath], environment: ["PANDA_LOCK_WAIT": "0"])
    #expect(refused.status == .temporaryFailure)
    #expect(refused.error.contains("another panda run is using \(databasePath)"))
    #expect(try contents(ofDatabaseAt: databasePath) == before)
    withExtendedLifetime(held) {}
  }

  @Test func insightsWaitsForARunningImport() async throws {
    #expect(
      await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "-q", "--db", databasePath]).status == .success)
    // The import is held up by another writer for longer than SQLite's own 5 s wait.
    let writer = try Database(path: databasePath)
    try writer.execute("BEGIN IMMEDIATE")
    let wait = ["PANDA_LOCK_WAIT": "600"]
    let importing = try PandaProcess(
      ["import", Fixtures.path("ios8-source-attribute.xml"), "--add", "--db", databasePath], environment: wait)
    #expect(waitForFile(databasePath + ".lock"))
    let insights = try PandaProcess(["insights", "--db", databasePath], environment: wait)
    sleep(6)
    try writer.execute("ROLLBACK")
    let imported = try #require(importing.finish(within: 120))
    let analysed = try #require(insights.finish(within: 120))
    #expect(imported.status == 0, "\(imported.error)")
    #expect(analysed.status != ExitCode.temporaryFailure.rawValue && analysed.status != ExitCode.ioError.rawValue)
    #expect(!analysed.error.contains("another panda"), "\(analysed.error)")
  }

  @Test func aMultiFileImportReportsTheCommittedFileAndTheFailedOne() async throws {
    let bad = try truncatedExport()
    let good = Fixtures.path("ios16-quirks.xml")
    let other = Fixtures.path("ios8-source-attribute.xml")
    let result = await runPanda(["import", good, bad, other, "--db", databasePath])
    #expect(result.status == .dataError)
    #expect(result.output.contains("Imported \(good) in"))
    #expect(result.error.contains("\(bad) ends in the middle of the export at byte"))
    #expect(
      result.error.contains(
        "imported and stored: \(good); not imported: \(bad) (failed), \(other) (not attempted)."))
    #expect(!result.error.contains("as it was before"))
    #expect(try Database(path: databasePath).integer("SELECT count(*) FROM samples") == 10)
  }

  @Test func aMultiFileImportReportsEachFileInJSON() async throws {
    let bad = try truncatedExport()
    let good = Fixtures.path("ios16-quirks.xml")
    let result = await runPanda(["import", good, bad, "--db", databasePath, "--format", "json"])
    #expect(result.status == .dataError)
    let files = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
    #expect(files.count == 2)
    #expect(files.first?["file"] as? String == good)
    #expect(files.first?["inserted"] as? Int == 10)
    #expect(files.last?["file"] as? String == bad)
    #expect(files.last?["exitStatus"] as? Int == 65)
    #expect((files.last?["error"] as? String)?.contains("ends in the middle of the export") == true)
  }

  @Test func aRejectedImportIntoANewPathLeavesNoFileBehind() async throws {
    let result = await runPanda(["import", try truncatedExport(), "--db", databasePath])
    #expect(result.status == .dataError)
    for suffix in ["", "-wal", "-shm", "-journal", ".lock"] {
      #expect(!FileManager.default.fileExists(atPath: databasePath + suffix), "\(suffix)")
    }
  }

  @Test func insightsLeavesNoLockFileBesideSomethingThatIsNotADatabase() async throws {
    let notes = try folder.write("notes.txt", String(repeating: "not a database\n", count: 100))
    let result = await runPanda(["insights", "--db", notes])
    #expect(result.status != .success)
    #expect(!FileManager.default.fileExists(atPath: notes + ".lock"))
  }
}
