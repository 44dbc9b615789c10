import Foundation

/// A Health Auto Export JSON document (a push or a file) that has been checked: well-formed,
/// whole, and the app's `{"data": {...}}` envelope. Checking builds nothing but counts; the
/// importer reads the points metric by metric, so memory follows one metric, not the document.
public struct HealthAutoExportDocument: Sendable {
  /// The document as received.
  let bytes: [UInt8]
  /// The zone bare days (`2024-03-14`) are taken in.
  let zone: TimeZone
  /// Points, nights and workouts in the document, whether panda can use them or not.
  public let recordCount: Int

  /// Checks `bytes`; throws `HealthAutoExportError.malformed` naming the byte where reading
  /// stopped for a document that is not JSON, is cut off, or is not Health Auto Export's.
  public static func parse(_ bytes: [UInt8], name: String, zone: TimeZone = .current) throws
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
      guard try reader.peekKind() == .object else {
        throw JSONReader.Failure(offset: reader.offset, reason: "the document is not a JSON object")
      }
      try reader.readObject { reader, key in
        switch key {
        case "data":
          guard try reader.peekKind() == .object else { return try reader.skipValue() }
          sawEnvelope = true
          try reader.readObject { reader, key in try countSection(&reader, key: key) }
        case "metrics", "workouts":
          try countSection(&reader, key: key)
        default:
          try reader.skipValue()
        }
      }
      try reader.finish()
    } catch let failure as JSONReader.Failure {
      throw HealthAutoExportError.malformed(name: name, offset: failure.offset, reason: failure.reason)
    }
    guard sawEnvelope else {
      throw HealthAutoExportError.malformed(
        name: name, offset: 0,
        reason: "it is JSON but not Health Auto Export's: there is no \"data\" object with \"metrics\" or \"workouts\"")
    }
    return HealthAutoExportDocument(bytes: bytes, zone: zone, recordCount: records)
  }
}
