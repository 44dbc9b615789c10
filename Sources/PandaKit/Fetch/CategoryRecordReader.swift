import Foundation

/// Reads the menstrual flow and symptom records stored from exports (see `CategoryRecords`),
/// counted on the days of the zone the daily values were built in.
struct CategoryRecordReader {
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

  /// The flow days, cycle starts and symptoms recorded from `first` through `last`.
  func records(from first: CalendarDay, through last: CalendarDay) throws -> CategoryRecords {
    let zone = zone()
    let types = [CategoryRecords.flowType] + CategoryRecords.symptomNames.keys.sorted()
    let marks = types.map { _ in "?" }.joined(separator: ", ")
    var records = CategoryRecords()
    var symptoms: Set<CategoryRecords.Symptom> = []
    var flow: Set<CalendarDay> = []
    var starts: Set<CalendarDay> = []
    for row in try database.rows(
      """
      SELECT t.identifier AS type, s.start AS start, s.category AS category, s.metadata AS metadata
      FROM samples s JOIN sample_types t ON t.id = s.type_id
      WHERE t.identifier IN (\(marks)) AND s.start >= ? AND s.start < ?
      """,
      types.map(SQLValue.text) + [
        .integer(LocalDay.start(of: first, in: zone)), .integer(LocalDay.start(of: last.adding(days: 1), in: zone)),
      ])
    {
      guard let type = row.text("type"), let start = row.integer("start") else { continue }
      let day = LocalDay.day(of: start, in: zone)
      let category = row.text("category")
      if type == CategoryRecords.flowType {
        if row.text("metadata")?.contains("\"\(CategoryRecords.cycleStartKey)\":\"1\"") == true { starts.insert(day) }
        if category != CategoryRecords.noFlow { flow.insert(day) }
      } else if SymptomType.isPresent(category: category) {
        symptoms.insert(CategoryRecords.Symptom(day: day, type: type))
      }
    }
    records.flowDays = flow.sorted()
    records.cycleStarts = starts.sorted()
    records.symptoms = symptoms.sorted { ($0.day, $0.type) < ($1.day, $1.type) }
    return records
  }
}
