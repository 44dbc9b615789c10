import Foundation
import Testing

@testable import PandaStore
@testable import PandaTestSupport

/// A database whose last write was stopped part-way, as a killed first import leaves it: the
/// file and its hot rollback journal, copied while a transaction had spilled pages to the file.
@Suite struct UnfinishedWriteTests {
  let folder: TemporaryFolder
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    let original = folder.file("original.sqlite")
    path = folder.file("panda.sqlite")
    let database = try Database.openPanda(at: original)
    #expect(try database.text("PRAGMA journal_mode = DELETE") == "delete")
    try database.execute("PRAGMA cache_size = 1")
    try database.execute("BEGIN IMMEDIATE")
    for index in 0..<2_000 {
      try database.execute(
        "INSERT INTO profile (key, value) VALUES (?, ?)",
        [.text("key \(index)"), .text(String(repeating: "x", count: 200))])
    }
    try FileManager.default.copyItem(atPath: original, toPath: path)
    try FileManager.default.copyItem(atPath: original + "-journal", toPath: path + "-journal")
    try database.execute("ROLLBACK")
  }

  @Test func aCommandThatOnlyReadsSaysWhatHappenedAndWritesNothing() async throws {
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let result = await runPanda(["series", "activity.steps", "--db", path])
    #expect(result.status == .temporaryFailure)
    #expect(result.error.contains("stopped part-way"))
    #expect(result.error.contains("panda import"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(FileManager.default.fileExists(atPath: path + "-journal"))
  }

  @Test func theNextCommandThatWritesPutsTheFileBackAsItWas() async throws {
    let imported = await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "-q", "--db", path])
    #expect(imported.status == .success)
    #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
    let database = try Database(path: path, readOnly: true)
    #expect(try database.integer("SELECT count(*) FROM profile WHERE key LIKE 'key %'") == 0)
    #expect(try database.text("PRAGMA journal_mode") == "wal")
    #expect(await runPanda(["series", "activity.steps", "--db", path]).status == .success)
  }
}
