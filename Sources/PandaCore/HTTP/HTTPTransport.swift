/// Sends requests: the seam between the chat-completions client and the network.
package struct HTTPTransport: Sendable {
  package var send: @Sendable (HTTPRequest) async throws -> HTTPResponse

  init(send: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
    self.send = send
  }

  /// The real network, through libcurl.
  package static let curl = HTTPTransport { request in try await CurlClient.send(request) }
}
