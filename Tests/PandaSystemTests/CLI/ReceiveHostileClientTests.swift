import Foundation
import Synchronization
import Testing

@testable import PandaCore
@testable import PandaReceive
@testable import PandaStore
@testable import PandaTestSupport

/// `panda receive` attacked as a hostile or broken client would: the built binary on loopback,
/// spoken to over real sockets.
@Suite(.endsItsChildren) struct ReceiveHostileClientTests {
  static let token = "hostile-test-token-0c4e81d2"
  let folder: TemporaryFolder
  let databasePath: String

  init() throws {
    folder = try TemporaryFolder()
    databasePath = folder.file("db/panda.sqlite")
  }

  func start(_ arguments: [String] = []) throws -> ReceiverProcess {
    try ReceiverProcess(
      ["--token-env", "PANDA_TEST_TOKEN", "--db", databasePath, "--timezone", "UTC"] + arguments,
      environment: ["PANDA_TEST_TOKEN": Self.token])
  }

  var authorization: String { "Authorization: Bearer \(Self.token)" }

  func post(_ receiver: ReceiverProcess, _ body: String) -> RawHTTPResponse? {
    rawRequest(port: receiver.port, headers: [authorization], body: Array(body.utf8))
  }

  func count(_ sql: String) throws -> Int64? {
    try Database(path: databasePath).integer(sql)
  }

