import Foundation
import PandaCore

/// A Health Auto Export JSON document (a push or a file) that has been checked: well-formed,
/// whole, and the app's `{"data": {...}}` envelope. Checking builds nothing but counts; the
/// importer reads the points metric by metric, so memory follows one metric, not the document.
package struct HealthAutoExportDocument: Sendable {
  /// The document as received; empty once it is `read` (the batches hold what is stored).
  let bytes: [UInt8]
  /// The size of the document in bytes.
  let byteCount: Int
  /// The zone bare days (`2024-03-14`) are taken in.
  let zone: TimeZone
  /// Points, nights and workouts in the document, whether panda can use them or not.
  package let recordCount: Int
  /// What a full read kept, in the order read: the importer stores it without reading the
  /// bytes again. `nil` for a document only checked, read as it is imported.
  let reading: Reading?

  /// The points, nights and workouts of a document, converted and checked, and the counts the
  /// import records.
  struct Reading: Sendable {
    var batches: [HealthAutoExportParser.Batch]
    var counts: HealthAutoExportParser.Counts

    /// Creates a value from its stored properties.
    init(batches: [HealthAutoExportParser.Batch], counts: HealthAutoExportParser.Counts) {
      self.batches = batches
      self.counts = counts
    }
  }

  /// Reads `bytes` whole, once: refuses them as `parse` does, and also (as `HealthAutoExportParser`
  /// does) a name, unit, source or date longer than its bound or a date before 2000 or after
  /// the day after `receivedAt` (seconds since 1970); keeps the points, nights and workouts so
  /// that importing reads nothing again. Memory: the converted points, not the bytes.
  package static func read(_ bytes: [UInt8], name: String, zone: TimeZone, receivedAt: Int64)
    throws(HealthAutoExportError)
    -> HealthAutoExportDocument
  {
    var batches: [HealthAutoExportParser.Batch] = []
    var parser = HealthAutoExportParser(zone: zone, receivedAt: receivedAt) { batch in
      // Kept at their size: an array grown point by point has up to twice the room it needs.
      switch batch {
      case .points(let points): batches.append(.points(Array(points[...])))
      case .nights, .workouts, .symptoms, .statesOfMind: batches.append(batch)
      }
    }
    do {
      try parser.parse(bytes)
    } catch let failure as JSONReader.Failure {
      throw .malformed(name: name, offset: failure.offset, reason: failure.reason)
    } catch {
      // `deliver` above throws nothing: every failure is the reader's.
      throw .malformed(name: name, offset: 0, reason: "\(error)")
    }
    guard parser.sawEnvelope else { throw noEnvelope(name: name) }
    return HealthAutoExportDocument(
      bytes: [], byteCount: bytes.count, zone: zone, recordCount: parser.recordCount + parser.notObjects,
      reading: Reading(batches: batches, counts: parser.counts))
  }

  private static func noEnvelope(name: String) -> HealthAutoExportError {
    .malformed(
      name: name, offset: 0,
      reason: "it is JSON but not Health Auto Export's: there is no \"data\" object with \"metrics\" or \"workouts\"")
  }

  /// Checks `bytes`; throws `HealthAutoExportError.malformed` naming the byte where reading
  /// stopped for a document that is not JSON, is cut off, or is not Health Auto Export's.
  package static func parse(_ bytes: [UInt8], name: String, zone: TimeZone = .current) throws
    -> HealthAutoExportDocument
  {
    var reader = JSONReader(bytes)
    var records = 0
    var sawEnvelope = false
    func countSection(_ reader: inout JSONReader, key: String) throws {
      guard try reader.peekKind() == .array else { return try reader.skipValue() }
      sawEnvelope = sawEnvelope || key == "metrics" || key == "workouts"
      try reader.readArray { reader in
        guard key == "metrics", try reader.peekKind() == .object else {
          records += 1
          return try reader.skipValue()
        }
        try reader.readObject { reader, key in
          guard key == "data", try reader.peekKind() == .array else { return try reader.skipValue() }
          try reader.readArray { reader in
            records += 1
            try reader.skipValue()
          }
        }
      }
    }
    do {
      if try HealthAutoExportEnvelope.read(&reader, section: { reader, key in try countSection(&reader, key: key) }) {
        sawEnvelope = true
      }
    } catch let failure as JSONReader.Failure {
      throw HealthAutoExportError.malformed(name: name, offset: failure.offset, reason: failure.reason)
    }
    guard sawEnvelope else { throw noEnvelope(name: name) }
    return HealthAutoExportDocument(
      bytes: bytes, byteCount: bytes.count, zone: zone, recordCount: records, reading: nil)
  }

  /// Creates a value from its stored properties.
  init(bytes: [UInt8], byteCount: Int, zone: TimeZone, recordCount: Int, reading: Reading?) {
    self.bytes = bytes
    self.byteCount = byteCount
    self.zone = zone
    self.recordCount = recordCount
    self.reading = reading
  }
}
