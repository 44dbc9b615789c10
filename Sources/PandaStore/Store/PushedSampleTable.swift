/// The owner of `pushed_samples`: Health Auto Export's buckets and symptom records, one per
/// type and start, the one received last winning.
package struct PushedSampleTable {
  /// One bucket, as stored.
  package struct Record: Sendable, Equatable {
    /// `type`: the Health type identifier.
    var type: String
    /// `start`.
    var start: Int64
    /// `category`: the category value, empty for a quantity.
    var category: String
    /// `unit`.
    var unit: String
    /// `end`.
    var end: Int64
    /// `value`.
    package var value: Double?
    /// `minimum`.
    var minimum: Double?
    /// `maximum`.
    var maximum: Double?
    /// `source`.
    var source: String?

    /// Creates a value from its stored properties.
    package init(
      type: String, start: Int64, category: String, unit: String, end: Int64, value: Double?, minimum: Double?,
      maximum: Double?, source: String?
    ) {
      self.type = type
      self.start = start
      self.category = category
      self.unit = unit
      self.end = end
      self.value = value
      self.minimum = minimum
      self.maximum = maximum
      self.source = source
    }
  }

  /// The database holding the table.
  let database: Database

  /// The table of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// Stores a bucket of import `importID`, received at `receivedAt`: one already stored with
  /// other values takes these, unless an import received later wrote it (a push retried after
  /// later ones does not bring back its older value).
  package func store(_ record: Record, importID: Int64, receivedAt: Int64) throws -> UpsertOutcome {
    let values: [SQLValue] = [
      .text(record.type), .integer(record.start), .text(record.category), .text(record.unit), .integer(record.end),
      SQLValue(record.value), SQLValue(record.minimum), SQLValue(record.maximum), SQLValue(record.source),
      .integer(importID),
    ]
    try database.execute(
      """
      INSERT INTO pushed_samples (type, start, category, unit, end, value, minimum, maximum, source, import_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT DO NOTHING
      """, values)
    if database.changes > 0 { return .inserted }
    try database.execute(
      """
      UPDATE pushed_samples SET unit = ?4, end = ?5, value = ?6, minimum = ?7, maximum = ?8, source = ?9,
                                import_id = ?10
      WHERE type = ?1 AND start = ?2 AND category = ?3
        AND (unit IS NOT ?4 OR end IS NOT ?5 OR value IS NOT ?6 OR minimum IS NOT ?7 OR maximum IS NOT ?8)
        AND coalesce((SELECT started_at FROM imports WHERE id = pushed_samples.import_id), 0) <= ?11
      """, values + [.integer(receivedAt)])
    return database.changes > 0 ? .updated : .unchanged
  }

  /// Stores a symptom record, known by its type and start: one sent again with another value
  /// (category) or end replaces it, unless an import received later wrote it.
  package func storeSymptom(
    type: String, start: Int64, category: String, end: Int64, source: String?, importID: Int64, receivedAt: Int64
  ) throws -> UpsertOutcome {
    let values: [SQLValue] = [
      .text(type), .integer(start), .text(category), .integer(end), SQLValue(source), .integer(importID),
      .integer(receivedAt),
    ]
    try database.execute(
      """
      UPDATE pushed_samples SET category = ?3, end = ?4, source = ?5, import_id = ?6
      WHERE type = ?1 AND start = ?2 AND (category IS NOT ?3 OR end IS NOT ?4)
        AND coalesce((SELECT started_at FROM imports WHERE id = pushed_samples.import_id), 0) <= ?7
      """, values)
    if database.changes > 0 { return .updated }
    try database.execute(
      """
      INSERT INTO pushed_samples (type, start, category, unit, end, value, minimum, maximum, source, import_id)
      SELECT ?1, ?2, ?3, '', ?4, NULL, NULL, NULL, ?5, ?6
      WHERE NOT EXISTS (SELECT 1 FROM pushed_samples WHERE type = ?1 AND start = ?2)
      """, Array(values.prefix(6)))
    return database.changes > 0 ? .inserted : .unchanged
  }

  /// The latest start of a bucket.
  package func latestStart() throws -> Int64? {
    try database.firstRow("SELECT max(start) AS last FROM pushed_samples", [])?.integer("last")
  }

  /// Steps through the buckets of `types` (all when `nil`) starting from `from` and before
  /// `to`, with the columns type, unit, start, end, value, category, source and route (of the
  /// import that stored it; NULL when it is gone): a statement read row by row.
  package func exportStatement(types: [String]?, typesJSON: String, from: Int64?, to: Int64?) throws -> Statement {
    let time = SampleTable.startConditions(from: from, to: to, column: "p.start")
    var conditions = time.conditions
    var bound = time.values
    if types != nil {
      conditions.append("p.type IN (SELECT value FROM json_each(?))")
      bound.append(.text(typesJSON))
    }
    let statement = try Statement(
      database: database,
      sql: """
        SELECT p.type, p.unit, p.start, p.end, p.value, p.category, p.source, i.route
        FROM pushed_samples p LEFT JOIN imports i ON i.id = p.import_id
        """ + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")),
      persistent: false)
    try statement.bind(bound)
    return statement
  }
}
