import Foundation
import PandaStore

/// The durable queue of deliveries (`outbox`, `delivery_attempts`). Messages are queued in the
/// caller's transaction, claimed, sent and marked in short transactions of their own, so a
/// crash at any point loses nothing and re-sends nothing that was acknowledged.
package struct Outbox {
  package let database: Database
  private var table: OutboxTable { OutboxTable(database: database) }

  /// An outbox over `database`.
  package init(database: Database) {
    self.database = database
  }

  /// Queues `payload` for each destination, inside whatever transaction the caller holds, so the
  /// message is written with the data it carries or not at all. A message whose
  /// `dedupKey` and destination are already queued is not queued again. Returns the new ids.
  @discardableResult
  func enqueue(payload: String, dedupKey: String, to destinations: [Destination], now: Int64) throws
    -> [String]
  {
    var ids: [String] = []
    for destination in destinations {
      let id = "msg_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
      if try table.insert(
        id: id, destinationID: destination.id, dedupKey: "\(dedupKey)#\(destination.id)", payload: payload, now: now)
      {
        ids.append(id)
      }
    }
    return ids
  }

  /// Whether a message with `dedupKey` was ever queued for `destination`, whatever became of it.
  func hasQueued(dedupKey: String, for destination: Destination) throws -> Bool {
    try table.contains(dedupKey: "\(dedupKey)#\(destination.id)")
  }

  /// Returns to `pending` the messages claimed `lease` seconds or more before `now` whose sender
  /// never recorded an outcome (it was killed). They may reach the destination twice; the
  /// stable id lets the receiver notice.
  @discardableResult
  func releaseAbandoned(now: Int64, lease: Int64) throws -> Int {
    try table.releaseClaimed(before: now - lease)
  }

  /// Marks up to `limit` due messages of enabled destinations as `sending` and returns them.
  func claimDue(now: Int64, limit: Int) throws -> [OutboxMessage] {
    try database.transaction {
      let due = try table.due(now: now, limit: limit).compactMap(Self.message)
      for message in due { try table.markSending(message.id, now: now) }
      return due.map { message in
        var claimed = message
        claimed.state = .sending
        return claimed
      }
    }
  }

  /// Marks the pending messages among `ids` whose destinations are enabled as `sending`, due
  /// or not, and returns them in the order of `ids`.
  func claim(_ ids: [String], now: Int64) throws -> [OutboxMessage] {
    try database.transaction {
      var claimed: [OutboxMessage] = []
      for id in ids {
        guard let record = try table.pending(id), var message = Self.message(record) else { continue }
        try table.markSending(id, now: now)
        message.state = .sending
        claimed.append(message)
      }
      return claimed
    }
  }

  /// Gives up on a claimed message without an attempt (its destination was turned off).
  func giveUp(_ id: String, reason: String) throws {
    try table.markDeadUnsent(id, reason: reason)
  }

  /// Puts a claimed message back without counting an attempt.
  func release(_ id: String) throws {
    try table.release(id)
  }

  /// Records an attempt and its decision in one transaction; on a 410 the destination is
  /// turned off too.
  func record(
    _ message: OutboxMessage, result: DeliveryResult, decision: RetryPolicy.Decision, at: Int64,
    durationMilliseconds: Int
  ) throws {
    try database.transaction {
      let attempts = Int64(message.attempts + 1)
      let outcome: String
      switch decision {
      case .notConfigured:
        // Nothing was sent, so there is no attempt to record: the message waits as it was.
        try release(message.id)
        return
      case .sent:
        outcome = "sent"
        try table.markSent(message.id, attempts: attempts, status: result.status, at: at)
      case .retry(let next):
        outcome = "retry"
        try table.markRetry(
          message.id, attempts: attempts, status: result.status, error: result.reason ?? "failed", next: next)
      case .dead(let reason, let disable):
        outcome = "dead"
        try table.markDead(message.id, attempts: attempts, status: result.status, error: reason)
        if disable {
          try DestinationStore(database: database).disable(message.destinationID, reason: reason, now: at)
          // What waits for it would wait forever: give it up too, saying why.
          try table.markPendingDead(
            destinationID: message.destinationID, error: "not sent: its destination was turned off (\(reason))")
        }
      }
      try table.insert(
        OutboxTable.Attempt(
          messageID: message.id, destinationID: message.destinationID, at: at, status: result.status,
          bytes: result.bytes, durationMilliseconds: durationMilliseconds, outcome: outcome, error: result.reason))
    }
  }

  /// Every message, newest first.
  package func all() throws -> [OutboxMessage] {
    try table.all().compactMap(Self.message)
  }

  /// The attempts made for message `id`, oldest first.
  func attempts(for id: String) throws -> [DeliveryAttempt] {
    try table.attempts(for: id).map { attempt in
      DeliveryAttempt(
        messageID: attempt.messageID, destinationID: attempt.destinationID, at: attempt.at, status: attempt.status,
        bytes: attempt.bytes, durationMilliseconds: attempt.durationMilliseconds, outcome: attempt.outcome,
        error: attempt.error)
    }
  }

  /// What `retry` found and did.
  package enum RetryOutcome: Equatable, Sendable {
    /// The message, as it was before, is pending again and due at once.
    case requeued(OutboxMessage)
    /// No message has this id.
    case unknown
    /// The destination acknowledged it already.
    case alreadySent(OutboxMessage)
    /// A sender holds it right now.
    case inFlight(OutboxMessage)
    /// Its destination is turned off, so it could not be sent.
    case destinationOff(OutboxMessage, Destination)
  }

  /// Puts a dead or pending message back in line to be sent at once, with a fresh schedule
  /// (10 attempts over 3 days from now). The attempts made so far stay counted and audited.
  package func retry(_ id: String, now: Int64) throws -> RetryOutcome {
    try database.transaction {
      guard let record = try table.find(id), let message = Self.message(record) else { return .unknown }
      switch message.state {
      case .sent: return .alreadySent(message)
      case .sending: return .inFlight(message)
      case .pending, .dead: break
      }
      if let destination = try DestinationStore(database: database).find(message.destinationID),
        destination.disabledAt != nil
      {
        return .destinationOff(message, destination)
      }
      try table.requeue(id, now: now)
      return .requeued(message)
    }
  }

  /// Deletes the messages already sent (their audit records stay) and returns how many.
  package func purgeSent() throws -> Int {
    try table.deleteSent()
  }

  private static func message(_ record: OutboxTable.Record) -> OutboxMessage? {
    guard let state = OutboxMessage.State(rawValue: record.state) else { return nil }
    return OutboxMessage(
      id: record.id, destinationID: record.destinationID, payload: record.payload, createdAt: record.createdAt,
      nextAttemptAt: record.nextAttemptAt, attempts: record.attempts, state: state, lastStatus: record.lastStatus,
      lastError: record.lastError, sentAt: record.sentAt, retriedAt: record.retriedAt,
      attemptsBeforeRetry: record.attemptsBeforeRetry)
  }
}
