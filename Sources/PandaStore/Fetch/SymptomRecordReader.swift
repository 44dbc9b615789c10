import PandaCore

/// Reads the symptom records Health holds, whichever way they came: from the export (`samples`)
/// and from Health Auto Export's pushes (`pushed_samples`, stored with the export's type
/// identifiers and category values). The warnings' records and the day events both read
/// symptoms here, so that a pushed symptom counts exactly as an exported one.
struct SymptomRecordReader {
  /// A symptom recorded as present.
  struct Record: Equatable {
    /// Its type.
    var type: SymptomType
    /// When it started, in seconds since 1970.
    var start: Int64
  }

  let database: Database

  /// The records of `types` starting in [`start`, `end`) whose value does not say the symptom
  /// was not present (see `SymptomType.isPresent`), in no particular order.
  func records(of types: [SymptomType], from start: Int64, to end: Int64) throws -> [Record] {
    var list = ""
    for (index, type) in types.enumerated() {
      if index > 0 { list += "," }
      JSONText.appendString(type.identifier, to: &list)
    }
    var records: [Record] = []
    for row in try database.rows(
      """
      SELECT t.identifier AS type, s.start AS start, s.category AS category
      FROM samples s JOIN sample_types t ON t.id = s.type_id
      WHERE t.identifier IN (SELECT value FROM json_each(?1)) AND s.start >= ?2 AND s.start < ?3
      UNION ALL
      SELECT type, start, category FROM pushed_samples
      WHERE type IN (SELECT value FROM json_each(?1)) AND start >= ?2 AND start < ?3
      """, [.text("[" + list + "]"), .integer(start), .integer(end)])
    {
      guard let identifier = row.text("type"), let type = SymptomType.withIdentifier(identifier),
        let at = row.integer("start"), SymptomType.isPresent(category: row.text("category"))
      else { continue }
      records.append(Record(type: type, start: at))
    }
    return records
  }
}
