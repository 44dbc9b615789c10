import Foundation
import PandaCore

/// Reads the day events of a span of days: the tags logged by hand (`log_entries` of type
/// `tag:NAME`), the tags of the State of Mind entries Health Auto Export pushed (see `MoodTag`)
/// and the symptoms Health holds, exported or pushed (records of a `SymptomType`, leaving out
/// those recorded as not present). One event per day, kind and name, however many entries or sources
/// recorded it.
package struct DayEventReader {
  let database: Database
  /// The zone days are counted in.
  let zone: TimeZone

  /// A reader of `database`'s events, counting days in `zone`.
  package init(database: Database, zone: TimeZone) {
    self.database = database
    self.zone = zone
  }

  /// The events from `first` through `last`, by day, then kind, then name.
  package func events(from first: CalendarDay, through last: CalendarDay) throws -> [DayEvent] {
    let start = LocalDay.start(of: first, in: zone)
    let end = LocalDay.start(of: last.adding(days: 1), in: zone)
    var events: Set<DayEvent> = []
    for row in try database.rows(
      "SELECT type, at FROM log_entries WHERE type LIKE 'tag:%' AND at >= ? AND at < ?",
      [.integer(start), .integer(end)])
    {
      guard let type = row.text("type"), let at = row.integer("at"), let name = LogTag.name(ofType: type) else {
        continue
      }
      events.insert(DayEvent(day: LocalDay.day(of: at, in: zone), kind: .tag, name: name))
    }
    for record in try SymptomRecordReader(database: database).records(of: SymptomType.all, from: start, to: end) {
      events.insert(DayEvent(day: LocalDay.day(of: record.start, in: zone), kind: .symptom, name: record.type.name))
    }
    for row in try database.rows(
      "SELECT start, valence, labels, associations FROM pushed_states_of_mind WHERE start >= ? AND start < ?",
      [.integer(start), .integer(end)])
    {
      guard let at = row.integer("start") else { continue }
      func words(_ column: String) -> [String] {
        row.text(column).flatMap { JSONValue.parse($0)?.arrayValue }?.compactMap(\.stringValue) ?? []
      }
      let names = MoodTag.names(
        labels: words("labels"), associations: words("associations"), valence: row.real("valence"))
      for name in names { events.insert(DayEvent(day: LocalDay.day(of: at, in: zone), kind: .tag, name: name)) }
    }
    return events.sorted { ($0.day, $0.kind.rawValue, $0.name) < ($1.day, $1.kind.rawValue, $1.name) }
  }
}
