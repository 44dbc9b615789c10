import Foundation
import Testing

@testable import PandaDelivery
@testable import PandaStore
@testable import PandaTestSupport

/// A clock the test moves by hand.
final class ManualClock {
  var now: Int64
  init(_ now: Int64) { self.now = now }
}

private func openOutbox() throws -> (TemporaryFolder, Database, Destination) {
  let folder = try TemporaryFolder()
  let database = try Database.openPanda(at: folder.file("panda.sqlite"))
  let destination = try DestinationStore(database: database).add(
    kind: .webhook, url: "http://127.0.0.1:9/hook", options: [:], now: 1_000)
  return (folder, database, destination)
}

@Test func aMessageQueuedInARolledBackTransactionIsNotQueued() throws {
  let (_, database, destination) = try openOutbox()
  struct Abort: Error {}
  #expect(throws: Abort.self) {
    try database.transaction {
      try database.execute("INSERT INTO profile (key, value) VALUES ('insight', 'written')", [])
      try Outbox(database: database).enqueue(payload: "{}", dedupKey: "day", to: [destination], now: 1_000)
      throw Abort()
    }
  }
  #expect(try Outbox(database: database).all().isEmpty)
  #expect(try database.integer("SELECT count(*) FROM profile") == 0)
}

@Test func theSameDedupKeyIsQueuedOncePerDestination() throws {
  let (_, database, destination) = try openOutbox()
  let other = try DestinationStore(database: database).add(kind: .ntfy, url: "http://x/t", options: [:], now: 1)
  let outbox = Outbox(database: database)
  #expect(try outbox.enqueue(payload: "{}", dedupKey: "d1", to: [destination, other], now: 1_000).count == 2)
  #expect(try outbox.enqueue(payload: "{}", dedupKey: "d1", to: [destination, other], now: 1_001).isEmpty)
  #expect(try outbox.all().count == 2)
}

@Test func aSenderKilledAfterClaimingLeavesTheMessageToTheNextRunAfterTheLease() async throws {
  let (_, database, destination) = try openOutbox()
  let outbox = Outbox(database: database)
  try outbox.enqueue(payload: "{}", dedupKey: "d", to: [destination], now: 1_000)
  // A run that claimed and died before recording anything.
  #expect(try outbox.claimDue(now: 1_000, limit: 10).count == 1)
  #expect(try outbox.all().first?.state == .sending)
  let clock = ManualClock(1_100)
  var sent: [String] = []
  let sender = OutboxSender(
    database: database,
    send: { message, _ in
      sent.append(message.id)
      return DeliveryResult(status: 200, accepted: true, bytes: 2)
    }, now: { clock.now })
  #expect(try await sender.run().isEmpty)
  clock.now = 1_000 + sender.lease
  #expect(try await sender.run().map(\.decision) == [.sent])
  #expect(try outbox.all().first?.state == .sent)
  #expect(try await sender.run().isEmpty)
  #expect(sent.count == 1)
}

