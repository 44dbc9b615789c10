/// Where deliveries go: a channel, its URL and its options. Options name environment variables
/// (`secret-env`, `token-env`, `user-env`, `password-env`) rather than holding secrets.
package struct Destination: Sendable, Equatable {
  /// The row id, shown by `panda notify list`.
  package var id: Int64
  /// The channel.
  package var kind: DestinationKind
  /// Where to send (`https://…`, `smtp://…`, `mqtt://…`).
  package var url: String
  /// Channel options by name, e.g. `to`, `from`, `secret-env`, `topic-prefix`.
  package var options: [String: String]
  /// When the destination was turned off (Unix seconds), e.g. after an HTTP 410.
  package var disabledAt: Int64?
  /// Why it was turned off.
  package var disabledReason: String?

  /// A destination as stored.
  init(
    id: Int64, kind: DestinationKind, url: String, options: [String: String] = [:], disabledAt: Int64? = nil,
    disabledReason: String? = nil
  ) {
    self.id = id
    self.kind = kind
    self.url = url
    self.options = options
    self.disabledAt = disabledAt
    self.disabledReason = disabledReason
  }

  /// The value of the environment variable named by option `name`, if the option is set.
  /// Throws when the option names a variable that is not set.
  func secret(_ name: String, in environment: [String: String]) throws(DeliveryError) -> String? {
    guard let variable = options[name] else { return nil }
    guard let value = environment[variable], !value.isEmpty else {
      throw .missingEnvironment(variable: variable, destination: id)
    }
    return value
  }
}
