import Foundation

/// Reads the day events of a span of days: the tags logged by hand (`log_entries` of type
/// `tag:NAME`) and the symptoms Health holds (samples of a `SymptomType`, leaving out those
/// recorded as not present). One event per day, kind and name, however many entries or sources
/// recorded it.
public struct DayEventReader {
  let database: Database
  /// The zone days are counted in.
  let zone: TimeZone

  /// A reader of `database`'s events, counting days in `zone`.
  public init(database: Database, zone: TimeZone) {
    self.database = database
    self.zone = zone
  }

  /// The events from `first` through `last`, by day, then kind, then name.
  public func events(from first: CalendarDay, through last: CalendarDay) throws -> [DayEvent] {
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
    let placeholders = Array(repeating: "?", count: SymptomType.identifiers.count).joined(separator: ", ")
    for row in try database.rows(
      """
      SELECT t.identifier, s.start, s.category FROM samples s JOIN sample_types t ON t.id = s.type_id
      WHERE t.identifier IN (\(placeholders)) AND s.start >= ? AND s.start < ?
      """, SymptomType.identifiers.map { .text($0) } + [.integer(start), .integer(end)])
    {
      guard let identifier = row.text("identifier"), let at = row.integer("start"),
        let name = SymptomType.name(of: identifier), SymptomType.isPresent(category: row.text("category"))
      else { continue }
      events.insert(DayEvent(day: LocalDay.day(of: at, in: zone), kind: .symptom, name: name))
    }
    return events.sorted { ($0.day, $0.kind.rawValue, $0.name) < ($1.day, $1.kind.rawValue, $1.name) }
  }
}
