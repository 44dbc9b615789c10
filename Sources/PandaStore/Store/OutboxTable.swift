/// The owner of `outbox` and its audit trail `delivery_attempts`: every statement that reads or
/// writes them. `Outbox` (Delivery) decides what to queue, claim and mark; this says how.
package struct OutboxTable {
  /// One `outbox` row, as stored.
  package struct Record: Sendable, Equatable {
    /// `id`: the message's stable id.
    package var id: String
    /// `destination_id`.
    package var destinationID: Int64
    /// `payload`.
    package var payload: String
    /// `created_at`.
    package var createdAt: Int64
    /// `next_attempt_at`.
    package var nextAttemptAt: Int64
    /// `attempts`.
    package var attempts: Int
    /// `state`: pending, sending, sent or dead.
    package var state: String
    /// `last_status`.
    package var lastStatus: Int?
    /// `last_error`.
    package var lastError: String?
    /// `sent_at`.
    package var sentAt: Int64?
    /// `retried_at`.
    package var retriedAt: Int64?
    /// `attempts_before_retry`.
    package var attemptsBeforeRetry: Int
  }

  /// One `delivery_attempts` row, as stored.
  package struct Attempt: Sendable, Equatable {
    /// `outbox_id`.
    package var messageID: String
    /// `destination_id`.
    package var destinationID: Int64
    /// `at`.
    package var at: Int64
    /// `status`.
    package var status: Int?
    /// `bytes`.
    package var bytes: Int
    /// `duration_ms`.
    package var durationMilliseconds: Int
    /// `outcome`: sent, retry or dead.
    package var outcome: String
    /// `error`.
    package var error: String?

    /// Creates a value from its stored properties.
    package init(
      messageID: String, destinationID: Int64, at: Int64, status: Int?, bytes: Int, durationMilliseconds: Int,
      outcome: String, error: String?
    ) {
      self.messageID = messageID
      self.destinationID = destinationID
      self.at = at
      self.status = status
      self.bytes = bytes
      self.durationMilliseconds = durationMilliseconds
      self.outcome = outcome
      self.error = error
    }
  }

  /// The database holding the tables.
  let database: Database

  /// The tables of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// Inserts a pending message due at `now` unless `dedupKey` is queued already; returns whether
  /// it was inserted.
  package func insert(id: String, destinationID: Int64, dedupKey: String, payload: String, now: Int64) throws -> Bool {
    try database.execute(
      """
      INSERT INTO outbox (id, destination_id, dedup_key, payload, created_at, next_attempt_at,
        attempts, state)
      VALUES (?, ?, ?, ?, ?, ?, 0, 'pending')
      ON CONFLICT DO NOTHING
      """,
      [.text(id), .integer(destinationID), .text(dedupKey), .text(payload), .integer(now), .integer(now)])
    return database.changes > 0
  }

  /// Whether a message with `dedupKey` was ever queued.
  package func contains(dedupKey: String) throws -> Bool {
    try database.firstRow("SELECT 1 FROM outbox WHERE dedup_key = ?", [.text(dedupKey)]) != nil
  }

  /// Returns to pending the messages claimed at or before `claimedBy`; returns how many.
  package func releaseClaimed(before claimedBy: Int64) throws -> Int {
    try database.execute(
      "UPDATE outbox SET state = 'pending', claimed_at = NULL WHERE state = 'sending' AND claimed_at <= ?",
      [.integer(claimedBy)])
    return database.changes
  }

  /// Up to `limit` pending messages due by `now` whose destinations are enabled, soonest first.
  package func due(now: Int64, limit: Int) throws -> [Record] {
    try database.rows(
      """
      SELECT \(Self.columns) FROM outbox
      WHERE state = 'pending' AND next_attempt_at <= ?
        AND destination_id IN (SELECT id FROM delivery_destinations WHERE disabled_at IS NULL)
      ORDER BY next_attempt_at, created_at LIMIT ?
      """, [.integer(now), .integer(Int64(limit))]
    ).compactMap(Self.record)
  }

  /// The message `id` if it is pending and its destination is enabled.
  package func pending(_ id: String) throws -> Record? {
    try database.firstRow(
      """
      SELECT \(Self.columns) FROM outbox
      WHERE id = ? AND state = 'pending'
        AND destination_id IN (SELECT id FROM delivery_destinations WHERE disabled_at IS NULL)
      """, [.text(id)]
    ).flatMap(Self.record)
  }

  /// Marks message `id` as claimed by a sender at `now`.
  package func markSending(_ id: String, now: Int64) throws {
    try database.execute(
      "UPDATE outbox SET state = 'sending', claimed_at = ? WHERE id = ?", [.integer(now), .text(id)])
  }

  /// Marks a claimed message dead without an attempt, saying why.
  package func markDeadUnsent(_ id: String, reason: String) throws {
    try database.execute(
      "UPDATE outbox SET state = 'dead', claimed_at = NULL, last_error = ? WHERE id = ? AND state = 'sending'",
      [.text(reason), .text(id)])
  }

  /// Puts a claimed message back to pending.
  package func release(_ id: String) throws {
    try database.execute(
      "UPDATE outbox SET state = 'pending', claimed_at = NULL WHERE id = ? AND state = 'sending'", [.text(id)])
  }

  /// Marks a message sent after its `attempts`-th attempt at `at`.
  package func markSent(_ id: String, attempts: Int64, status: Int?, at: Int64) throws {
    try database.execute(
      """
      UPDATE outbox SET state = 'sent', attempts = ?, claimed_at = NULL, last_status = ?, last_error = NULL,
        sent_at = ? WHERE id = ?
      """, [.integer(attempts), Self.value(status), .integer(at), .text(id)])
  }

  /// Marks a message pending again, due at `next`, after its `attempts`-th attempt failed.
  package func markRetry(_ id: String, attempts: Int64, status: Int?, error: String, next: Int64) throws {
    try database.execute(
      """
      UPDATE outbox SET state = 'pending', attempts = ?, claimed_at = NULL, last_status = ?, last_error = ?,
        next_attempt_at = ? WHERE id = ?
      """, [.integer(attempts), Self.value(status), .text(error), .integer(next), .text(id)])
  }

  /// Marks a message dead after its `attempts`-th attempt.
  package func markDead(_ id: String, attempts: Int64, status: Int?, error: String) throws {
    try database.execute(
      """
      UPDATE outbox SET state = 'dead', attempts = ?, claimed_at = NULL, last_status = ?, last_error = ?
      WHERE id = ?
      """, [.integer(attempts), Self.value(status), .text(error), .text(id)])
  }

  /// Marks dead every pending message of `destinationID`, saying why.
  package func markPendingDead(destinationID: Int64, error: String) throws {
    try database.execute(
      """
      UPDATE outbox SET state = 'dead', last_error = ? WHERE destination_id = ? AND state = 'pending'
      """, [.text(error), .integer(destinationID)])
  }

  /// Puts a message back in line, due at `now`, its attempts so far counted as before the retry.
  package func requeue(_ id: String, now: Int64) throws {
    try database.execute(
      """
      UPDATE outbox SET state = 'pending', next_attempt_at = ?, retried_at = ?, attempts_before_retry = attempts,
        claimed_at = NULL WHERE id = ?
      """, [.integer(now), .integer(now), .text(id)])
  }

  /// Records one attempt in `delivery_attempts`.
  package func insert(_ attempt: Attempt) throws {
    try database.execute(
      """
      INSERT INTO delivery_attempts (outbox_id, destination_id, at, status, bytes, duration_ms, outcome, error)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(attempt.messageID), .integer(attempt.destinationID), .integer(attempt.at), Self.value(attempt.status),
        .integer(Int64(attempt.bytes)), .integer(Int64(attempt.durationMilliseconds)), .text(attempt.outcome),
        attempt.error.map(SQLValue.text) ?? .null,
      ])
  }

  /// Every message, newest first.
  package func all() throws -> [Record] {
    try database.rows("SELECT \(Self.columns) FROM outbox ORDER BY created_at DESC, rowid DESC").compactMap(
      Self.record)
  }

  /// The message `id`, whatever its state.
  package func find(_ id: String) throws -> Record? {
    try database.firstRow("SELECT \(Self.columns) FROM outbox WHERE id = ?", [.text(id)]).flatMap(Self.record)
  }

  /// The attempts made for message `id`, oldest first.
  package func attempts(for id: String) throws -> [Attempt] {
    try database.rows(
      """
      SELECT outbox_id, destination_id, at, status, bytes, duration_ms, outcome, error
      FROM delivery_attempts WHERE outbox_id = ? ORDER BY id
      """, [.text(id)]
    ).map { row in
      Attempt(
        messageID: row.text("outbox_id") ?? "", destinationID: row.integer("destination_id") ?? 0,
        at: row.integer("at") ?? 0, status: row.integer("status").map(Int.init), bytes: Int(row.integer("bytes") ?? 0),
        durationMilliseconds: Int(row.integer("duration_ms") ?? 0), outcome: row.text("outcome") ?? "",
        error: row.text("error"))
    }
  }

  /// Deletes the messages already sent; returns how many.
  package func deleteSent() throws -> Int {
    try database.execute("DELETE FROM outbox WHERE state = 'sent'", [])
    return database.changes
  }

  /// Deletes the messages of `destinationID`.
  package func delete(destinationID: Int64) throws {
    try database.execute("DELETE FROM outbox WHERE destination_id = ?", [.integer(destinationID)])
  }

  private static let columns = """
    id, destination_id, payload, created_at, next_attempt_at, attempts, state, last_status, last_error, sent_at,
      retried_at, attempts_before_retry
    """

  private static func value(_ status: Int?) -> SQLValue { status.map { .integer(Int64($0)) } ?? .null }

  private static func record(_ row: Row) -> Record? {
    guard let id = row.text("id"), let destination = row.integer("destination_id"), let payload = row.text("payload"),
      let state = row.text("state")
    else { return nil }
    return Record(
      id: id, destinationID: destination, payload: payload, createdAt: row.integer("created_at") ?? 0,
      nextAttemptAt: row.integer("next_attempt_at") ?? 0, attempts: Int(row.integer("attempts") ?? 0), state: state,
      lastStatus: row.integer("last_status").map(Int.init), lastError: row.text("last_error"),
      sentAt: row.integer("sent_at"), retriedAt: row.integer("retried_at"),
      attemptsBeforeRetry: Int(row.integer("attempts_before_retry") ?? 0))
  }
}
