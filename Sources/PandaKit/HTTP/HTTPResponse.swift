import Foundation

/// An HTTP response: status, headers (names in lower case) and body.
public struct HTTPResponse: Sendable {
  public var status: Int
  public var headers: [String: String]
  public var body: Data

  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The body as text.
  public var text: String { String(decoding: body, as: UTF8.self) }
}
