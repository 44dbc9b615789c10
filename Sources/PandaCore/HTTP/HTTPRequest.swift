import Foundation

/// An HTTP request with its timeouts.
package struct HTTPRequest: Sendable {
  var method: String
  var url: String
  var headers: [(name: String, value: String)]
  var body: Data?
  /// Milliseconds allowed to connect.
  var connectTimeoutMilliseconds: Int
  /// Milliseconds allowed for the whole exchange; 0 for no limit.
  package var timeoutMilliseconds: Int
  /// When set, the exchange is abandoned after this many milliseconds without a byte from the
  /// server, however long it takes in all (for replies streamed by slow models).
  var idleTimeoutMilliseconds: Int?
  /// With an idle timeout, the most milliseconds the whole exchange may still take, even while
  /// bytes keep arriving; nil for no limit.
  package var streamLimitMilliseconds: Int?
  /// Called with each piece of the body as it arrives.
  var onReceive: (@Sendable (Data) -> Void)?

  package init(
    method: String = "GET", url: String, headers: [(name: String, value: String)] = [], body: Data? = nil,
    connectTimeoutMilliseconds: Int = 5_000, timeoutMilliseconds: Int = 60_000, idleTimeoutMilliseconds: Int? = nil,
    onReceive: (@Sendable (Data) -> Void)? = nil
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
    self.timeoutMilliseconds = timeoutMilliseconds
    self.idleTimeoutMilliseconds = idleTimeoutMilliseconds
    self.onReceive = onReceive
  }
}
