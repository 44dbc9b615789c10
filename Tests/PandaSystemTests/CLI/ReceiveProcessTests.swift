import Foundation
import Synchronization
import Testing

@testable import PandaReceive
@testable import PandaStore
@testable import PandaTestSupport

/// `panda receive` as the app meets it: the built binary on a loopback port, spoken to over real
/// sockets, with another run holding the database, stalled clients and SIGTERM.
@Suite(.endsItsChildren) struct ReceiveProcessTests {
  static let token = "test-token-7f3a9c1e5b"
  let folder: TemporaryFolder
  let databasePath: String

  init() throws {
    folder = try TemporaryFolder()
    databasePath = folder.file("db/panda.sqlite")
  }

  func push() throws -> [UInt8] { [UInt8](try Fixtures.data("hae-push.json")) }

  func start(_ arguments: [String] = []) throws -> ReceiverProcess {
    try ReceiverProcess(
      ["--token-env", "PANDA_TEST_TOKEN", "--db", databasePath] + arguments,
      environment: ["PANDA_TEST_TOKEN": Self.token])
  }

  var authorization: String { "Authorization: Bearer \(Self.token)" }

  var spooled: [String] { PushSpool(databasePath: databasePath).pending() }

  func count(_ sql: String) throws -> Int64? {
    try Database(path: databasePath).integer(sql)
  }

  @Test func aPushIsStoredAndAnsweredWithWhatItStored() throws {
    let receiver = try start()
    let response = try #require(rawRequest(port: receiver.port, headers: [authorization], body: try push()))
    #expect(response.status == 200, "\(response.body)")
    #expect(response.json["stored"] as? Bool == true)
    #expect(response.json["records"] as? Int == 7)
    #expect(response.json["new"] as? Int == 7)
    #expect((response.json["days"] as? [String])?.isEmpty == false)
    #expect(spooled.isEmpty)
    #expect(try count("SELECT count(*) FROM imports WHERE route = 'push'") == 1)
    #expect(try count("SELECT count(*) FROM pushed_samples") == 7)
    #expect(receiver.waitForError(containing: " push 1.2 KB 7 records 7 new 200"))
    #expect(!receiver.error.contains(Self.token))
    receiver.send(SIGTERM)
    #expect(receiver.finish(within: 30) == 0)
  }

  @Test func aReceiverIsEndedWhenTheTestLetsGoOfIt() throws {
    var identifier: Int32 = 0
    do {
      let receiver = try start()
      identifier = receiver.processIdentifier
      #expect(rawRequest(port: receiver.port, method: "GET")?.status == 200)
    }
    let deadline = Date().addingTimeInterval(5)
    while ChildProcesses.isAlive(identifier) && Date() < deadline { usleep(20_000) }
    #expect(!ChildProcesses.isAlive(identifier), "panda receive (\(identifier)) outlived its test")
  }

  @Test func aHealthCheckNeedsNoToken() throws {
    let receiver = try start()
    let response = try #require(rawRequest(port: receiver.port, method: "GET"))
    #expect(response.status == 200)
    #expect(response.json["ok"] as? Bool == true)
  }

