import Foundation
import Synchronization
import Testing

@testable import PandaImport
@testable import PandaReceive
@testable import PandaStore
@testable import PandaTestSupport

/// The server in-process over real loopback sockets, with a handler standing in for the Health
/// Auto Export importer, short deadlines and a stop switch.
@Suite struct ReceiveServerTests {
  /// A value several threads read and change.
  final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    func withLock<T>(_ body: (inout Value) -> T) -> T { value.withLock { body(&$0) } }
  }

  /// A running server and what its handler and log saw.
  final class Running: Sendable {
    let server: ReceiveServer<[UInt8]>
    let queue: PushQueue<[UInt8]>
    let spool: PushSpool
    let stopping = Shared(false)
    private let ended = Shared(false)
    let lines = Shared<[String]>([])
    let stopped = DispatchSemaphore(value: 0)

    init(
      folder: TemporaryFolder, limits: ReceiveLimits, token: String? = nil, quiet: Bool = false,
      retryDelays: [Double] = [0.2, 0.2], handler: PushHandler<[UInt8]>
    ) throws {
      let databasePath = folder.file("panda.sqlite")
      spool = PushSpool(databasePath: databasePath)
      try spool.prepare()
      let lines = self.lines
      let log = ReceiveLog(
        routine: { line in if !quiet { lines.withLock { $0.append(line) } } },
        problem: { line in lines.withLock { $0.append(line) } })
      queue = PushQueue(
        databasePath: databasePath, spool: spool, handler: handler, retryDelay: 0.2, retryDelays: retryDelays, log: log)
      let stopping = self.stopping
      server = try ReceiveServer(
        address: ListenAddress(host: "127.0.0.1", port: 0), limits: limits, token: token.flatMap(BearerToken.init),
        handler: handler, spool: spool, queue: queue, log: log, isStopping: { stopping.withLock { $0 } })
      queue.start(leftovers: spool.pending())
      let stopped = self.stopped
      Thread.detachNewThread { [server] in
        server.run()
        stopped.signal()
      }
    }

    deinit {
      _ = stop(within: 5)
    }

    var port: Int { server.port }
    var log: [String] { lines.withLock { $0 } }

    /// Stops like SIGTERM; whether the server returned within `seconds`.
    /// A second call returns at once.
    func stop(within seconds: Double = 10) -> Bool {
      let first = ended.withLock { ended -> Bool in
        defer { ended = true }
        return !ended
      }
      guard first else { return true }
      stopping.withLock { $0 = true }
      let returned = stopped.wait(timeout: .now() + seconds) == .success
      queue.stop()
      return returned
    }
  }

  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  static let limits = ReceiveLimits(
    maximumBody: 4_096, headerTimeout: 0.5, bodyTimeout: 0.5, importWait: 5, maximumConnections: 4, maximumWaiting: 4,
    shutdownGrace: 2)

  /// Counts a body's lines as records; stores by counting calls.
  static func handler(
    stored: Shared<[String]>, failFirst: Int = 0, unusable: Bool = false
  ) -> PushHandler<[UInt8]> {
    let attempts = Shared(0)
    return PushHandler(
      validate: { bytes throws(PushRefusal) -> CheckedPush<[UInt8]> in
        guard bytes.first == UInt8(ascii: "{") else {
          throw PushRefusal(status: 400, message: "not an object at byte 0", note: "malformed at byte 0")
        }
        return CheckedPush(records: bytes.split(separator: 10).count, contents: bytes)
      },
      store: { path, contents in
        let body = contents
        let attempt = attempts.withLock { value -> Int in
          value += 1
          return value
        }
        if unusable { throw HealthAutoExportError.noUsableData(name: path, reason: "test") }
        if attempt <= failFirst { throw DatabaseError(code: 13, message: "database or disk is full", sql: nil) }
        let bytes = body ?? [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        let text = String(decoding: bytes, as: UTF8.self)
        stored.withLock { $0.append(text) }
        return PushSummary(records: 2, inserted: 2, updated: 0, duplicates: 0, days: ["2026-11-24"])
      },
      isUnusable: { $0 is HealthAutoExportError })
  }

  func post(_ port: Int, _ body: String, token: String? = nil, from source: String = "127.0.0.1") -> RawHTTPResponse? {
    rawRequest(
      port: port, headers: token.map { ["Authorization: Bearer \($0)"] } ?? [], body: Array(body.utf8), from: source)
  }

  @Test func aValidPushIsSpooledStoredAndRemovedFromTheSpool() throws {
    let stored = Shared<[String]>([])
    let running = try Running(folder: folder, limits: Self.limits, handler: Self.handler(stored: stored))
    let response = try #require(post(running.port, "{\n\"a\": 1\n}"))
    #expect(response.status == 200)
    #expect(response.json["days"] as? [String] == ["2026-11-24"])
    #expect(stored.withLock { $0 } == ["{\n\"a\": 1\n}"])
    #expect(running.spool.pending().isEmpty)
    #expect(running.log.contains { $0.hasSuffix(" push 10 B 2 records 2 new 200") })
    #expect(running.stop())
  }

  @Test func aBodyTheHandlerRefusesIsAnswered400AndNotKept() throws {
    let stored = Shared<[String]>([])
    let running = try Running(folder: folder, limits: Self.limits, handler: Self.handler(stored: stored))
    let response = try #require(post(running.port, "[1, 2"))
    #expect(response.status == 400)
    #expect(response.json["error"] as? String == "not an object at byte 0")
    #expect(running.spool.pending().isEmpty)
    #expect(stored.withLock { $0 }.isEmpty)
    #expect(running.log.contains { $0.hasSuffix(" push 5 B 400 malformed at byte 0") })
  }

  @Test func aStalledHeadAndAStalledBodyAreTimedOutWhileOthersAreServed() throws {
    let stored = Shared<[String]>([])
    var limits = Self.limits
    limits.headerTimeout = 2
    limits.bodyTimeout = 2
    let running = try Running(folder: folder, limits: limits, handler: Self.handler(stored: stored))
    let silent = try RawHTTPConnection(port: running.port)
    let halfHead = try RawHTTPConnection(port: running.port)
    halfHead.send("POST / HTTP/1.1\r\nHost: x\r\n")
    let halfBody = try RawHTTPConnection(port: running.port)
    halfBody.send("POST / HTTP/1.1\r\nContent-Length: 100\r\n\r\n{\"data\"")
    let started = Date()
    #expect(post(running.port, "{}")?.status == 200)
    // Answered while the stalled ones still wait for their deadlines.
    #expect(Date().timeIntervalSince(started) < 1.5)
    #expect(!silent.isAnswered(within: 0))
    #expect(silent.receiveAll(within: 5)?.status == 408)
    #expect(halfHead.receiveAll(within: 5)?.status == 408)
    let body = try #require(halfBody.receiveAll(within: 5))
    #expect(body.status == 408)
    #expect(body.body.contains("after 7 of 100 bytes"))
    #expect(stored.withLock { $0.count } == 1)
  }

  @Test func connectionsBeyondTheLimitAreAnswered503() throws {
    let stored = Shared<[String]>([])
    var limits = Self.limits
    limits.headerTimeout = 5
    let running = try Running(folder: folder, limits: limits, handler: Self.handler(stored: stored))
    let idle = try (0..<limits.maximumWaiting).map { _ in try RawHTTPConnection(port: running.port) }
    usleep(300_000)
    let refused = try #require(rawRequest(port: running.port, method: "GET"))
    #expect(refused.status == 503)
    #expect(refused.headers["retry-after"] == "5")
    withExtendedLifetime(idle) {}
  }

  @Test func withEverySlotTakenANewAddressTakesTheSlotOfTheOldestConnectionOfTheAddressHoldingMost() throws {
    let stored = Shared<[String]>([])
    var limits = Self.limits
    limits.headerTimeout = 5
    limits.maximumWaiting = 6
    limits.maximumWaitingPerAddress = 4
    let running = try Running(folder: folder, limits: limits, handler: Self.handler(stored: stored))
    let most = try (0..<4).map { _ in
      let connection = try RawHTTPConnection(port: running.port)
      usleep(20_000)
      return connection
    }
    let fewer = try (0..<2).map { _ in try RawHTTPConnection(port: running.port, from: "127.0.0.2") }
    usleep(300_000)
    #expect(!(most + fewer).contains { $0.isAnswered(within: 0) })
    let served = try #require(rawRequest(port: running.port, method: "GET", from: "127.0.0.3"))
    #expect(served.status == 200)
    let oldest = try #require(most.first?.receiveAll(within: 2))
    #expect(oldest.status == 503)
    #expect(oldest.headers["retry-after"] == "5")
    #expect(!(most.dropFirst() + fewer).contains { $0.isAnswered(within: 0) })
  }

  @Test func aCrowdFromOneAddressTakesNoSlotOfAnother() throws {
    let stored = Shared<[String]>([])
    var limits = Self.limits
    limits.headerTimeout = 5
    limits.maximumWaiting = 8
    limits.maximumWaitingPerAddress = 4
    let running = try Running(folder: folder, limits: limits, handler: Self.handler(stored: stored))
    let crowd = try (0..<20).map { _ in try RawHTTPConnection(port: running.port) }
    usleep(300_000)
    // Beyond its four, each newer connection of the address let an older one go.
    let answered = crowd.filter { $0.isAnswered(within: 0) }
    #expect(answered.count == crowd.count - limits.maximumWaitingPerAddress)
    for connection in answered { #expect(connection.receiveAll(within: 2)?.status == 503) }
    let others = try (0..<3).map { _ in try RawHTTPConnection(port: running.port, from: "127.0.0.2") }
    let more = try (0..<20).map { _ in try RawHTTPConnection(port: running.port) }
    usleep(300_000)
    #expect(others.allSatisfy { !$0.isAnswered(within: 0) })
    let response = try #require(post(running.port, "{}", from: "127.0.0.2"))
    #expect(response.status == 200)
    withExtendedLifetime(more) {}
  }

  @Test func pushesFromOneAddressTakeAtMostItsShareOfTheThreads() throws {
    let stored = Shared<[String]>([])
    var limits = Self.limits
    limits.bodyTimeout = 5
    limits.maximumConnectionsPerAddress = 2
    let running = try Running(folder: folder, limits: limits, handler: Self.handler(stored: stored))
    let reading = try (0..<limits.maximumConnectionsPerAddress).map { _ in
      let connection = try RawHTTPConnection(port: running.port)
      connection.send("POST / HTTP/1.1\r\nContent-Length: 100\r\n\r\n{")
      return connection
    }
    usleep(300_000)
    let refused = try #require(post(running.port, "{}"))
    #expect(refused.status == 503)
    #expect((refused.json["error"] as? String)?.contains("from your address") == true, "\(refused.body)")
    #expect(post(running.port, "{}", from: "127.0.0.2")?.status == 200)
    withExtendedLifetime(reading) {}
  }

  @Test func connectionsTurnedAwayAreCountedInOneLineAnIntervalNotOneEach() throws {
    let stored = Shared<[String]>([])
    var limits = Self.limits
    limits.headerTimeout = 5
    limits.maximumWaitingPerAddress = 2
    limits.refusalReportInterval = 1
    let running = try Running(folder: folder, limits: limits, quiet: true, handler: Self.handler(stored: stored))
    var open: [RawHTTPConnection] = []
    var turnedAway = 0
    func collect() {
      open.removeAll { connection in
        guard connection.isAnswered(within: 0) else { return false }
        if connection.receiveAll(within: 2)?.status == 503 { turnedAway += 1 }
        return true
      }
    }
    let end = Date().addingTimeInterval(2.5)
    while Date() < end {
      open.append(try RawHTTPConnection(port: running.port))
      usleep(20_000)
      collect()
    }
    usleep(300_000)
    collect()
    #expect(running.stop())
    collect()
    let lines = running.log.filter { $0.contains(" refused ") }
    #expect(turnedAway > 50)
    // One at the first, one a second after, and the rest at the stop.
    #expect(lines.count >= 2 && lines.count <= 5, "\(lines)")
    let counted = lines.compactMap { line in
      line.firstMatch(of: /Z refused ([0-9,]+) connections? since/).map { Int($0.1.filter(\.isNumber)) ?? 0 }
    }
    #expect(counted.count == lines.count)
    #expect(counted.reduce(0, +) == turnedAway, "\(lines)")
    #expect(lines.allSatisfy { $0.contains("answered 503 (over 2 connections from one address)") })
    #expect(lines.allSatisfy { $0.contains("from 127.0.0.1") })
  }

  @Test func pushesBeyondTheThreadsAreAnswered503AndTheirBodiesNotRead() throws {
    let stored = Shared<[String]>([])
    var limits = Self.limits
    limits.bodyTimeout = 5
    let running = try Running(folder: folder, limits: limits, handler: Self.handler(stored: stored))
    // Each holds a thread, its body half sent.
    let reading = try (0..<limits.maximumConnections).map { _ in
      let connection = try RawHTTPConnection(port: running.port)
      connection.send("POST / HTTP/1.1\r\nContent-Length: 100\r\n\r\n{")
      return connection
    }
    usleep(300_000)
    let refused = try #require(post(running.port, "{}"))
    #expect(refused.status == 503)
    #expect(refused.headers["retry-after"] == "5")
    #expect(rawRequest(port: running.port, method: "GET")?.status == 200)
    withExtendedLifetime(reading) {}
  }

  @Test func aClientWaitingFor100ContinueGetsItThenItsAnswer() throws {
    let stored = Shared<[String]>([])
    let running = try Running(folder: folder, limits: Self.limits, handler: Self.handler(stored: stored))
    let connection = try RawHTTPConnection(port: running.port)
    connection.send("POST / HTTP/1.1\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n")
    #expect(connection.isAnswered(within: 2))
    connection.send("{}")
    let response = try #require(connection.receiveAll(within: 5))
    #expect(response.status == 200)
  }

  @Test func aPushTheImporterRefusesIsMovedToRejectedAndAnswered422() throws {
    let stored = Shared<[String]>([])
    let running = try Running(
      folder: folder, limits: Self.limits, handler: Self.handler(stored: stored, unusable: true))
    let response = try #require(post(running.port, "{}"))
    #expect(response.status == 422)
    #expect(running.spool.pending().isEmpty)
    let rejected = try FileManager.default.contentsOfDirectory(atPath: running.spool.rejectedFolder)
    #expect(rejected.count == 1)
    #expect(rejected.first?.hasPrefix("push-") == true)
    #expect(
      running.log.contains {
        $0.contains("rejected push-") && $0.contains("test. Nothing from it was imported") && $0.contains(". Kept as ")
      })
  }

  @Test func aFailedImportIsKeptAnswered202AndRetried() throws {
    let stored = Shared<[String]>([])
    let running = try Running(
      folder: folder, limits: Self.limits, handler: Self.handler(stored: stored, failFirst: 1))
    let response = try #require(post(running.port, "{}"))
    #expect(response.status == 202)
    #expect(response.json["queued"] as? Bool == true)
    // The line is written once the push has left the spool: wait for it, not for the spool.
    let imported = { running.log.contains { $0.contains(" import push-") && $0.hasSuffix("2 records 2 new") } }
    let deadline = Date().addingTimeInterval(10)
    while !imported() && Date() < deadline { usleep(20_000) }
    #expect(imported())
    #expect(running.spool.pending().isEmpty)
    #expect(stored.withLock { $0 } == ["{}"])
    #expect(running.log.contains { $0.contains("cannot import push-") && $0.contains("database or disk is full") })
  }

  @Test func quietDropsTheLinePerPushButNotAFailedImport() throws {
    let stored = Shared<[String]>([])
    let running = try Running(
      folder: folder, limits: Self.limits, quiet: true, handler: Self.handler(stored: stored, failFirst: 1))
    #expect(post(running.port, "{}")?.status == 202)
    #expect(post(running.port, "[")?.status == 400)
    let deadline = Date().addingTimeInterval(10)
    while !running.spool.pending().isEmpty && Date() < deadline { usleep(20_000) }
    #expect(running.log.count == 1)
    #expect(running.log.first?.contains("cannot import push-") == true)
  }

  @Test func aPushRemovedFromTheSpoolByHandIsSkippedAndTheNextOneStored() throws {
    let stored = Shared<[String]>([])
    let running = try Running(folder: folder, limits: Self.limits, handler: Self.handler(stored: stored))
    var held: RunLock? = try RunLock.acquire(for: folder.file("panda.sqlite"), waitingUpTo: 0)
    #expect(post(running.port, "{\"first\": 1}")?.status == 202)
    for path in running.spool.pending() { try FileManager.default.removeItem(atPath: path) }
    #expect(post(running.port, "{\"second\": 2}")?.status == 202)
    withExtendedLifetime(held) {}
    held = nil
    let deadline = Date().addingTimeInterval(10)
    while stored.withLock({ $0.isEmpty }) && Date() < deadline { usleep(20_000) }
    #expect(stored.withLock { $0 } == ["{\"second\": 2}"])
    #expect(running.log.contains { $0.contains("is no longer in") && $0.hasSuffix("; skipped") })
  }

  @Test func aPushImportedAtOnceIsHandedOverAndAQueuedOneIsReadFromTheSpool() throws {
    let handedOver = Shared<[Bool]>([])
    let handler = PushHandler(
      validate: { bytes throws(PushRefusal) -> CheckedPush<[UInt8]> in CheckedPush(records: 1, contents: bytes) },
      store: { path, contents in
        let body = contents
        handedOver.withLock { $0.append(body != nil) }
        #expect((body ?? [UInt8](FileManager.default.contents(atPath: path) ?? Data())) == Array("{}".utf8))
        return PushSummary(records: 1, inserted: 1, updated: 0, duplicates: 0, days: [])
      },
      isUnusable: { _ in false })
    let running = try Running(folder: folder, limits: Self.limits, handler: handler)
    #expect(post(running.port, "{}")?.status == 200)
    var held: RunLock? = try RunLock.acquire(for: folder.file("panda.sqlite"), waitingUpTo: 5)
    #expect(post(running.port, "{}")?.status == 202)
    withExtendedLifetime(held) {}
    held = nil
    let deadline = Date().addingTimeInterval(10)
    while !running.spool.pending().isEmpty && Date() < deadline { usleep(20_000) }
    #expect(handedOver.withLock { $0 } == [true, false])
  }

  @Test func stoppingClosesIdleConnectionsAndAnswersLateRequests503() throws {
    let stored = Shared<[String]>([])
    var limits = Self.limits
    limits.headerTimeout = 5
    let running = try Running(folder: folder, limits: limits, handler: Self.handler(stored: stored))
    let idle = try RawHTTPConnection(port: running.port)
    let late = try RawHTTPConnection(port: running.port)
    late.send("GET / HTTP/1.1\r\n")
    usleep(200_000)
    let started = Date()
    running.stopping.withLock { $0 = true }
    late.send("\r\n")
    #expect(late.receiveAll(within: 5)?.status == 503)
    #expect(idle.receiveAll(within: 5)?.status == 0)
    #expect(running.stop())
    #expect(Date().timeIntervalSince(started) < 2)
  }

  @Test func aPushThatKeepsFailingIsQuarantinedWithinItsRetriesWhileAHundredLaterOnesAreStored() throws {
    let stored = Shared<[String]>([])
    let attempts = Shared(0)
    let handler = PushHandler(
      validate: { bytes throws(PushRefusal) -> CheckedPush<[UInt8]> in CheckedPush(records: 1, contents: bytes) },
      store: { path, contents in
        let body = contents
        let text = String(
          decoding: body ?? [UInt8](FileManager.default.contents(atPath: path) ?? Data()), as: UTF8.self)
        if text.contains("poison") {
          attempts.withLock { $0 += 1 }
          throw DatabaseError(
            code: 19, message: "UNIQUE constraint failed: daily_values.metric, daily_values.day", sql: nil)
        }
        stored.withLock { $0.append(text) }
        return PushSummary(records: 1, inserted: 1, updated: 0, duplicates: 0, days: [])
      },
      isUnusable: { _ in false })
    let delays = [0.1, 0.2, 0.4]
    let running = try Running(folder: folder, limits: Self.limits, retryDelays: delays, handler: handler)
    let started = Date()
    #expect(post(running.port, "{\"poison\": 1}")?.status == 202)
    for number in 1...100 {
      let status = post(running.port, "{\"n\": \(number)}")?.status
      #expect(status == 200 || status == 202, "push \(number): \(status ?? 0)")
    }
    let quarantine = running.spool.quarantineFolder
    let deadline = Date().addingTimeInterval(20)
    while running.spool.quarantined().isEmpty && Date() < deadline { usleep(20_000) }
    let quarantinedAfter = Date().timeIntervalSince(started)
    // The push is moved first and its line written after: wait for the line too.
    func saidQuarantined() -> Bool {
      running.log.contains { $0.contains("quarantined push-") && $0.contains("panda receive retry") }
    }
    while !saidQuarantined() && Date() < deadline { usleep(20_000) }
    while (stored.withLock { $0.count } < 100 || !running.spool.pending().isEmpty) && Date() < deadline {
      usleep(20_000)
    }
    #expect(stored.withLock { $0.count } == 100)
    #expect(running.spool.pending().isEmpty)
    let kept = running.spool.quarantined()
    #expect(kept.count == 1)
    #expect(kept.first?.reason.contains("4 attempts failed") == true, "\(kept)")
    #expect(kept.first?.reason.contains("UNIQUE constraint failed") == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: quarantine).count == 2)
    #expect(attempts.withLock { $0 } == delays.count + 1)
    // Its attempts are spaced by the delays, not by the pushes behind it.
    #expect(quarantinedAfter < delays.reduce(0, +) + 10)
    #expect(running.log.contains { $0.contains("attempt 1 of 4, trying again in 0.1 s while later pushes") })
    #expect(saidQuarantined())
  }

  @Test func aRestartGoesOnCountingAPushsFailedImports() throws {
    let attempts = Shared(0)
    let handler = PushHandler(
      validate: { bytes throws(PushRefusal) -> CheckedPush<[UInt8]> in CheckedPush(records: 1, contents: bytes) },
      store: { _, _ in
        attempts.withLock { $0 += 1 }
        throw DatabaseError(code: 13, message: "database or disk is full", sql: nil)
      },
      isUnusable: { _ in false })
    // Two attempts in all, the second not before 60 s: only a restart can make it come sooner.
    let first = try Running(folder: folder, limits: Self.limits, retryDelays: [60], handler: handler)
    #expect(post(first.port, "{}")?.status == 202)
    let deadline = Date().addingTimeInterval(10)
    while !first.log.contains(where: { $0.contains("attempt 1 of 2") }) && Date() < deadline { usleep(20_000) }
    #expect(first.stop())
    #expect(first.spool.pending().count == 1)
    let second = try Running(folder: folder, limits: Self.limits, retryDelays: [60], handler: handler)
    while second.spool.quarantined().isEmpty && Date() < deadline { usleep(20_000) }
    #expect(attempts.withLock { $0 } == 2)
    let kept = second.spool.quarantined()
    #expect(kept.count == 1)
    #expect(kept.first?.reason.contains("2 attempts failed") == true, "\(kept)")
    #expect(second.spool.pending().isEmpty)
    // Nothing is left beside the pushes once the push has left the spool.
    let left = try FileManager.default.contentsOfDirectory(atPath: second.spool.folder)
    #expect(left.sorted() == ["quarantine", "rejected"], "\(left)")
    #expect(second.stop())
  }
}
