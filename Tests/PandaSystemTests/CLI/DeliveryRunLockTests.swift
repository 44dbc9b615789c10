import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaDelivery
@testable import PandaStore
@testable import PandaTestSupport

/// The commands that write the delivery tables take the run lock as `import` and `insights` do:
/// a second writer waits for the first, up to `PANDA_LOCK_WAIT` seconds, then exits 75.
@Suite struct DeliveryRunLockTests {
  let folder: TemporaryFolder
  let databasePath: String
  let server: LoopbackServer

  /// The writers, each of which changes the database seeded below and exits 0.
  static let writers = [
    ["deliver"], ["notify", "add", "ntfy", "http://127.0.0.1:9/panda"], ["notify", "remove", "1"],
    ["notify", "enable", "2"], ["outbox", "retry", "msg_dead"], ["outbox", "purge", "--sent"],
  ]

  /// A webhook destination (1) with one delivery due, one sent and one given up on, and a
  /// destination that is turned off (2).
  init() throws {
    folder = try TemporaryFolder()
    databasePath = folder.file("panda.sqlite")
    server = try LoopbackServer { _, _ in .respond(status: 200, body: "") }
    let database = try Database.openPanda(at: databasePath)
    let store = DestinationStore(database: database)
    let hook = try store.add(kind: .webhook, url: server.baseURL + "/hook", options: [:], now: 1_000)
    let off = try store.add(kind: .ntfy, url: server.baseURL + "/off", options: [:], now: 1_000)
    try store.disable(off.id, reason: "HTTP 410", now: 1_000)
    let outbox = Outbox(database: database)
    let ids = try ["due", "sent", "dead"].map {
      try outbox.enqueue(payload: "{}", dedupKey: $0, to: [hook], now: 1_000)[0]
    }
    try database.execute("UPDATE outbox SET state = 'sent', sent_at = 1000 WHERE id = ?", [.text(ids[1])])
    try database.execute("UPDATE outbox SET id = 'msg_dead', state = 'dead' WHERE id = ?", [.text(ids[2])])
  }

  /// Holds the run lock on the database, as another panda run would.
  func holdRunLock() throws -> RunLock {
    try #require(try RunLock.acquire(for: databasePath, waitingUpTo: 0))
  }

  @Test(arguments: writers)
  func aWriterWaitsWhileTheLockIsHeldAndGoesAheadOnceItIsReleased(command: [String]) throws {
    defer { server.stop() }
    let before = try contents(ofDatabaseAt: databasePath)
    let child: PandaProcess
    do {
      let held = try holdRunLock()
      child = try PandaProcess(command + ["--db", databasePath], environment: ["PANDA_LOCK_WAIT": "600"])
      usleep(700_000)
      #expect(child.isRunning, "\(command) did not wait for the lock")
      #expect(try contents(ofDatabaseAt: databasePath) == before)
      withExtendedLifetime(held) {}
    }
    let ended = try #require(child.finish(within: 60), "\(command) kept waiting after the lock was released")
    #expect(ended.status == 0, "\(command): \(ended.error)")
    #expect(try contents(ofDatabaseAt: databasePath) != before)
  }

  @Test(arguments: writers)
  func aWriterExits75WhenTheLockIsStillHeldAfterPandaLockWait(command: [String]) async throws {
    defer { server.stop() }
    let before = try contents(ofDatabaseAt: databasePath)
    let held = try holdRunLock()
    let refused = await runPanda(command + ["--db", databasePath], environment: ["PANDA_LOCK_WAIT": "1"])
    #expect(refused.status == .temporaryFailure)
    #expect(
      refused.error
        == "panda: another panda run is using \(databasePath) and did not finish within 1 s; try again later.\n")
    #expect(try contents(ofDatabaseAt: databasePath) == before)
    #expect(server.requests.isEmpty)
    withExtendedLifetime(held) {}
  }

  @Test(arguments: [["outbox"], ["notify", "list"], ["notify", "test", "1"]])
  func readersDoNotWaitForTheLock(command: [String]) async throws {
    defer { server.stop() }
    let held = try holdRunLock()
    let result = await runPanda(command + ["--db", databasePath], environment: ["PANDA_LOCK_WAIT": "600"])
    #expect(result.status == .success, "\(result.error)")
    withExtendedLifetime(held) {}
  }
}
