import Foundation
import LoopbackHTTPKit
import Synchronization
import Testing

@testable import PandaDelivery
@testable import PandaStore
@testable import PandaTestSupport

private let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

/// A database with one webhook destination whose secret is read from `HOOK_SECRET`.
private func webhookOutbox(url: String) throws -> (TemporaryFolder, Database, Destination) {
  let folder = try TemporaryFolder()
  let database = try Database.openPanda(at: folder.file("panda.sqlite"))
  let destination = try DestinationStore(database: database).add(
    kind: .webhook, url: url, options: ["secret-env": "HOOK_SECRET"], now: 1_000)
  return (folder, database, destination)
}

private func sender(_ database: Database, clock: ManualClock) -> OutboxSender {
  let channels = DeliveryChannels(environment: ["HOOK_SECRET": secret])
  return OutboxSender(
    database: database, send: { message, destination in await channels.send(message, to: destination, now: clock.now) },
    now: { clock.now }, random: { 0.5 })
}

@Test func webhookFailingTwiceIsDeliveredOnceWithOneIdAndValidSignatures() async throws {
  let server = try LoopbackServer { _, number in
    number < 2 ? .respond(status: 503, body: "busy") : .respond(status: 200, body: "ok")
  }
  defer { server.stop() }
  let (_, database, destination) = try webhookOutbox(url: server.baseURL + "/hook")
  let payload = #"{"day":"2026-11-21","headline":"Steps rose."}"#
  let id = try #require(
    try Outbox(database: database).enqueue(payload: payload, dedupKey: "d", to: [destination], now: 1_000).first)
  let clock = ManualClock(1_000)
  let sender = sender(database, clock: clock)
  // Due at 1_060 after the first 503 and at 1_360 after the second: the runs at 1_030 and
  // 1_300 send nothing.
  for step: Int64 in [0, 30, 60, 300, 400, 10_000, 100_000] {
    clock.now = 1_000 + step
    _ = try await sender.run()
  }
  let requests = server.requests
  #expect(requests.count == 3)
  #expect(Set(requests.compactMap { $0.headers["webhook-id"] }) == [id])
  #expect(requests.map { $0.headers["webhook-timestamp"] } == ["1000", "1060", "1400"])
  let signer = try WebhookSigner(secret: secret)
  for request in requests {
    let timestamp = try #require(request.headers["webhook-timestamp"].flatMap { Int64($0) })
    #expect(request.text == payload)
    #expect(request.headers["webhook-signature"] == signer.signature(id: id, timestamp: timestamp, body: request.body))
  }
  let message = try #require(try Outbox(database: database).all().first)
  #expect(message.state == .sent)
  #expect(message.attempts == 3)
}

@Test func webhookAnswering410IsTriedOnceAndTheDestinationTurnedOff() async throws {
  let server = try LoopbackServer { _, _ in .respond(status: 410, body: "gone") }
  defer { server.stop() }
  let (_, database, destination) = try webhookOutbox(url: server.baseURL + "/hook")
  let outbox = Outbox(database: database)
  try outbox.enqueue(payload: "{}", dedupKey: "a", to: [destination], now: 1_000)
  try outbox.enqueue(payload: "{}", dedupKey: "b", to: [destination], now: 1_000)
  let clock = ManualClock(1_000)
  let sender = sender(database, clock: clock)
  _ = try await sender.run()
  clock.now = 1_000_000
  _ = try await sender.run()
  #expect(server.requests.count == 1)
  // The other message is given up on too, unsent, rather than waiting for a destination that is off.
  let messages = try outbox.all()
  #expect(messages.map(\.state) == [.dead, .dead])
  #expect(messages.contains { $0.lastError?.hasPrefix("not sent: its destination was turned off (HTTP 410") == true })
  #expect(try DestinationStore(database: database).find(destination.id)?.disabledReason?.contains("410") == true)
}

@Test func aReceiverThatIsDownGetsItsDeliveryOnceItComesUp() async throws {
  let probe = try LoopbackServer { _, _ in .respond(status: 200, body: "") }
  let port = probe.port
  probe.stop()
  let (_, database, destination) = try webhookOutbox(url: "http://127.0.0.1:\(port)/hook")
  let outbox = Outbox(database: database)
  try outbox.enqueue(payload: "{}", dedupKey: "a", to: [destination], now: 1_000)
  let clock = ManualClock(1_000)
  let sender = sender(database, clock: clock)
  let first = try await sender.run()
  #expect(first.map(\.decision) == [.retry(at: 1_060)])
  #expect(first.first?.reason?.contains("connect") == true)

  let reply: @Sendable (LoopbackServer.Request, Int) -> LoopbackServer.Reply = { _, _ in
    .respond(status: 204, body: "")
  }
  let server: LoopbackServer
  if let same = try? LoopbackServer(port: port, handler: reply) {
    server = same
  } else {
    // Another test took the port meanwhile: the receiver comes up at a new address instead.
    server = try LoopbackServer(handler: reply)
    try database.execute(
      "UPDATE delivery_destinations SET url = ? WHERE id = ?",
      [.text("http://127.0.0.1:\(server.port)/hook"), .integer(destination.id)])
  }
  defer { server.stop() }
  clock.now = 1_060
  #expect(try await sender.run().map(\.decision) == [.sent])
  clock.now = 100_000
  #expect(try await sender.run().isEmpty)
  #expect(server.requests.count == 1)
  #expect(try outbox.attempts(for: try #require(outbox.all().first?.id)).map(\.outcome) == ["retry", "sent"])
}

@Test func aMissingSecretVariableIsReportedByNameAndNotCountedAsAnAttempt() async throws {
  let server = try LoopbackServer { _, _ in .respond(status: 200, body: "") }
  defer { server.stop() }
  let (_, database, destination) = try webhookOutbox(url: server.baseURL)
  try Outbox(database: database).enqueue(payload: "{}", dedupKey: "a", to: [destination], now: 1_000)
  let channels = DeliveryChannels(environment: [:])
  let sender = OutboxSender(
    database: database, send: { await channels.send($0, to: $1, now: 1_000) }, now: { 1_000 }, random: { 0.5 })
  let reports = try await sender.run()
  #expect(reports.first?.reason?.contains("$HOOK_SECRET") == true)
  guard case .notConfigured = try #require(reports.first?.decision) else {
    Issue.record("expected notConfigured, got \(reports)")
    return
  }
  #expect(server.requests.isEmpty)
  let message = try #require(try Outbox(database: database).all().first)
  #expect(message.state == .pending && message.attempts == 0 && message.nextAttemptAt == 1_000)
  #expect(try Outbox(database: database).attempts(for: message.id).isEmpty)
}
