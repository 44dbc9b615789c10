/// Why a push could not be kept on disk.
package enum SpoolError: Error, CustomStringConvertible {
  case cannotCreate(path: String, reason: String)
  case writeFailed(path: String, reason: String)

  /// The path and the system's reason.
  package var description: String {
    switch self {
    case .cannotCreate(let path, let reason): "cannot create the spool folder \(path): \(reason)"
    case .writeFailed(let path, let reason): "cannot write \(path): \(reason)"
    }
  }
}
