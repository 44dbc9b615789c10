import Foundation

/// The request line and headers of an HTTP/1.1 request, parsed from the bytes before the blank
/// line. Pure: the server feeds it what it read.
struct RequestHead: Sendable, Equatable {
  /// The largest head accepted; a longer one is answered 431.
  static let maximumBytes = 16 * 1024

  var method: String
  var target: String
  var version: String
  /// The headers in order, names in lower case, values trimmed.
  var headers: [(name: String, value: String)]

  /// The last value of header `name` (lower case).
  func header(_ name: String) -> String? { headers.last { $0.name == name }?.value }

  /// Every value of header `name` (lower case).
  func headers(_ name: String) -> [String] { headers.filter { $0.name == name }.map(\.value) }

  static func == (lhs: RequestHead, rhs: RequestHead) -> Bool {
    lhs.method == rhs.method && lhs.target == rhs.target && lhs.version == rhs.version
      && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
  }

  /// Where the head ends in `bytes`: the index just past its blank line (`\r\n\r\n`, or a bare
  /// `\n\n`), or `nil` when it has not all arrived yet.
  static func end(in bytes: [UInt8]) -> Int? {
    var index = 0
    while index < bytes.count {
      if bytes[index] == 10 {
        if index + 1 < bytes.count && bytes[index + 1] == 10 { return index + 2 }
        if index + 2 < bytes.count && bytes[index + 1] == 13 && bytes[index + 2] == 10 { return index + 3 }
      }
      index += 1
    }
    return nil
  }

  /// Parses the head in `bytes` (up to and including its blank line).
  static func parse(_ bytes: ArraySlice<UInt8>) throws(RequestHeadError) -> RequestHead {
    guard bytes.count <= maximumBytes else { throw .tooLarge }
    // Bytes beyond ASCII are allowed in values (HTTP's obs-text) and read leniently; NUL never.
    guard bytes.allSatisfy({ $0 != 0 }) else { throw .malformed("the request head is not text") }
    // Split on bytes: as Characters, "\r\n" is one and would not split on "\n".
    var lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map { line in
      String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let requestLine = lines.first else { throw .malformed("no request line") }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }),
      !parts[1].isEmpty, parts[2].hasPrefix("HTTP/")
    else {
      throw .malformed("the request line is not 'METHOD TARGET HTTP/1.1'")
    }
    guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
      let version = parts[2].dropFirst(5)
      guard version.count == 3, version.first?.isNumber == true, version.last?.isNumber == true,
        version.dropFirst().first == "."
      else { throw .malformed("the request line is not 'METHOD TARGET HTTP/1.1'") }
      throw .unsupportedVersion
    }
    var headers: [(name: String, value: String)] = []
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
        throw .malformed("a header line has no name")
      }
      let name = line[..<colon]
      guard name.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
        throw .malformed("header name '\(name.prefix(40))' is not a token")
      }
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers.append((name.lowercased(), value))
    }
    return RequestHead(
      method: String(parts[0]), target: String(parts[1]), version: String(parts[2]), headers: headers)
  }
}
