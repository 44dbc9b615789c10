/// The owner of `pushed_nights`: the summarised sleep nights Health Auto Export sent, one per
/// day.
package struct PushedNightTable {
  /// One night, as stored.
  package struct Record: Sendable, Equatable {
    /// `day`, ISO.
    package var day: String
    /// `sleep_start`.
    var sleepStart: Int64?
    /// `sleep_end`.
    var sleepEnd: Int64
    /// `asleep`, hours.
    var asleep: Double?
    /// `in_bed`, hours.
    var inBed: Double?
    /// `core`, hours.
    var core: Double?
    /// `deep`, hours.
    var deep: Double?
    /// `rem`, hours.
    var rem: Double?
    /// `awake`, hours.
    var awake: Double?
    /// `source`.
    var source: String?

    /// Creates a value from its stored properties.
    package init(
      day: String, sleepStart: Int64?, sleepEnd: Int64, asleep: Double?, inBed: Double?, core: Double?, deep: Double?,
      rem: Double?, awake: Double?, source: String?
    ) {
      self.day = day
      self.sleepStart = sleepStart
      self.sleepEnd = sleepEnd
      self.asleep = asleep
      self.inBed = inBed
      self.core = core
      self.deep = deep
      self.rem = rem
      self.awake = awake
      self.source = source
    }
  }

  /// The database holding the table.
  let database: Database

  /// The table of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// Stores a night of import `importID`, received at `receivedAt`: one sent again changed
  /// replaces it, unless an import received later wrote it.
  package func store(_ record: Record, importID: Int64, receivedAt: Int64) throws -> UpsertOutcome {
    let values: [SQLValue] = [
      .text(record.day), SQLValue(record.sleepStart), .integer(record.sleepEnd), SQLValue(record.asleep),
      SQLValue(record.inBed), SQLValue(record.core), SQLValue(record.deep), SQLValue(record.rem),
      SQLValue(record.awake), SQLValue(record.source), .integer(importID),
    ]
    try database.execute(
      """
      INSERT INTO pushed_nights (day, sleep_start, sleep_end, asleep, in_bed, core, deep, rem, awake, source, import_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT DO NOTHING
      """, values)
    if database.changes > 0 { return .inserted }
    try database.execute(
      """
      UPDATE pushed_nights SET sleep_start = ?2, sleep_end = ?3, asleep = ?4, in_bed = ?5, core = ?6, deep = ?7,
                               rem = ?8, awake = ?9, source = ?10, import_id = ?11
      WHERE day = ?1
        AND (sleep_start IS NOT ?2 OR sleep_end IS NOT ?3 OR asleep IS NOT ?4 OR in_bed IS NOT ?5 OR core IS NOT ?6
             OR deep IS NOT ?7 OR rem IS NOT ?8 OR awake IS NOT ?9)
        AND coalesce((SELECT started_at FROM imports WHERE id = pushed_nights.import_id), 0) <= ?12
      """, values + [.integer(receivedAt)])
    return database.changes > 0 ? .updated : .unchanged
  }

  /// Steps through the nights starting (or, without a start, ending) from `from` and before
  /// `to`, by their end, with the columns sleep_start, sleep_end, in_bed, asleep, core, deep,
  /// rem, awake, source and route (of the import that stored it; NULL when it is gone).
  package func exportStatement(from: Int64?, to: Int64?) throws -> Statement {
    let time = SampleTable.startConditions(from: from, to: to, column: "coalesce(n.sleep_start, n.sleep_end)")
    let statement = try Statement(
      database: database,
      sql: """
        SELECT n.sleep_start, n.sleep_end, n.in_bed, n.asleep, n.core, n.deep, n.rem, n.awake, n.source, i.route
        FROM pushed_nights n LEFT JOIN imports i ON i.id = n.import_id
        """ + (time.conditions.isEmpty ? "" : " WHERE " + time.conditions.joined(separator: " AND "))
          + " ORDER BY n.sleep_end",
      persistent: false)
    try statement.bind(time.values)
    return statement
  }
}
