/// The channels panda delivers through.
package enum DestinationKind: String, Sendable, CaseIterable, Codable {
  /// An HTTP POST of the JSON payload, signed the Standard Webhooks way.
  case webhook
  /// A Markdown digest published to an ntfy topic.
  case ntfy
  /// A plain-text e-mail over SMTP.
  case email
  /// One sensor per metric through Home Assistant's REST API.
  case homeAssistant = "homeassistant"
  /// Retained Home Assistant discovery configs and states on an MQTT broker.
  case mqtt
}