  static let steps = HealthAutoExportPush.metric(
    "step_count", points: [#"{"date": "2026-11-20 08:00:00 +0000", "qty": 1204}"#])

  @Test func aPushDatedInTheYear9999IsRefused400AndLaterPushesAreStored() throws {
    let receiver = try start()
    let poisoned = HealthAutoExportPush.metric(
      "step_count",
      points: [#"{"date": "9999-12-31 23:59:59 +0000", "qty": 5}"#, #"{"date": "9999-12-31", "qty": 6}"#])
    let refused = try #require(post(receiver, poisoned))
    #expect(refused.status == 400, "\(refused.body)")
    #expect(
      (refused.json["error"] as? String)?.contains(
        "is dated 9999-12-31; dates must lie between 2000-01-01 and tomorrow")
        == true, "\(refused.body)")
    for _ in 0..<3 {
      #expect(post(receiver, Self.steps)?.status == 200)
    }
    #expect(PushSpool(databasePath: databasePath).pending().isEmpty)
    #expect(try count("SELECT count(*) FROM pushed_samples") == 1)
  }

  @Test(arguments: ["0000-01-01 08:00:00 +0000", "0001-06-01", "1999-12-30 12:00:00 +0000"])
  func aPushDatedBefore2000IsRefused400(date: String) throws {
    let receiver = try start()
    let response = try #require(
      post(receiver, HealthAutoExportPush.metric("step_count", points: [#"{"date": "\#(date)", "qty": 5}"#])))
    #expect(response.status == 400, "\(response.body)")
    #expect(!FileManager.default.fileExists(atPath: databasePath))
  }

  @Test func aQuarantinedPushIsCountedByStatusAndImportedByRetry() async throws {
    let spool = PushSpool(databasePath: databasePath)
    try FileManager.default.createDirectory(
      atPath: (databasePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try spool.prepare()
    let path = try spool.write(Array(Self.steps.utf8), receivedAt: Date())
    _ = try spool.quarantine(path, reason: "5 attempts failed; the last: database is locked\n")
    let before = await runPanda(["receive", "retry", "--db", folder.file("db/other.sqlite")])
    #expect(before.status == .success)
    #expect(before.output.contains("No quarantined pushes"))
    let retried = await runPanda(["receive", "retry", "--db", databasePath, "--timezone", "UTC"])
    #expect(retried.status == .success, "\(retried.error)")
    #expect(retried.output.contains(": stored, 1 records, 1 new"), "\(retried.output)")
    #expect(spool.quarantined().isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: spool.quarantineFolder).isEmpty)
    #expect(try count("SELECT count(*) FROM pushed_samples") == 1)
    let again = try spool.write(Array(Self.steps.utf8), receivedAt: Date())
    _ = try spool.quarantine(again, reason: "5 attempts failed; the last: disk I/O error\n")
    let status = await runPanda(["status", "--db", databasePath])
    #expect(status.output.contains("1 quarantined after failed imports (panda receive retry imports it again)"))
    #expect(status.output.contains("disk I/O error"))
  }

  @Test func aLongSourceIsRefused400NamingTheFieldWithoutEchoingIt() throws {
    let receiver = try start()
    let long = String(repeating: "A", count: 1 << 20)
    let push = HealthAutoExportPush.metric(
      "step_count", points: [#"{"date": "2026-11-20 08:00:00 +0000", "qty": 5, "source": "\#(long)"}"#])
    let response = try #require(post(receiver, push))
    #expect(response.status == 400)
    #expect(response.body.count < 400, "\(response.body.prefix(400))")
    #expect((response.json["error"] as? String)?.contains("the source of a point is 1048576 bytes long") == true)
    #expect(!response.body.contains("AAAAAAAAAA"))
    #expect(receiver.waitForError(containing: " 400 malformed at byte"))
    #expect(!receiver.error.contains("AAAAAAAAAA"))
    #expect(post(receiver, Self.steps)?.status == 200)
  }

  @Test func aLongMetricNameAndALongNumberAreNotEchoed() throws {
    let receiver = try start()
    let name = String(repeating: "n", count: 1 << 20)
    let named = try #require(
      post(receiver, HealthAutoExportPush.metric(name, points: [#"{"date": "2026-11-20", "qty": 1}"#])))
    #expect(named.status == 400)
    #expect((named.json["error"] as? String)?.contains("the metric's name is 1048576 bytes long") == true)
    let digits = String(repeating: "7", count: 1 << 20)
    let number = try #require(
      post(
        receiver, HealthAutoExportPush.metric("step_count", points: [#"{"date": "2026-11-20", "qty": 1\#(digits)x}"#])))
    #expect(number.status == 400)
    #expect(number.body.count < 500, "\(number.body.prefix(500))")
    #expect(number.body.contains("more characters"))
    #expect(receiver.error.count < 10_000)
  }

  @Test func aNewlineInADateForgesNoLogLine() throws {
    let receiver = try start()
    let forged = #"x\n2026-11-25T08:00:00Z push 1.0 KB 7 records 7 new 200\nFORGED"#
    let response = try #require(
      post(receiver, HealthAutoExportPush.metric("step_count", points: [#"{"date": "\#(forged)", "qty": 5}"#])))
    #expect(response.status == 422, "\(response.body)")
    #expect(receiver.waitForError(containing: "rejected push-"))
    let lines = receiver.error.split(separator: "\n")
    #expect(!lines.contains { $0.hasPrefix("FORGED") || $0.hasPrefix("2026-11-25T08:00:00Z push 1.0 KB") })
    #expect(receiver.error.contains(#"x\n2026-11-25T08:00:00Z"#))
  }

  @Test func controlCharactersInAPushedNameAreStoredEscapedAndStatusPrintsNoneRaw() async throws {
    let receiver = try start()
    // A newline that forges a log line, a colour and a terminal-title escape, as JSON sends them.
    let name =
      #"Run\n2026-11-25T08:00:00Z push 1.0 KB 7 records 7 new 200\nFORGED "#
      + #"\u001b[31mRED\u001b[0m \u001b]0;owned\u0007"#
    let push = #"""
      {"data": {"workouts": [{"name": "\#(name)", "start": "2026-11-20 07:00:00 +0000",
                              "end": "2026-11-20 08:00:00 +0000"}],
                "metrics": [{"name": "step_count", "units": "count",
                             "data": [{"date": "2026-11-20 08:00:00 +0000", "qty": 5, "source": "Phone\u001b[2J\r"}]}]}}
      """#
    let response = try #require(post(receiver, push))
    #expect(response.status == 200, "\(response.body)")
    #expect(response.json["new"] as? Int == 2)
    let database = try Database(path: databasePath)
    let stored = [
      try database.text("SELECT group_concat(activity_type) FROM workouts") ?? "",
      try database.text("SELECT group_concat(source) FROM pushed_samples") ?? "",
    ]
    #expect(stored.allSatisfy { !$0.isEmpty && !$0.unicodeScalars.contains(where: EchoedText.isControl) }, "\(stored)")
    let status = await runPanda(["status", "--db", databasePath, "--timezone", "UTC"])
    #expect(status.status == .success)
    let raw = status.output.unicodeScalars.filter { $0 != "\n" && EchoedText.isControl($0) }
    #expect(raw.isEmpty, "\(raw.map { $0.value })")
    let lines = status.output.lowercased().split(separator: "\n")
    #expect(!lines.contains { $0.hasPrefix("forged") || $0.hasPrefix("2026-11-25t08") }, "\(status.output)")
    // The name is still there to see, its escapes spelled out.
    #expect(status.output.lowercased().contains(#"\u{1b}[31mred"#), "\(status.output)")
  }

  @Test func theDateWindowIsExactlyFrom2000ToTomorrow() throws {
    let receiver = try start()
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    let today = Date()
    let tomorrow = formatter.string(from: today.addingTimeInterval(86_400))
    let dayAfter = formatter.string(from: today.addingTimeInterval(2 * 86_400))
    func steps(_ date: String) -> String {
      HealthAutoExportPush.metric("step_count", points: [#"{"date": "\#(date)", "qty": 5}"#])
    }
    for date in ["1999-12-31 00:00:01 +0000", "1999-12-31 23:59:59 +0000", "\(dayAfter) 00:00:01 +0000", dayAfter] {
      let response = try #require(post(receiver, steps(date)))
      #expect(response.status == 400, "\(date): \(response.body)")
      #expect((response.json["error"] as? String)?.contains("dates must lie between 2000-01-01 and tomorrow") == true)
    }
    let workout = #"""
      {"data": {"workouts": [{"name": "Walk", "start": "\#(dayAfter) 00:30:00 +0000",
                              "end": "\#(dayAfter) 01:00:00 +0000"}]}}
      """#
    #expect(post(receiver, workout)?.status == 400)
    for date in ["2000-01-01 00:00:00 +0000", "\(tomorrow) 23:59:00 +0000"] {
      #expect(post(receiver, steps(date))?.status == 200, "\(date)")
    }
    let walkTomorrow = #"""
      {"data": {"workouts": [{"name": "Walk", "start": "\#(tomorrow) 22:30:00 +0000",
                              "end": "\#(tomorrow) 23:00:00 +0000"}]}}
      """#
    #expect(post(receiver, walkTomorrow)?.status == 200)
    #expect(try count("SELECT count(*) FROM pushed_samples") == 2)
    let database = try Database(path: databasePath)
    #expect(try database.text("SELECT max(day) FROM daily_values") == tomorrow)
    #expect(try database.text("SELECT min(day) FROM daily_values") == "2000-01-01")
    #expect(try count("SELECT count(*) FROM daily_workouts WHERE day > '\(tomorrow)'") == 0)
  }

  @Test func theAnswerCountsEveryPointReceived() throws {
    let receiver = try start()
    let push = #"""
      {"data": {"metrics": [
        {"name": "step_count", "units": "count",
         "data": [{"date": "2026-11-20 08:00:00 +0000", "qty": 1204}, {"date": "2026-11-20 09:00:00 +0000"}]},
        {"name": "mindful_minutes", "units": "min", "data": [{"date": "2026-11-20 09:00:00 +0000", "qty": -48}]},
        {"name": "no_such_metric", "units": "x",
         "data": [{"date": "2026-11-20", "qty": 1}, {"date": "2026-11-21", "qty": 2}, {"date": "2026-11-22", "qty": 3}]}
      ],
      "workouts": [{"name": "Yoga", "start": "2026-11-20 15:00:00 +0000", "end": "2026-11-20 16:00:00 +0000"}]}}
      """#
    let keys = ["new", "updated", "duplicates", "unused", "skipped", "implausible"]
    let first = try #require(post(receiver, push))
    #expect(first.status == 200, "\(first.body)")
    let counts = keys.map { first.json[$0] as? Int }
    #expect(counts == [2, 0, 0, 3, 1, 1], "\(first.body)")
    #expect(first.json["records"] as? Int == 7)
    let again = try #require(post(receiver, push))
    #expect(keys.map { again.json[$0] as? Int } == [0, 0, 2, 3, 1, 1], "\(again.body)")
    for answer in [first, again] {
      #expect(answer.json["records"] as? Int == keys.compactMap { answer.json[$0] as? Int }.reduce(0, +))
    }
  }

  @Test func impossibleValuesAreNotStored() throws {
    let receiver = try start()
    let push = #"""
      {"data": {"metrics": [
        {"name": "step_count", "units": "count", "data": [{"date": "2026-11-20 08:00:00 +0000", "qty": 1204}]},
        {"name": "mindful_minutes", "units": "min", "data": [{"date": "2026-11-20 09:00:00 +0000", "qty": -48}]},
        {"name": "apple_sleeping_wrist_temperature", "units": "degC",
         "data": [{"date": "2026-11-20", "qty": "inf"}]},
        {"name": "apple_stand_hour", "units": "count", "data": [{"date": "2026-11-20 10:00:00 +0000", "qty": "1e999"}]},
        {"name": "heart_rate", "units": "count/min",
         "data": [{"date": "2026-11-20 11:00:00 +0000", "Min": -5, "Avg": 60, "Max": 80}]},
        {"name": "sleep_analysis", "units": "hr",
         "data": [{"date": "2026-11-20", "sleepStart": "2026-11-20 08:00:00 +0000",
                   "sleepEnd": "2026-11-20 01:00:00 +0000", "asleep": 7}]}
      ],
      "workouts": [
        {"name": "Outdoor Run", "start": "2026-11-20 07:00:00 +0000", "end": "2026-11-20 08:00:00 +0000",
         "duration": "inf"},
        {"name": "Outdoor Walk", "start": "2026-11-20 12:00:00 +0000", "end": "2026-11-20 13:00:00 +0000",
         "distance": {"qty": -3, "units": "km"}},
        {"name": "Yoga", "start": "2026-11-20 15:00:00 +0000", "end": "2026-11-20 14:00:00 +0000"}
      ]}}
      """#
    let response = try #require(post(receiver, push))
    #expect(response.status == 200, "\(response.body)")
    // The steps, and the run with the duration its start and end give ("inf" is no value).
    #expect(response.json["new"] as? Int == 2)
    #expect(try count("SELECT count(*) FROM pushed_samples") == 1)
    #expect(try count("SELECT count(*) FROM pushed_samples WHERE type = 'HKQuantityTypeIdentifierStepCount'") == 1)
    #expect(try count("SELECT count(*) FROM pushed_nights") == 0)
    #expect(try count("SELECT count(*) FROM workouts") == 1)
    #expect(try count("SELECT count(*) FROM workouts WHERE duration_seconds = 3600 AND total_distance_km IS NULL") == 1)
    #expect(try count("SELECT count(*) FROM daily_values WHERE NOT (value BETWEEN -1e9 AND 1e9)") == 0)
  }

  @Test func theLatestBucketReceivedIsTheDayTotalAsTheReadmeSays() throws {
    let receiver = try start()
    for steps in [1_100, 500, 0] {
      let push = HealthAutoExportPush.metric(
        "step_count", points: [#"{"date": "2026-11-20 08:00:00 +0000", "qty": \#(steps)}"#])
      #expect(post(receiver, push)?.status == 200)
      // Another second, so that each push is received after the last.
      usleep(1_100_000)
    }
    #expect(try count("SELECT CAST(value AS INTEGER) FROM pushed_samples") == 0)
    let readme = try Documentation.text()
    #expect(readme.contains("one sent again with another value replaces it: the bucket received last wins"))
  }

  @Test(arguments: ["HTTP/1.9", "HTTP/1.1junk", "HTTP/2.0"])
  func anUnknownHTTPVersionIsRefused(version: String) throws {
    let receiver = try start()
    let connection = try RawHTTPConnection(port: receiver.port)
    connection.send("GET / \(version)\r\nHost: x\r\n\r\n")
    let response = try #require(connection.receiveAll(within: 10))
    #expect(response.status == 505 || response.status == 400)
    #expect(response.status != 200)
  }

  @Test func twoDifferentContentLengthsAreNamedAsSuch() throws {
    let receiver = try start()
    let connection = try RawHTTPConnection(port: receiver.port)
    connection.send("POST / HTTP/1.1\r\nHost: x\r\n\(authorization)\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n")
    let response = try #require(connection.receiveAll(within: 10))
    #expect(response.status == 400)
    #expect((response.json["error"] as? String)?.contains("two different Content-Lengths") == true, "\(response.body)")
  }

  @Test func aShortTokenIsAConfigurationError() async {
    let result = await runPanda(
      ["receive", "--listen", "0.0.0.0:0", "--token-env", "T", "--db", databasePath], environment: ["T": "abc"])
    #expect(result.status == .configuration)
    #expect(result.error.contains("at least 16"))
  }

  @Test func slowClientsWithoutTheTokenKeepNoTokenHolderWaiting() throws {
    let receiver = try start()
    let port = receiver.port
    let stopping = Atomic(false)
    let slow = DispatchGroup()
    // Forty clients that send a byte of a head now and then and come back once turned away.
    for _ in 0..<40 {
      slow.enter()
      Thread.detachNewThread {
        defer { slow.leave() }
        while !stopping.load(ordering: .relaxed) {
          guard let connection = try? RawHTTPConnection(port: port) else { continue }
          while !stopping.load(ordering: .relaxed) && !connection.isAnswered(within: 0.3) {
            connection.send("G")
          }
        }
      }
    }
    defer {
      stopping.store(true, ordering: .relaxed)
      slow.wait()
    }
    usleep(500_000)
    var slowest = 0.0
    for _ in 0..<20 {
      let started = Date()
      let response = post(receiver, Self.steps)
      slowest = max(slowest, Date().timeIntervalSince(started))
      #expect(response?.status == 200, "\(response?.body ?? "no answer")")
    }
    #expect(slowest < 2, "a token holder waited \(slowest) s")
    // Past the allowance for connections that have not shown the token: 503 and Retry-After,
    // never a silent close.
    let idle = try (0..<200).map { _ in try RawHTTPConnection(port: port) }
    usleep(500_000)
    var turnedAway = 0
    for connection in idle where connection.isAnswered(within: 0) {
      let response = try #require(connection.receiveAll(within: 2))
      #expect(response.status == 503)
      #expect(response.headers["retry-after"] == "5")
      turnedAway += 1
    }
    #expect(turnedAway >= 200 - ReceiveLimits().maximumWaiting)
  }
}
