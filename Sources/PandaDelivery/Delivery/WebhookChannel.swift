import Foundation
import PandaCore

/// Posts the payload as JSON with the Standard Webhooks headers; the secret comes from the
/// environment variable named by the destination's `secret-env` option.
struct WebhookChannel {
  let transport: HTTPTransport
  let environment: [String: String]

  func send(_ message: OutboxMessage, to destination: Destination, now: Int64) async -> DeliveryResult {
    let body = Data(message.payload.utf8)
    var headers: [(name: String, value: String)] = [
      ("Content-Type", "application/json"), ("User-Agent", "panda"),
    ]
    do {
      if let secret = try destination.secret("secret-env", in: environment) {
        headers += try WebhookSigner(secret: secret).headers(id: message.id, timestamp: now, body: body)
      } else {
        headers += [("webhook-id", message.id), ("webhook-timestamp", String(now))]
      }
      let response = try await transport.send(
        HTTPRequest(
          method: "POST", url: destination.url, headers: headers, body: body, connectTimeoutMilliseconds: 10_000,
          timeoutMilliseconds: 30_000))
      return .http(response, bytes: body.count, now: now)
    } catch {
      return .failure(error, bytes: 0)
    }
  }
}
