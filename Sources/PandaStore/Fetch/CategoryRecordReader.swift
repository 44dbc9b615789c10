import Foundation
import PandaCore

/// Reads the menstrual flow records stored from exports and the illness symptoms exported or
/// pushed (see `CategoryRecords`), counted on the days of the zone the daily values were built in.
package struct CategoryRecordReader {
  let database: Database

  /// The zone the stored daily values count days in: the one they were built in, else the zone
  /// the data points to, else the machine's.
  func zone() -> TimeZone {
    if let row = try? database.firstRow("SELECT time_zone FROM daily_values_context WHERE id = 1"),
      let name = row.text("time_zone"), let zone = TimeZone(identifier: name)
    {
      return zone
    }
    return ZoneStore.choice(in: database).flatMap { TimeZone(identifier: $0.identifier) } ?? .current
  }

  /// The flow days, cycle starts and symptoms recorded from `first` through `last`: the
  /// symptoms marked as going with an illness (`SymptomType.illnesses`), exported or pushed.
  package func records(from first: CalendarDay, through last: CalendarDay) throws -> CategoryRecords {
    let zone = zone()
    let start = LocalDay.start(of: first, in: zone)
    let end = LocalDay.start(of: last.adding(days: 1), in: zone)
    var records = CategoryRecords()
    var flow: Set<CalendarDay> = []
    var starts: Set<CalendarDay> = []
    for row in try database.rows(
      """
      SELECT s.start AS start, s.category AS category, s.metadata AS metadata
      FROM samples s JOIN sample_types t ON t.id = s.type_id
      WHERE t.identifier = ? AND s.start >= ? AND s.start < ?
      """, [.text(CategoryRecords.flowType), .integer(start), .integer(end)])
    {
      guard let at = row.integer("start") else { continue }
      let day = LocalDay.day(of: at, in: zone)
      if row.text("metadata")?.contains("\"\(CategoryRecords.cycleStartKey)\":\"1\"") == true { starts.insert(day) }
      if row.text("category") != CategoryRecords.noFlow { flow.insert(day) }
    }
    let symptoms = try SymptomRecordReader(database: database).records(
      of: SymptomType.illnesses, from: start, to: end)
    records.flowDays = flow.sorted()
    records.cycleStarts = starts.sorted()
    records.symptoms = Set(
      symptoms.map { CategoryRecords.Symptom(day: LocalDay.day(of: $0.start, in: zone), type: $0.type.identifier) }
    ).sorted { ($0.day, $0.type) < ($1.day, $1.type) }
    return records
  }

  /// Creates a value from its stored properties.
  package init(database: Database) {
    self.database = database
  }
}
