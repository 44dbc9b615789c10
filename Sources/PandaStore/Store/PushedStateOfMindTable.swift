/// The owner of `pushed_states_of_mind`: State of Mind entries Health Auto Export sent, by the
/// app's id.
package struct PushedStateOfMindTable {
  /// One entry, as stored.
  package struct Record: Sendable, Equatable {
    /// `id`: the app's id.
    package var id: String
    /// `start`.
    var start: Int64
    /// `end`.
    var end: Int64
    /// `kind`.
    package var kind: String?
    /// `valence`.
    var valence: Double?
    /// `labels`: a JSON array.
    var labels: String
    /// `associations`: a JSON array.
    var associations: String

    /// Creates a value from its stored properties.
    package init(
      id: String, start: Int64, end: Int64, kind: String?, valence: Double?, labels: String, associations: String
    ) {
      self.id = id
      self.start = start
      self.end = end
      self.kind = kind
      self.valence = valence
      self.labels = labels
      self.associations = associations
    }
  }

  /// The database holding the table.
  let database: Database

  /// The table of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// Stores an entry of import `importID`, received at `receivedAt`: one sent again changed
  /// replaces it, unless an import received later wrote it.
  package func store(_ record: Record, importID: Int64, receivedAt: Int64) throws -> UpsertOutcome {
    let values: [SQLValue] = [
      .text(record.id), .integer(record.start), .integer(record.end), SQLValue(record.kind), SQLValue(record.valence),
      .text(record.labels), .text(record.associations), .integer(importID),
    ]
    try database.execute(
      """
      INSERT INTO pushed_states_of_mind (id, start, end, kind, valence, labels, associations, import_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT DO NOTHING
      """, values)
    if database.changes > 0 { return .inserted }
    try database.execute(
      """
      UPDATE pushed_states_of_mind SET start = ?2, end = ?3, kind = ?4, valence = ?5, labels = ?6,
                                       associations = ?7, import_id = ?8
      WHERE id = ?1
        AND (start IS NOT ?2 OR end IS NOT ?3 OR kind IS NOT ?4 OR valence IS NOT ?5 OR labels IS NOT ?6
             OR associations IS NOT ?7)
        AND coalesce((SELECT started_at FROM imports WHERE id = pushed_states_of_mind.import_id), 0) <= ?9
      """, values + [.integer(receivedAt)])
    return database.changes > 0 ? .updated : .unchanged
  }
}
