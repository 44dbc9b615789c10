import PandaCore

/// The outer shape of a Health Auto Export document: its sections (`metrics`, `workouts`…)
/// inside a `data` object, `{"data": {"metrics": […]}}`, or at the top level.
enum HealthAutoExportEnvelope {
  /// Reads a whole document, handing each section to `section` with its key; returns whether the
  /// sections came inside a `data` object. Throws `JSONReader.Failure` for a document that is not
  /// a JSON object or is not JSON to its end, and what `section` throws.
  static func read(_ reader: inout JSONReader, section: (inout JSONReader, String) throws -> Void) throws -> Bool {
    guard try reader.peekKind() == .object else {
      throw JSONReader.Failure(offset: reader.offset, reason: "the document is not a JSON object")
    }
    var sawData = false
    try reader.readObject { reader, key in
      switch key {
      case "data":
        guard try reader.peekKind() == .object else { return try reader.skipValue() }
        sawData = true
        try reader.readObject { reader, key in try section(&reader, key) }
      case "metrics", "workouts":
        try section(&reader, key)
      default:
        try reader.skipValue()
      }
    }
    try reader.finish()
    return sawData
  }
}
