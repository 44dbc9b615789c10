import Foundation
import PandaCore

/// The time zone the data points to, kept with the database: the evidence every import adds
/// (`zone_offsets`, `zone_names`) and the zone `ZoneInference` chose from all of it
/// (`data_zone`), which commands count days in when the person names no zone.
package enum ZoneStore {
  /// The zone chosen when the data was last imported, or `nil` when none was (no import yet, or
  /// a database an older panda made that no import has touched since).
  package static func choice(in database: Database) -> ZoneInference.Choice? {
    guard
      let row = try? database.firstRow("SELECT time_zone, matched, observed FROM data_zone WHERE id = 1"),
      let name = row.text("time_zone")
    else { return nil }
    return ZoneInference.Choice(
      identifier: name, matched: Int(row.integer("matched") ?? 0), observed: Int(row.integer("observed") ?? 0))
  }

  /// Every piece of evidence stored.
  package static func evidence(in database: Database) throws -> ZoneEvidence {
    let offsets = try database.rows("SELECT instant, utc_offset FROM zone_offsets ORDER BY instant").compactMap {
      row -> ZoneEvidence.Offset? in
      guard let instant = row.integer("instant"), let seconds = row.integer("utc_offset") else { return nil }
      return ZoneEvidence.Offset(instant: instant, seconds: Int(seconds))
    }
    var names: [String: Int] = [:]
    for row in try database.rows("SELECT name, records FROM zone_names") {
      if let name = row.text("name") { names[name] = Int(row.integer("records") ?? 0) }
    }
    return ZoneEvidence(offsets: offsets, names: names)
  }

  /// Adds `evidence` to what is stored, chooses the zone again from all of it, with `system` as
  /// the machine's zone, and stores the choice; returns it (`nil` when nothing points anywhere).
  @discardableResult
  package static func add(_ evidence: ZoneEvidence, system: TimeZone, in database: Database) throws
    -> ZoneInference.Choice?
  {
    for offset in evidence.offsets {
      try database.execute(
        """
        INSERT INTO zone_offsets (day, utc_offset, instant) VALUES (?, ?, ?)
        ON CONFLICT (day, utc_offset) DO UPDATE SET instant = min(instant, excluded.instant)
        """, [.integer(offset.utcDay), .integer(Int64(offset.seconds)), .integer(offset.instant)])
    }
    for (name, records) in evidence.names {
      try database.execute(
        """
        INSERT INTO zone_names (name, records) VALUES (?, ?)
        ON CONFLICT (name) DO UPDATE SET records = max(records, excluded.records)
        """, [.text(name), .integer(Int64(records))])
    }
    guard let choice = ZoneInference.choose(try self.evidence(in: database), system: system) else {
      return choice(in: database)
    }
    try database.execute(
      """
      INSERT INTO data_zone (id, time_zone, matched, observed) VALUES (1, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET time_zone = excluded.time_zone, matched = excluded.matched,
                                     observed = excluded.observed
      """, [.text(choice.identifier), .integer(Int64(choice.matched)), .integer(Int64(choice.observed))])
    return choice
  }
}
