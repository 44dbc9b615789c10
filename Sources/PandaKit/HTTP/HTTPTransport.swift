/// Sends requests: the seam between the chat-completions client and the network.
public struct HTTPTransport: Sendable {
  public var send: @Sendable (HTTPRequest) async throws -> HTTPResponse

  public init(send: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
    self.send = send
  }

  /// The real network, through libcurl.
  public static let curl = HTTPTransport { request in try await CurlClient.send(request) }
}
