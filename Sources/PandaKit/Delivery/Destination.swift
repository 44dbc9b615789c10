/// Where deliveries go: a channel, its URL and its options. Options name environment variables
/// (`secret-env`, `token-env`, `user-env`, `password-env`) rather than holding secrets.
public struct Destination: Sendable, Equatable {
  /// The row id, shown by `panda notify list`.
  public var id: Int64
  /// The channel.
  public var kind: DestinationKind
  /// Where to send (`https://…`, `smtp://…`, `mqtt://…`).
  public var url: String
  /// Channel options by name, e.g. `to`, `from`, `secret-env`, `topic-prefix`.
  public var options: [String: String]
  /// When the destination was turned off (Unix seconds), e.g. after an HTTP 410.
  public var disabledAt: Int64?
  /// Why it was turned off.
  public var disabledReason: String?

  /// A destination as stored.
  public init(
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
  public func secret(_ name: String, in environment: [String: String]) throws(DeliveryError) -> String? {
    guard let variable = options[name] else { return nil }
    guard let value = environment[variable], !value.isEmpty else {
      throw .missingEnvironment(variable: variable, destination: id)
    }
    return value
  }
}
