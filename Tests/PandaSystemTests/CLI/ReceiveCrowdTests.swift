import Foundation
import Synchronization
import Testing

@testable import PandaStore
@testable import PandaTestSupport

/// `panda receive` under a crowd: the built binary on loopback, a crowd of idle connections
/// from one address (127.0.0.1) while another address (127.0.0.2) pushes.
@Suite(.endsItsChildren) struct ReceiveCrowdTests {
  static let token = "crowd-test-token-5d2b7e90a1"
  let folder: TemporaryFolder
  let databasePath: String

  init() throws {
    folder = try TemporaryFolder()
    databasePath = folder.file("db/panda.sqlite")
  }

  /// Idle connections from 127.0.0.1, kept at `size` by a thread of their own: each one
  /// answered is read, counted by status and replaced, until `stop`; `finish` counts the last
  /// answers and closes the rest.
  final class Crowd: Sendable {
    private let statusCounts = Mutex<[Int: Int]>([:])
    private let stopping = Atomic(false)
    private let finishing = Atomic(false)
    private let done = DispatchSemaphore(value: 0)

    init(port: Int, size: Int) {
      Thread.detachNewThread { [self] in
        var connections: [RawHTTPConnection] = []
        func collect() {
          connections.removeAll { connection in
            guard connection.isAnswered(within: 0) else { return false }
            let status = connection.receiveAll(within: 2)?.status ?? 0
            statusCounts.withLock { $0[status, default: 0] += 1 }
            return true
          }
        }
        while !finishing.load(ordering: .relaxed) {
          if !stopping.load(ordering: .relaxed) {
            while connections.count < size, let connection = try? RawHTTPConnection(port: port) {
              connections.append(connection)
            }
          }
          usleep(200_000)
          collect()
        }
        collect()
        done.signal()
      }
    }

    /// Stops replacing connections; those open stay open.
    func stop() {
      stopping.store(true, ordering: .relaxed)
    }

    /// Counts the answers still to read and closes every connection. A second call returns at once.
    func finish() {
      stop()
      guard !finishing.exchange(true, ordering: .relaxed) else { return }
      done.wait()
    }

    /// Answers received, by status (0: closed without an answer).
    var statuses: [Int: Int] { statusCounts.withLock { $0 } }
  }

  @Test func aCrowdOfIdleConnectionsFromOneAddressLocksNoOtherAddressOut() throws {
    let receiver = try ReceiverProcess(
      ["--token-env", "PANDA_TEST_TOKEN", "--db", databasePath, "--timezone", "UTC"],
      environment: ["PANDA_TEST_TOKEN": Self.token])
    let crowd = Crowd(port: receiver.port, size: 200)
    defer { crowd.finish() }
    // Until the crowd holds what it can.
    let filled = Date().addingTimeInterval(10)
    while crowd.statuses[503, default: 0] == 0 && Date() < filled { usleep(20_000) }
    var statuses: [Int] = []
    for hour in 0..<8 {
      let started = Date()
      let push = HealthAutoExportPush.metric(
        "step_count", points: [#"{"date": "2026-11-20 \#(String(format: "%02d", hour)):00:00 +0000", "qty": 100}"#])
      let response = rawRequest(
        port: receiver.port, headers: ["Authorization: Bearer \(Self.token)"], body: Array(push.utf8), within: 10,
        from: "127.0.0.2")
      statuses.append(response?.status ?? 0)
      #expect(Date().timeIntervalSince(started) < 3)
      usleep(300_000)
    }
    #expect(statuses == Array(repeating: 200, count: 8), "\(statuses)")
    #expect(try Database(path: databasePath).integer("SELECT count(*) FROM pushed_samples") == 8)
    crowd.stop()
    #expect(crowd.statuses[503, default: 0] > 200, "\(crowd.statuses)")
    receiver.send(SIGTERM)
    #expect(receiver.finish(within: 30) == 0)
    // What the receiver answered or closed up to its stop is read now, so that every answer is counted.
    crowd.finish()
    let turnedAway = crowd.statuses[503, default: 0] + crowd.statuses[408, default: 0]
    // Counted, not a line each: one line at the first, and one at the stop.
    let lines = receiver.error.split(separator: "\n").filter { $0.contains(" refused ") }
    #expect((1...2).contains(lines.count), "\(lines)")
    let counted = lines.compactMap { line in
      line.firstMatch(of: /Z refused ([0-9,]+) connections? since/).map { Int($0.1.filter(\.isNumber)) ?? 0 }
    }
    #expect(counted.reduce(0, +) == turnedAway, "\(lines) \(crowd.statuses)")
    #expect(lines.allSatisfy { $0.contains("from 127.0.0.1") && !$0.contains("127.0.0.2") })
  }
}