@Test func everyAttemptIsAuditedWithoutTheBody() async throws {
  let (_, database, destination) = try openOutbox()
  let outbox = Outbox(database: database)
  let id = try #require(
    try outbox.enqueue(payload: #"{"secret":"body"}"#, dedupKey: "d", to: [destination], now: 1_000).first)
  let clock = ManualClock(1_000)
  var statuses = [503, 200]
  let sender = OutboxSender(
    database: database,
    send: { _, _ in
      let status = statuses.removeFirst()
      return DeliveryResult(
        status: status, accepted: status == 200, bytes: 17, reason: status == 200 ? nil : "HTTP 503")
    }, now: { clock.now }, random: { 0.5 })
  _ = try await sender.run()
  clock.now = 1_060
  _ = try await sender.run()
  let attempts = try outbox.attempts(for: id)
  #expect(attempts.map(\.status) == [503, 200])
  #expect(attempts.map(\.outcome) == ["retry", "sent"])
  #expect(attempts.map(\.at) == [1_000, 1_060])
  #expect(attempts.allSatisfy { $0.bytes == 17 && $0.destinationID == destination.id })
  let stored = try database.rows("SELECT * FROM delivery_attempts").flatMap(\.values)
  #expect(!stored.contains(.text(#"{"secret":"body"}"#)))
}

@Test func retryPutsADeadMessageBackAndPurgeRemovesOnlySent() async throws {
  let (_, database, destination) = try openOutbox()
  let outbox = Outbox(database: database)
  let ids =
    try outbox.enqueue(payload: "{}", dedupKey: "a", to: [destination], now: 1_000)
    + outbox.enqueue(payload: "{}", dedupKey: "b", to: [destination], now: 1_000)
  var statuses = [404, 200]
  let sender = OutboxSender(
    database: database,
    send: { _, _ in
      let status = statuses.removeFirst()
      return DeliveryResult(status: status, accepted: status == 200, bytes: 2)
    }, now: { 1_000 })
  _ = try await sender.run()
  let states = Dictionary(uniqueKeysWithValues: try outbox.all().map { ($0.id, $0.state) })
  let dead = try #require(ids.first { states[$0] == .dead })
  guard case .requeued(let before) = try outbox.retry(dead, now: 2_000) else {
    Issue.record("a dead message should be put back")
    return
  }
  #expect(before.state == .dead)
  #expect(try outbox.all().first { $0.id == dead }?.state == .pending)
  #expect(try outbox.purgeSent() == 1)
  #expect(try outbox.all().map(\.id) == [dead])
  #expect(try outbox.retry("msg_unknown", now: 2_000) == .unknown)
}

@Test func retryStartsAFreshScheduleAndKeepsTheAttemptsMade() async throws {
  let (_, database, destination) = try openOutbox()
  let outbox = Outbox(database: database)
  let id = try #require(try outbox.enqueue(payload: "{}", dedupKey: "a", to: [destination], now: 1_000).first)
  let clock = ManualClock(1_000)
  let sender = OutboxSender(
    database: database, send: { _, _ in DeliveryResult(status: 503, accepted: false, bytes: 2, reason: "HTTP 503") },
    now: { clock.now }, random: { 0.5 })
  // Ten failures: dead.
  for _ in 0..<10 { _ = try await sender.run(everything: true) }
  #expect(try outbox.all().first?.state == .dead)
  clock.now = 500_000
  guard case .requeued = try outbox.retry(id, now: clock.now) else {
    Issue.record("a dead message should be put back")
    return
  }
  let requeued = try #require(try outbox.all().first)
  #expect(requeued.state == .pending)
  #expect(requeued.nextAttemptAt == 500_000)
  #expect(requeued.attempts == 10)
  #expect(requeued.lastError == "10 attempts failed")
  #expect(requeued.retriedAt == 500_000)
  #expect(try outbox.attempts(for: id).count == 10)
  // The eleventh failure is the first of the new schedule: retried a minute later, not dead.
  #expect(try await sender.run().map(\.decision) == [.retry(at: 500_060)])
  #expect(try outbox.all().first?.attempts == 11)
  #expect(try outbox.attempts(for: id).count == 11)
}

@Test func aGoneDestinationTakesWhatWaitsForItWithItAndEnablingBringsItBack() async throws {
  let (_, database, destination) = try openOutbox()
  let outbox = Outbox(database: database)
  let first = try #require(try outbox.enqueue(payload: "{}", dedupKey: "a", to: [destination], now: 1_000).first)
  let waiting = try #require(try outbox.enqueue(payload: "{}", dedupKey: "b", to: [destination], now: 1_000).first)
  let sender = OutboxSender(
    database: database, send: { _, _ in DeliveryResult(status: 410, accepted: false, bytes: 2, reason: "HTTP 410") },
    now: { 1_000 })
  #expect(try await sender.run(ids: [first]).count == 1)
  let states = Dictionary(uniqueKeysWithValues: try outbox.all().map { ($0.id, $0) })
  #expect(states[first]?.state == .dead)
  #expect(states[waiting]?.state == .dead)
  #expect(states[waiting]?.lastError == "not sent: its destination was turned off (HTTP 410: the destination is gone)")
  #expect(try outbox.attempts(for: waiting).isEmpty)

  guard case .destinationOff = try outbox.retry(waiting, now: 2_000) else {
    Issue.record("a message for a destination that is off should stay as it is")
    return
  }
  #expect(try outbox.all().first { $0.id == waiting }?.state == .dead)
  let store = DestinationStore(database: database)
  #expect(try store.enable(destination.id)?.disabledReason == "HTTP 410: the destination is gone")
  #expect(try store.find(destination.id)?.disabledAt == nil)
  guard case .requeued = try outbox.retry(waiting, now: 2_000) else {
    Issue.record("once the destination is on again the message can be retried")
    return
  }
  #expect(try outbox.claimDue(now: 2_000, limit: 10).map(\.id) == [waiting])
}

@Test func retryLeavesAMessageBeingSentAlone() throws {
  let (_, database, destination) = try openOutbox()
  let outbox = Outbox(database: database)
  let id = try #require(try outbox.enqueue(payload: "{}", dedupKey: "a", to: [destination], now: 1_000).first)
  #expect(try outbox.claimDue(now: 1_000, limit: 10).count == 1)
  guard case .inFlight = try outbox.retry(id, now: 1_001) else {
    Issue.record("a message a sender holds should be left to it")
    return
  }
  #expect(try outbox.all().first?.state == .sending)
}
