import Foundation

/// An HTTP response: status, headers (names in lower case) and body.
package struct HTTPResponse: Sendable {
  package var status: Int
  package var headers: [String: String]
  var body: Data

  package init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The body as text.
  package var text: String { String(decoding: body, as: UTF8.self) }
}
