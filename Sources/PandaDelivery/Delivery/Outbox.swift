import Foundation
import PandaStore

/// The durable queue of deliveries (`outbox`, `delivery_attempts`). Messages are queued in the
/// caller's transaction, claimed, sent and marked in short transactions of their own, so a
/// crash at any point loses nothing and re-sends nothing that was acknowledged.
package struct Outbox {
  package let database: Database

  /// An outbox over `database`.
  package init(database: Database) {
    self.database = database
  }

  /// Queues `payload` for each destination, inside whatever transaction the caller holds, so the
  /// message is written with the data it carries or not at all. A message whose
  /// `dedupKey` and destination are already queued is not queued again. Returns the new ids.
  @discardableResult
  package func enqueue(payload: String, dedupKey: String, to destinations: [Destination], now: Int64) throws
    -> [String]
  {
    var ids: [String] = []
    for destination in destinations {
      let id = "msg_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
      try database.execute(
        """
        INSERT INTO outbox (id, destination_id, dedup_key, payload, created_at, next_attempt_at,
          attempts, state)
        VALUES (?, ?, ?, ?, ?, ?, 0, 'pending')
        ON CONFLICT DO NOTHING
        """,
        [
          .text(id), .integer(destination.id), .text("\(dedupKey)#\(destination.id)"), .text(payload), .integer(now),
          .integer(now),
        ])
      if database.changes > 0 { ids.append(id) }
    }
    return ids
  }

  /// Whether a message with `dedupKey` was ever queued for `destination`, whatever became of it.
  package func hasQueued(dedupKey: String, for destination: Destination) throws -> Bool {
    try database.firstRow(
      "SELECT 1 FROM outbox WHERE dedup_key = ?", [.text("\(dedupKey)#\(destination.id)")]) != nil
  }

  /// Returns to `pending` the messages claimed `lease` seconds or more before `now` whose sender
  /// never recorded an outcome (it was killed). They may reach the destination twice; the
  /// stable id lets the receiver notice.
  @discardableResult
  package func releaseAbandoned(now: Int64, lease: Int64) throws -> Int {
    try database.execute(
      "UPDATE outbox SET state = 'pending', claimed_at = NULL WHERE state = 'sending' AND claimed_at <= ?",
      [.integer(now - lease)])
    return database.changes
  }

  /// Marks up to `limit` due messages of enabled destinations as `sending` and returns them.
  package func claimDue(now: Int64, limit: Int) throws -> [OutboxMessage] {
    try database.transaction {
      let due = try database.rows(
        """
        SELECT \(Self.columns) FROM outbox
        WHERE state = 'pending' AND next_attempt_at <= ?
          AND destination_id IN (SELECT id FROM delivery_destinations WHERE disabled_at IS NULL)
        ORDER BY next_attempt_at, created_at LIMIT ?
        """, [.integer(now), .integer(Int64(limit))]
      ).compactMap(Self.message)
      for message in due {
        try database.execute(
          "UPDATE outbox SET state = 'sending', claimed_at = ? WHERE id = ?", [.integer(now), .text(message.id)])
      }
      return due.map { message in
        var claimed = message
        claimed.state = .sending
        return claimed
      }
    }
  }

  /// Marks the pending messages among `ids` whose destinations are enabled as `sending`, due
  /// or not, and returns them in the order of `ids`.
  package func claim(_ ids: [String], now: Int64) throws -> [OutboxMessage] {
    try database.transaction {
      var claimed: [OutboxMessage] = []
      for id in ids {
        guard
          let row = try database.firstRow(
            """
            SELECT \(Self.columns) FROM outbox
            WHERE id = ? AND state = 'pending'
              AND destination_id IN (SELECT id FROM delivery_destinations WHERE disabled_at IS NULL)
            """, [.text(id)]),
          var message = Self.message(row)
        else { continue }
        try database.execute(
          "UPDATE outbox SET state = 'sending', claimed_at = ? WHERE id = ?", [.integer(now), .text(id)])
        message.state = .sending
        claimed.append(message)
      }
      return claimed
    }
  }

  /// Gives up on a claimed message without an attempt (its destination was turned off).
  package func giveUp(_ id: String, reason: String) throws {
    try database.execute(
      "UPDATE outbox SET state = 'dead', claimed_at = NULL, last_error = ? WHERE id = ? AND state = 'sending'",
      [.text(reason), .text(id)])
  }

  /// Puts a claimed message back without counting an attempt.
  package func release(_ id: String) throws {
    try database.execute(
      "UPDATE outbox SET state = 'pending', claimed_at = NULL WHERE id = ? AND state = 'sending'", [.text(id)])
  }

  /// Records an attempt and its decision in one transaction; on a 410 the destination is
  /// turned off too.
  package func record(
    _ message: OutboxMessage, result: DeliveryResult, decision: RetryPolicy.Decision, at: Int64,
    durationMilliseconds: Int
  ) throws {
    try database.transaction {
      let attempts = Int64(message.attempts + 1)
      let status: SQLValue = result.status.map { .integer(Int64($0)) } ?? .null
      let outcome: String
      switch decision {
      case .notConfigured:
        // Nothing was sent, so there is no attempt to record: the message waits as it was.
        try release(message.id)
        return
      case .sent:
        outcome = "sent"
        try database.execute(
          """
          UPDATE outbox SET state = 'sent', attempts = ?, claimed_at = NULL, last_status = ?, last_error = NULL,
            sent_at = ? WHERE id = ?
          """, [.integer(attempts), status, .integer(at), .text(message.id)])
      case .retry(let next):
        outcome = "retry"
        try database.execute(
          """
          UPDATE outbox SET state = 'pending', attempts = ?, claimed_at = NULL, last_status = ?, last_error = ?,
            next_attempt_at = ? WHERE id = ?
          """, [.integer(attempts), status, .text(result.reason ?? "failed"), .integer(next), .text(message.id)])
      case .dead(let reason, let disable):
        outcome = "dead"
        try database.execute(
          """
          UPDATE outbox SET state = 'dead', attempts = ?, claimed_at = NULL, last_status = ?, last_error = ?
          WHERE id = ?
          """, [.integer(attempts), status, .text(reason), .text(message.id)])
        if disable {
          try DestinationStore(database: database).disable(message.destinationID, reason: reason, now: at)
          // What waits for it would wait forever: give it up too, saying why.
          try database.execute(
            """
            UPDATE outbox SET state = 'dead', last_error = ? WHERE destination_id = ? AND state = 'pending'
            """, [.text("not sent: its destination was turned off (\(reason))"), .integer(message.destinationID)])
        }
      }
      try database.execute(
        """
        INSERT INTO delivery_attempts (outbox_id, destination_id, at, status, bytes, duration_ms, outcome, error)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          .text(message.id), .integer(message.destinationID), .integer(at), status, .integer(Int64(result.bytes)),
          .integer(Int64(durationMilliseconds)), .text(outcome), result.reason.map(SQLValue.text) ?? .null,
        ])
    }
  }

  /// Every message, newest first.
  package func all() throws -> [OutboxMessage] {
    try database.rows("SELECT \(Self.columns) FROM outbox ORDER BY created_at DESC, rowid DESC").compactMap(
      Self.message)
  }

  /// The attempts made for message `id`, oldest first.
  package func attempts(for id: String) throws -> [DeliveryAttempt] {
    try database.rows(
      """
      SELECT outbox_id, destination_id, at, status, bytes, duration_ms, outcome, error
      FROM delivery_attempts WHERE outbox_id = ? ORDER BY id
      """, [.text(id)]
    ).map { row in
      DeliveryAttempt(
        messageID: row.text("outbox_id") ?? "", destinationID: row.integer("destination_id") ?? 0,
        at: row.integer("at") ?? 0, status: row.integer("status").map(Int.init), bytes: Int(row.integer("bytes") ?? 0),
        durationMilliseconds: Int(row.integer("duration_ms") ?? 0), outcome: row.text("outcome") ?? "",
        error: row.text("error"))
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
      guard let row = try database.firstRow("SELECT \(Self.columns) FROM outbox WHERE id = ?", [.text(id)]),
        let message = Self.message(row)
      else { return .unknown }
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
      try database.execute(
        """
        UPDATE outbox SET state = 'pending', next_attempt_at = ?, retried_at = ?, attempts_before_retry = attempts,
          claimed_at = NULL WHERE id = ?
        """, [.integer(now), .integer(now), .text(id)])
      return .requeued(message)
    }
  }

  /// Deletes the messages already sent (their audit records stay) and returns how many.
  package func purgeSent() throws -> Int {
    try database.execute("DELETE FROM outbox WHERE state = 'sent'", [])
    return database.changes
  }

  private static let columns = """
    id, destination_id, payload, created_at, next_attempt_at, attempts, state, last_status, last_error, sent_at,
      retried_at, attempts_before_retry
    """

  private static func message(_ row: Row) -> OutboxMessage? {
    guard let id = row.text("id"), let destination = row.integer("destination_id"), let payload = row.text("payload"),
      let state = row.text("state").flatMap(OutboxMessage.State.init(rawValue:))
    else { return nil }
    return OutboxMessage(
      id: id, destinationID: destination, payload: payload, createdAt: row.integer("created_at") ?? 0,
      nextAttemptAt: row.integer("next_attempt_at") ?? 0, attempts: Int(row.integer("attempts") ?? 0), state: state,
      lastStatus: row.integer("last_status").map(Int.init), lastError: row.text("last_error"),
      sentAt: row.integer("sent_at"), retriedAt: row.integer("retried_at"),
      attemptsBeforeRetry: Int(row.integer("attempts_before_retry") ?? 0))
  }
}
