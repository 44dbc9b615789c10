import Foundation
import PandaStore

/// Sends what is due in the outbox: claim (short transaction) → send (no transaction open) →
/// record (short transaction), one message at a time, so a kill at any moment leaves every
/// message pending, sending (returned to pending after the lease) or finished.
package struct OutboxSender {
  /// What happened to one message in a run.
  package struct Report: Sendable, Equatable {
    /// The message.
    package var messageID: String
    /// Its destination.
    package var destination: Destination
    /// The outcome.
    package var decision: RetryPolicy.Decision
    /// Why the attempt failed, if it did.
    package var reason: String?

    /// Creates a value from its stored properties.
    init(messageID: String, destination: Destination, decision: RetryPolicy.Decision, reason: String? = nil) {
      self.messageID = messageID
      self.destination = destination
      self.decision = decision
      self.reason = reason
    }
  }

  let database: Database
  /// The retry rules.
  var policy = RetryPolicy()
  /// Seconds after which a claim without an outcome is considered abandoned.
  var lease: Int64 = 900
  /// Sends one message to one destination.
  let send: (OutboxMessage, Destination) async -> DeliveryResult
  /// The current time in Unix seconds.
  let now: () -> Int64
  /// A number in 0..<1 for the jitter.
  let random: () -> Double

  /// A sender over `database` that delivers through `send`.
  init(
    database: Database, send: @escaping (OutboxMessage, Destination) async -> DeliveryResult,
    now: @escaping () -> Int64, random: @escaping () -> Double = { Double.random(in: 0..<1) }
  ) {
    self.database = database
    self.send = send
    self.now = now
    self.random = random
  }

  /// The sender commands use: the real channels, secrets read from `environment`, the clock.
  static func live(database: Database, environment: [String: String]) -> OutboxSender {
    let channels = DeliveryChannels(environment: environment)
    let clock = { Int64(Date().timeIntervalSince1970) }
    return OutboxSender(
      database: database, send: { message, destination in await channels.send(message, to: destination, now: clock()) },
      now: clock)
  }

  /// Sends every due message (at most `limit`) and reports each outcome. `everything` sends
  /// pending messages that are not due yet as well (`panda deliver --now`).
  func run(limit: Int = 500, everything: Bool = false) async throws -> [Report] {
    let outbox = Outbox(database: database)
    try outbox.releaseAbandoned(now: now(), lease: lease)
    return try await deliver(try outbox.claimDue(now: everything ? Int64.max : now(), limit: limit))
  }

  /// Sends the pending messages with these ids at once, due or not (the deliveries a run has
  /// just queued), and reports each outcome.
  func run(ids: [String]) async throws -> [Report] {
    try await deliver(try Outbox(database: database).claim(ids, now: now()))
  }

  private func deliver(_ claimed: [OutboxMessage]) async throws -> [Report] {
    let outbox = Outbox(database: database)
    let destinations = DestinationStore(database: database)
    var reports: [Report] = []
    for message in claimed {
      guard let destination = try destinations.find(message.destinationID) else {
        try outbox.release(message.id)
        continue
      }
      if destination.disabledAt != nil {
        try outbox.giveUp(
          message.id,
          reason: "not sent: its destination was turned off (\(destination.disabledReason ?? "no reason recorded"))")
        continue
      }
      let started = now()
      let clock = ContinuousClock()
      let start = clock.now
      let result = await send(message, destination)
      let elapsed = clock.now - start
      let milliseconds = Int(
        elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
      let decision =
        result.configurationProblem.map { RetryPolicy.Decision.notConfigured(problem: $0) }
        ?? policy.decide(
          result, attempts: message.scheduledAttempts + 1, createdAt: message.scheduleStart, now: now(),
          random: random())
      try outbox.record(message, result: result, decision: decision, at: started, durationMilliseconds: milliseconds)
      reports.append(Report(messageID: message.id, destination: destination, decision: decision, reason: result.reason))
    }
    return reports
  }
}
