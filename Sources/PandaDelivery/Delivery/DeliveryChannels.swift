import PandaCore

/// Sends a message through the channel of its destination: the `send` an `OutboxSender` uses.
package struct DeliveryChannels: Sendable {
  let transport: HTTPTransport
  package let environment: [String: String]

  /// Channels over `transport` that read secrets from `environment`.
  package init(transport: HTTPTransport = .curl, environment: [String: String]) {
    self.transport = transport
    self.environment = environment
  }

  /// Sends `message` to `destination` at `now` (Unix seconds).
  package func send(_ message: OutboxMessage, to destination: Destination, now: Int64) async -> DeliveryResult {
    switch destination.kind {
    case .webhook:
      await WebhookChannel(transport: transport, environment: environment).send(message, to: destination, now: now)
    case .ntfy:
      await NtfyChannel(transport: transport, environment: environment).send(message, to: destination, now: now)
    case .homeAssistant:
      await HomeAssistantChannel(transport: transport, environment: environment).send(
        message, to: destination, now: now)
    case .email:
      await EmailChannel(environment: environment).send(message, to: destination, now: now)
    case .mqtt:
      await MQTTChannel(environment: environment).send(message, to: destination, now: now)
    }
  }
}