  @Test(arguments: [nil, "Authorization: Bearer wrong-token", "Authorization: Basic dGVzdA=="])
  func aPushWithoutTheTokenIs401AndStoresNothing(header: String?) throws {
    let receiver = try start()
    let response = try #require(
      rawRequest(port: receiver.port, headers: header.map { [$0] } ?? [], body: try push()))
    #expect(response.status == 401)
    #expect(response.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
    #expect((response.json["error"] as? String)?.contains("token") == true)
    #expect(spooled.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: databasePath))
    #expect(receiver.waitForError(containing: " push 1.2 KB 401"))
  }

  @Test func aCutOffDocumentIs400NamingTheByteAndStoresNothing() throws {
    let receiver = try start()
    let cut = Array(try push().prefix(300))
    let response = try #require(rawRequest(port: receiver.port, headers: [authorization], body: cut))
    #expect(response.status == 400)
    #expect((response.json["error"] as? String)?.contains("cannot be read at byte 300") == true, "\(response.body)")
    #expect(spooled.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: databasePath))
  }

  @Test func aBodyEndingBeforeItsContentLengthIs400AndStoresNothing() throws {
    let receiver = try start()
    let connection = try RawHTTPConnection(port: receiver.port)
    let body = try push()
    connection.send(
      "POST / HTTP/1.1\r\nHost: x\r\n\(authorization)\r\nContent-Length: \(body.count + 500)\r\n\r\n")
    connection.send(body)
    connection.finishSending()
    let response = try #require(connection.receiveAll(within: 30))
    #expect(response.status == 400)
    #expect(
      (response.json["error"] as? String)?.contains("ended after \(body.count) of the \(body.count + 500) bytes")
        == true, "\(response.body)")
    #expect(spooled.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: databasePath))
  }

  @Test func aBodyOverTheLimitIs413BeforeAnyOfItIsSent() throws {
    let receiver = try start(["--max-body", "1KB"])
    let connection = try RawHTTPConnection(port: receiver.port)
    // Only the head: the answer must not wait for the 100 MB it announces.
    connection.send("POST / HTTP/1.1\r\nHost: x\r\n\(authorization)\r\nContent-Length: 104857600\r\n\r\n")
    let response = try #require(connection.receiveAll(within: 10))
    #expect(response.status == 413)
    #expect((response.json["error"] as? String)?.contains("at most 1.0 KB (1024 bytes") == true, "\(response.body)")
    let small = try #require(rawRequest(port: receiver.port, headers: [authorization], body: try push()))
    #expect(small.status == 413)
    #expect(spooled.isEmpty)
  }

  /// `body` in chunks of at most `size` bytes, as a client streaming it writes them.
  func chunked(_ body: [UInt8], size: Int) -> [UInt8] {
    var encoded: [UInt8] = []
    var start = 0
    while start < body.count {
      let piece = body[start..<min(body.count, start + size)]
      encoded += Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + Array("\r\n".utf8)
      start += size
    }
    return encoded + Array("0\r\n\r\n".utf8)
  }

  @Test func aChunkedPushIsStoredLikeOneWithAContentLength() throws {
    let receiver = try start()
    let connection = try RawHTTPConnection(port: receiver.port)
    connection.send("POST / HTTP/1.1\r\nHost: x\r\n\(authorization)\r\nTransfer-Encoding: chunked\r\n\r\n")
    // Sent piece by piece, the way a client streaming a file does.
    let encoded = chunked(try push(), size: 100)
    for start in stride(from: 0, to: encoded.count, by: 300) {
      connection.send(Array(encoded[start..<min(encoded.count, start + 300)]))
      usleep(5_000)
    }
    let response = try #require(connection.receiveAll(within: 30))
    #expect(response.status == 200, "\(response.body)")
    #expect(response.json["new"] as? Int == 7)
    #expect(try count("SELECT count(*) FROM pushed_samples") == 7)
    #expect(spooled.isEmpty)
  }

  @Test func aChunkedPushOverTheLimitIs413AndStoresNothing() throws {
    let receiver = try start(["--max-body", "1KB"])
    let response = try #require(
      rawRequest(
        port: receiver.port, headers: [authorization, "Transfer-Encoding: chunked"],
        body: chunked(try push(), size: 400), sendsLength: false))
    #expect(response.status == 413)
    #expect((response.json["error"] as? String)?.contains("over 1.0 KB (1024 bytes") == true, "\(response.body)")
    #expect(spooled.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: databasePath))
  }

  @Test func aMalformedChunkIs400NamingTheByte() throws {
    let receiver = try start()
    let response = try #require(
      rawRequest(
        port: receiver.port, headers: [authorization, "Transfer-Encoding: chunked"],
        body: Array("5\r\n{\"a\":\r\nxyz\r\n".utf8), sendsLength: false))
    #expect(response.status == 400)
    #expect(
      response.json["error"] as? String
        == "the chunk size 'xyz' at byte 10 of the body is not a hexadecimal number; nothing was stored")
    #expect(spooled.isEmpty)
  }

  @Test func fiveConcurrentPushesWhileAnotherRunHoldsTheDatabaseAreQueuedThenStoredOnce() throws {
    let receiver = try start()
    // A client that sent half a body and stalls holds up no one.
    let stalled = try RawHTTPConnection(port: receiver.port)
    stalled.send("POST / HTTP/1.1\r\nHost: x\r\n\(authorization)\r\nContent-Length: 5000\r\n\r\n{\"data\":")
    let silent = try RawHTTPConnection(port: receiver.port)
    try FileManager.default.createDirectory(
      atPath: (databasePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    // What `panda insights` or `panda import` holds while they run.
    var held: RunLock? = try RunLock.acquire(for: databasePath, waitingUpTo: 0)
    let body = try push()
    let port = receiver.port
    let started = Date()
    let answers = Mutex<[RawHTTPResponse?]>([])
    DispatchQueue.concurrentPerform(iterations: 5) { _ in
      let response = rawRequest(port: port, headers: [authorization], body: body, within: 30)
      answers.withLock { $0.append(response) }
    }
    let elapsed = Date().timeIntervalSince(started)
    let responses = answers.withLock { $0 }
    #expect(responses.count == 5)
    for response in responses {
      #expect(response?.status == 202, "\(response?.body ?? "no answer")")
      #expect(response?.json["queued"] as? Bool == true)
      #expect(response?.json["records"] as? Int == 7)
    }
    #expect(elapsed < 5, "the stalled connections held the pushes up for \(elapsed) s")
    #expect(spooled.count == 5)
    withExtendedLifetime(held) {}
    held = nil
    #expect(receiver.waitForError(containing: "import push-", seconds: 30))
    let deadline = Date().addingTimeInterval(30)
    while !spooled.isEmpty && Date() < deadline { usleep(50_000) }
    #expect(spooled.isEmpty)
    #expect(try count("SELECT count(*) FROM imports WHERE route = 'push'") == 5)
    #expect(try count("SELECT sum(inserted) FROM imports") == 7)
    #expect(try count("SELECT count(*) FROM pushed_samples") == 7)
    #expect(!stalled.isAnswered(within: 0))
    withExtendedLifetime(silent) {}
  }

  @Test func sigtermLetsAPushInFlightFinishThenExitsZeroWithAnIntactDatabase() throws {
    let receiver = try start()
    let body = try push()
    let connection = try RawHTTPConnection(port: receiver.port)
    connection.send("POST / HTTP/1.1\r\nHost: x\r\n\(authorization)\r\nContent-Length: \(body.count)\r\n\r\n")
    connection.send(Array(body.prefix(500)))
    usleep(200_000)
    receiver.send(SIGTERM)
    usleep(500_000)
    #expect(receiver.isRunning)
    #expect((try? RawHTTPConnection(port: receiver.port)) == nil, "still accepting after SIGTERM")
    connection.send(Array(body.dropFirst(500)))
    let response = try #require(connection.receiveAll(within: 30))
    #expect(response.status == 200, "\(response.body)")
    #expect(receiver.finish(within: 30) == 0)
    #expect(try Database(path: databasePath).text("PRAGMA integrity_check") == "ok")
    #expect(try count("SELECT count(*) FROM pushed_samples") == 7)
    #expect(spooled.isEmpty)
  }

  /// A push of `minutes` minute buckets of steps, active energy and heart rate ending
  /// yesterday: about 65 bytes a bucket.
  static func largePush(minutes: Int) -> [UInt8] {
    let end = (Int(Date().timeIntervalSince1970) / 86_400 - 1) * 86_400
    let start = end - minutes * 60
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    let dates = (0..<minutes).map { formatter.string(from: Date(timeIntervalSince1970: Double(start + $0 * 60))) }
    var text = #"{"data":{"metrics":["#
    for (index, (name, units)) in [("step_count", "count"), ("active_energy", "kcal"), ("heart_rate", "count/min")]
      .enumerated()
    {
      text += (index > 0 ? "," : "") + #"{"name":"\#(name)","units":"\#(units)","data":["#
      for minute in 0..<minutes {
        text += (minute > 0 ? "," : "") + #"{"date":"\#(dates[minute]) +0000","qty":\#(60 + minute % 50),"#
        text += #""source":"iPhone"}"#
      }
      text += "]}"
    }
    return Array((text + "]}}").utf8)
  }

  @Test func sigtermDuringALargeImportStopsWithinSecondsAndTheAcknowledgedPushIsImportedAfterRestart() throws {
    // Large enough that its import outlasts the grace period on a quiet machine too.
    let minutes = 250_000
    let body = Self.largePush(minutes: minutes)
    #expect(body.count > 40_000_000)
    let receiver = try start(["--timezone", "UTC"])
    let connection = try RawHTTPConnection(port: receiver.port)
    connection.send("POST / HTTP/1.1\r\nHost: x\r\n\(authorization)\r\nContent-Length: \(body.count)\r\n\r\n")
    connection.send(body)
    // Checked and kept on disk: its import begins at once, and takes longer than the 2 s a push
    // being imported is given after SIGTERM.
    let deadline = Date().addingTimeInterval(120)
    while spooled.isEmpty && Date() < deadline { usleep(10_000) }
    try #require(spooled.count == 1)
    let signalled = Date()
    receiver.send(SIGTERM)
    let status = receiver.finish(within: 30)
    let stopped = Date().timeIntervalSince(signalled)
    #expect(status == 0, "\(receiver.error)")
    #expect(stopped <= 5, "took \(stopped) s to stop")
    let response = try #require(connection.receiveAll(within: 5))
    #expect(response.status == 202, "\(response.body)")
    #expect(try Database(path: databasePath).text("PRAGMA integrity_check") == "ok")
    // The import was under way: rolled back, the push is still in the spool.
    #expect(spooled.count == 1, "\(receiver.error)")
    #expect(try count("SELECT count(*) FROM pushed_samples") ?? 0 == 0)
    let restarted = try start(["--timezone", "UTC"])
    let imported = Date().addingTimeInterval(180)
    while !spooled.isEmpty && Date() < imported { usleep(100_000) }
    #expect(spooled.isEmpty, "\(restarted.error)")
    restarted.send(SIGTERM)
    #expect(restarted.finish(within: 30) == 0)
    #expect(try count("SELECT count(*) FROM pushed_samples") == Int64(3 * minutes))
    #expect(try Database(path: databasePath).text("PRAGMA integrity_check") == "ok")
  }

  @Test func aPushWithNothingPandaUsesIs422AndKeptInRejected() throws {
    let receiver = try start()
    let unknown = Array(
      #"{"data": {"metrics": [{"name": "no_such_metric", "units": "x", "data": [{"date": "2026-11-24 08:00:00 +0100", "qty": 1}]}]}}"#
        .utf8)
    let response = try #require(rawRequest(port: receiver.port, headers: [authorization], body: unknown))
    #expect(response.status == 422, "\(response.body)")
    #expect(spooled.isEmpty)
    let rejected = PushSpool(databasePath: databasePath).rejectedFolder
    let kept = try FileManager.default.contentsOfDirectory(atPath: rejected)
    #expect(kept.count == 1)
    let name = try #require(kept.first)
    // The folder it is kept in is the server's own business: the answer does not name it.
    #expect(
      response.body
        == #"{"error":"the push was refused by the importer: \#(name) holds no data panda can use: only metrics "#
        + #"panda does not use (no_such_metric). Nothing from it was imported; check the automation's metrics and "#
        + #"that its format is JSON. It is kept with the receiver's rejected pushes, which panda status counts."}"#)
    #expect(!response.body.contains(folder.path))
    #expect(!response.body.contains("/"))
    #expect(receiver.waitForError(containing: "rejected push-"))
    #expect(receiver.error.contains("that its format is JSON. Kept as \(rejected)/\(name).\n"), "\(receiver.error)")
    #expect(try count("SELECT count(*) FROM imports") == 0)
  }

  @Test func aPushWithNoRecordsIsAnsweredWithoutKeepingIt() throws {
    let receiver = try start()
    let empty = Array(
      #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": []}], "workouts": []}}"#.utf8)
    let response = try #require(rawRequest(port: receiver.port, headers: [authorization], body: empty))
    #expect(response.status == 200)
    #expect(response.json["records"] as? Int == 0)
    #expect(spooled.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: databasePath))
  }

  @Test func pushesLeftInTheSpoolAreImportedAtStart() throws {
    let spool = PushSpool(databasePath: databasePath)
    try FileManager.default.createDirectory(
      atPath: (databasePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try spool.prepare()
    _ = try spool.write(try push(), receivedAt: Date())
    let receiver = try start()
    #expect(receiver.error.contains("importing 1 push left in \(spool.folder) first"))
    #expect(receiver.waitForError(containing: "7 records 7 new"))
    #expect(spool.pending().isEmpty)
    #expect(try count("SELECT count(*) FROM pushed_samples") == 7)
  }

  @Test func anUnsetTokenVariableIsAConfigurationError() async {
    let result = await runPanda(
      ["receive", "--listen", "127.0.0.1:0", "--token-env", "PANDA_NO_SUCH_TOKEN", "--db", databasePath])
    #expect(result.status == .configuration)
    #expect(result.error.contains("PANDA_NO_SUCH_TOKEN is not set or empty"))
    let empty = await runPanda(
      ["receive", "--listen", "127.0.0.1:0", "--token-env", "T", "--db", databasePath], environment: ["T": " "])
    #expect(empty.status == .configuration)
  }

  @Test(arguments: ["0.0.0.0:0", ":0", "[::]:0"])
  func listeningBeyondLoopbackWithoutATokenIsRefused(address: String) async {
    let result = await runPanda(["receive", "--listen", address, "--db", databasePath])
    #expect(result.status == .configuration)
    #expect(result.error.contains("without a token would let anyone on the network"))
    #expect(!FileManager.default.fileExists(atPath: databasePath + ".inbox"))
  }

  @Test(arguments: [["--listen", "8080"], ["--listen", "localhost:99999"], ["--listen", "::1:80"]])
  func aBadAddressIsAUsageError(arguments: [String]) async {
    let result = await runPanda(["receive"] + arguments + ["--db", databasePath])
    #expect(result.status == .usage)
    #expect(result.error.contains("--listen"))
  }

  @Test func aDatabaseNoPushCouldBeImportedIntoIsRefusedAtStart() async throws {
    let notes = try folder.write("notes.txt", "not a database\n")
    let result = await runPanda(["receive", "--listen", "127.0.0.1:0", "--db", notes])
    #expect(result.status == .dataError)
    #expect(result.error.contains("not an SQLite file at all"))
    #expect(try String(contentsOfFile: notes, encoding: .utf8) == "not a database\n")
    #expect(!FileManager.default.fileExists(atPath: notes + ".inbox"))
  }

  @Test func aBadSizeIsAUsageError() async {
    let result = await runPanda(["receive", "--listen", "127.0.0.1:0", "--max-body", "lots", "--db", databasePath])
    #expect(result.status == .usage)
    #expect(result.error.contains("--max-body 'lots': expected a size"))
  }
}
