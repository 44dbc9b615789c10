/// Why a request head cannot be read.
enum RequestHeadError: Error, Equatable, CustomStringConvertible {
  /// Longer than `RequestHead.maximumBytes`.
  case tooLarge
  /// A well-formed version other than HTTP/1.0 and HTTP/1.1 (answered 505).
  case unsupportedVersion
  case malformed(String)

  var description: String {
    switch self {
    case .tooLarge: "the request head is longer than \(RequestHead.maximumBytes / 1024) KB"
    case .unsupportedVersion: "only HTTP/1.1 and HTTP/1.0 are spoken here"
    case .malformed(let reason): reason
    }
  }
}
