/// Why a Health Auto Export document could not be imported. Nothing is stored when one of these
/// is thrown.
package enum HealthAutoExportError: Error, Equatable, CustomStringConvertible {
  /// Not JSON, cut off, or not the app's envelope.
  case malformed(name: String, offset: Int, reason: String)
  /// Well-formed, but nothing in it is a metric or workout panda stores.
  case noUsableData(name: String, reason: String)

  package var description: String {
    switch self {
    case .malformed(let name, let offset, let reason):
      "\(name) cannot be read at byte \(offset): \(reason). Nothing from it was imported."
    case .noUsableData(let name, let reason):
      "\(name) holds no data panda can use: \(reason). Nothing from it was imported; check the automation's metrics and that its format is JSON."
    }
  }
}
