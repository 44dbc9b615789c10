import Foundation
import PandaCore

/// What people log by hand, kept as samples of the source `panda` so that they flow into daily
/// values, trends and insights like any other source's; every change is journalled so it can be
/// undone, and recomputes the daily values of the days it touched.
///
/// Imports never touch these samples: an export's samples come from other sources, and samples
/// are only ever added by an import. Each entry's samples are linked in `log_entry_samples`.
package final class LogBook {
  /// The source name of logged samples; name it in the source priority to rank it.
  static let sourceName = "panda"
  /// The `imports` row logged samples point to (an import's rows start at 1).
  static let importID: Int64 = 0

  private let database: Database
  private let context: DailyContext

  /// A change `undo` reverted.
  package struct Undone: Equatable {
    /// `add`, `edit` or `delete`: the change that was reverted.
    package var action: String
    /// The entry as it is after the undo (for an undone add, as it was).
    package var entry: LogEntry
  }

  /// A log book on `database`, recomputing daily values in `context`.
  package init(database: Database, context: DailyContext) {
    self.database = database
    self.context = context
  }

  /// Adds an entry of `type`, refusing one that would make the day's total implausible.
  package func add(_ type: LogType, value: Double, secondValue: Double? = nil, at: Int64, note: String?) throws
    -> LogEntry
  {
    try database.transaction {
      try checkDailyLimit(type, value: value, at: at, excluding: nil)
      try database.execute(
        "INSERT INTO log_entries (type, value, second_value, at, note) VALUES (?, ?, ?, ?, ?)",
        [.text(type.name), .real(value), real(secondValue), .integer(at), text(note)])
      let entry = LogEntry(
        id: database.lastInsertedRowID, type: type.name, value: value, secondValue: secondValue, at: at, note: note)
      try writeSamples(of: entry)
      try journal("add", id: entry.id, before: nil)
      try recompute([entry])
      return entry
    }
  }

  /// Logs the tag `name` (normalised: `LogTag.normalised`) at `at`; a tag writes no samples.
  package func tag(_ name: String, at: Int64, note: String?) throws -> LogEntry {
    let type = LogTag.entryType(try LogTag.normalised(name))
    return try database.transaction {
      try database.execute(
        "INSERT INTO log_entries (type, value, second_value, at, note) VALUES (?, 1, NULL, ?, ?)",
        [.text(type), .integer(at), text(note)])
      let entry = LogEntry(id: database.lastInsertedRowID, type: type, value: 1, at: at, note: note)
      try journal("add", id: entry.id, before: nil)
      return entry
    }
  }

  /// The entries, oldest first, optionally of one type (`tag` for every tag) and within
  /// `[from, to)`.
  package func entries(type: String? = nil, from: Int64? = nil, to: Int64? = nil) throws -> [LogEntry] {
    try database.rows(
      """
      SELECT id, type, value, second_value, at, note FROM log_entries
      WHERE (?1 IS NULL OR type = ?1 OR (?1 = 'tag' AND type LIKE 'tag:%'))
        AND (?2 IS NULL OR at >= ?2) AND (?3 IS NULL OR at < ?3)
      ORDER BY at, id
      """, [text(type), integer(from), integer(to)]
    ).compactMap(Self.entry)
  }

  /// The entry with `id`, if there is one.
  package func entry(_ id: Int64) throws -> LogEntry? {
    try database.firstRow(
      "SELECT id, type, value, second_value, at, note FROM log_entries WHERE id = ?", [.integer(id)]
    )
    .flatMap(Self.entry)
  }

  /// Changes an entry's amount, time or note, or a tag's name; what is `nil` stays as it was.
  package func edit(
    _ id: Int64, value: Double? = nil, secondValue: Double? = nil, at: Int64? = nil, note: String? = nil,
    tag: String? = nil
  ) throws -> LogEntry {
    try database.transaction {
      guard let before = try entry(id) else { throw TrackingError.unknownEntry(id) }
      var after = before
      if let tag, before.tagName != nil { after.type = LogTag.entryType(try LogTag.normalised(tag)) }
      if let value {
        after.value = value
        after.secondValue = secondValue
      }
      if let at { after.at = at }
      if let note { after.note = note.isEmpty ? nil : note }
      if let type = after.logType { try checkDailyLimit(type, value: after.value, at: after.at, excluding: id) }
      try replace(before, with: after)
      try journal("edit", id: id, before: before)
      try recompute([before, after])
      return after
    }
  }

  /// Deletes an entry and its samples.
  package func delete(_ id: Int64) throws -> LogEntry {
    try database.transaction {
      guard let before = try entry(id) else { throw TrackingError.unknownEntry(id) }
      try removeSamples(of: id)
      try database.execute("DELETE FROM log_entries WHERE id = ?", [.integer(id)])
      try journal("delete", id: id, before: before)
      try recompute([before])
      return before
    }
  }

  /// Reverts the most recent add, edit or delete not yet undone; `nil` when there is none.
  package func undo() throws -> Undone? {
    try database.transaction { () throws -> Undone? in
      guard
        let row = try database.firstRow(
          """
          SELECT id AS journal_id, action, entry_id AS id, type, value, second_value, at, note FROM log_journal
          ORDER BY journal_id DESC LIMIT 1
          """),
        let journalID = row.integer("journal_id"), let action = row.text("action"), let id = row.integer("id")
      else { return nil }
      let before = Self.entry(row)
      let current = try entry(id)
      let undone: Undone
      switch (action, current, before) {
      case ("add", let current?, _):
        try removeSamples(of: id)
        try database.execute("DELETE FROM log_entries WHERE id = ?", [.integer(id)])
        try recompute([current])
        undone = Undone(action: action, entry: current)
      case ("edit", let current?, let before?):
        try replace(current, with: before)
        try recompute([current, before])
        undone = Undone(action: action, entry: before)
      case ("delete", nil, let before?):
        try database.execute(
          "INSERT INTO log_entries (id, type, value, second_value, at, note) VALUES (?, ?, ?, ?, ?, ?)",
          [
            .integer(id), .text(before.type), .real(before.value), real(before.secondValue), .integer(before.at),
            text(before.note),
          ])
        try writeSamples(of: before)
        try recompute([before])
        undone = Undone(action: action, entry: before)
      default:
        throw TrackingError.unknownEntry(id)
      }
      try database.execute("DELETE FROM log_journal WHERE id = ?", [.integer(journalID)])
      return undone
    }
  }

  private func replace(_ current: LogEntry, with next: LogEntry) throws {
    try removeSamples(of: current.id)
    try database.execute(
      "UPDATE log_entries SET type = ?, value = ?, second_value = ?, at = ?, note = ? WHERE id = ?",
      [
        .text(next.type), .real(next.value), real(next.secondValue), .integer(next.at), text(next.note),
        .integer(next.id),
      ])
    try writeSamples(of: next)
  }

  private func checkDailyLimit(_ type: LogType, value: Double, at: Int64, excluding id: Int64?) throws {
    guard let limit = type.dailyLimit else { return }
    let day = LocalDay.day(of: at, in: context.zone)
    let logged =
      try database.firstRow(
        "SELECT total(value) AS total FROM log_entries WHERE type = ? AND at >= ? AND at < ? AND id IS NOT ?",
        [
          .text(type.name), .integer(LocalDay.start(of: day, in: context.zone)),
          .integer(LocalDay.start(of: day.adding(days: 1), in: context.zone)), integer(id),
        ])?
      .real("total") ?? 0
    guard logged + value <= limit else {
      throw TrackingError.overDailyLimit(
        type: type.name, day: day.iso, total: MetricFormatter.string(logged + value, unit: type.unit),
        limit: MetricFormatter.string(limit, unit: type.unit))
    }
  }

  /// The samples an entry stands for: (Health type, stored unit, start, end, value).
  private func samples(of entry: LogEntry) -> [(type: String, unit: String, start: Int64, end: Int64, value: Double?)] {
    guard let type = entry.logType else { return [] }
    switch type.shape {
    case .quantity:
      return [(type.sampleType, type.storedUnit, entry.at, entry.at, entry.value * type.storedScale)]
    case .session:
      return [(type.sampleType, type.storedUnit, entry.at - Int64((entry.value * 60).rounded()), entry.at, nil)]
    case .pressure:
      return [(type.sampleType, type.storedUnit, entry.at, entry.at, entry.value)]
        + (entry.secondValue.map { [(LogType.diastolicType, type.storedUnit, entry.at, entry.at, $0)] } ?? [])
    }
  }

  private func writeSamples(of entry: LogEntry) throws {
    let source = try SourceTable(database: database).intern(Self.sourceName)
    try ImportTable(database: database).insertLogRow(Self.importID)
    let metadata = JSONText.object([(key: "pandaLogEntry", value: String(entry.id))])
    let types = SampleTypeTable(database: database)
    let stored = SampleTable(database: database)
    for sample in samples(of: entry) {
      let typeID = try types.intern(sample.type, unit: sample.unit)
      // Two glasses logged at the same minute are two samples: the second moves a second earlier
      // rather than colliding with the first's identity.
      for shift in Int64(0)..<3_600 {
        let inserted = try stored.insertLogged(
          typeID: typeID, sourceID: source, start: sample.start - shift, end: sample.end - shift, value: sample.value,
          created: entry.at, metadata: metadata, importID: Self.importID)
        if inserted { break }
      }
      try database.execute(
        "INSERT INTO log_entry_samples (entry_id, sample_id) VALUES (?, ?)",
        [.integer(entry.id), .integer(database.lastInsertedRowID)])
    }
  }

  private func removeSamples(of id: Int64) throws {
    try SampleTable(database: database).deleteLogged(entryID: id)
    try database.execute("DELETE FROM log_entry_samples WHERE entry_id = ?", [.integer(id)])
  }

  private func journal(_ action: String, id: Int64, before: LogEntry?) throws {
    try database.execute(
      "INSERT INTO log_journal (action, entry_id, type, value, second_value, at, note) VALUES (?, ?, ?, ?, ?, ?, ?)",
      [
        .text(action), .integer(id), text(before?.type), real(before?.value), real(before?.secondValue),
        integer(before?.at), text(before?.note),
      ])
  }

  /// Brings the daily values of the entries' days up to date.
  private func recompute(_ entries: [LogEntry]) throws {
    var touched: [String: Set<Int>] = [:]
    for entry in entries {
      for sample in samples(of: entry) {
        // A moved duplicate lies up to an hour earlier.
        for instant in [sample.start - 3_600, sample.start, sample.end] {
          touched[sample.type, default: []].insert(Int(instant >= 0 ? instant / 86_400 : (instant - 86_399) / 86_400))
        }
      }
    }
    let store = DailyValueStore(database: database, context: context)
    if try !store.isCurrent() {
      try store.rebuildAll()
      return
    }
    for work in store.plan(touched: touched) { try store.perform(work) }
    try store.finish()
  }

  /// The entry in a row with the columns `id, type, value, second_value, at, note`.
  private static func entry(_ row: Row) -> LogEntry? {
    guard let id = row.integer("id"), let type = row.text("type"), let value = row.real("value"),
      let at = row.integer("at")
    else { return nil }
    return LogEntry(
      id: id, type: type, value: value, secondValue: row.real("second_value"), at: at, note: row.text("note"))
  }

  private func text(_ value: String?) -> SQLValue { value.map { .text($0) } ?? .null }
  private func real(_ value: Double?) -> SQLValue { value.map { .real($0) } ?? .null }
  private func integer(_ value: Int64?) -> SQLValue { value.map { .integer($0) } ?? .null }
}
