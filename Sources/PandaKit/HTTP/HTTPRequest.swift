import Foundation

/// An HTTP request with its timeouts.
public struct HTTPRequest: Sendable {
  public var method: String
  public var url: String
  public var headers: [(name: String, value: String)]
  public var body: Data?
  /// Milliseconds allowed to connect.
  public var connectTimeoutMilliseconds: Int
  /// Milliseconds allowed for the whole exchange; 0 for no limit.
  public var timeoutMilliseconds: Int
  /// When set, the exchange is abandoned after this many milliseconds without a byte from the
  /// server, however long it takes in all (for replies streamed by slow models).
  public var idleTimeoutMilliseconds: Int?
  /// With an idle timeout, the most milliseconds the whole exchange may still take, even while
  /// bytes keep arriving; nil for no limit.
  public var streamLimitMilliseconds: Int?
  /// Called with each piece of the body as it arrives.
  public var onReceive: (@Sendable (Data) -> Void)?

  public init(
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

/// Why an exchange produced no response.
public enum HTTPError: Error, Equatable, CustomStringConvertible {
  case timedOut(url: String, milliseconds: Int)
  /// Nothing arrived for `milliseconds`.
  case idle(url: String, milliseconds: Int)
  case connectionFailed(url: String, reason: String)
  case cancelled
  case invalidRequest(reason: String)

  /// Whether the server took too long: in all, or between bytes.
  public var isTimeout: Bool {
    switch self {
    case .timedOut, .idle: true
    default: false
    }
  }

  public var description: String {
    switch self {
    case .timedOut(let url, let milliseconds): "\(url) did not answer within \(milliseconds) ms"
    case .idle(let url, let milliseconds): "\(url) sent nothing for \(milliseconds) ms"
    case .connectionFailed(let url, let reason): "cannot reach \(url): \(reason)"
    case .cancelled: "the request was cancelled"
    case .invalidRequest(let reason): "invalid request: \(reason)"
    }
  }
}

/// Sends requests: the seam between the chat-completions client and the network.
public struct HTTPTransport: Sendable {
  public var send: @Sendable (HTTPRequest) async throws -> HTTPResponse

  public init(send: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
    self.send = send
  }

  /// The real network, through libcurl.
  public static let curl = HTTPTransport { request in try await CurlClient.send(request) }
}
