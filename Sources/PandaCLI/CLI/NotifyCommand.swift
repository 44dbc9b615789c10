import Foundation
import PandaCore
import PandaDelivery

/// `panda notify add|list|remove|enable|test`: the destinations deliveries go to.
enum NotifyCommand: PandaCommand {
  static let spec = CommandSpec(
    "notify", summary: "where insights are delivered (webhook, ntfy, e-mail, Home Assistant, MQTT)",
    forms: Action.allCases.map(form),
    details: """
      KIND is webhook, ntfy, email, homeassistant or mqtt. Secrets are never given on the command
      line: the options ending in -env name environment variables that hold them when `panda deliver`
      runs. `notify test` sends a test message to one destination (or all) at once, without the outbox.
      A destination that answered 410 Gone is turned off (`notify list` shows it); `notify enable`
      turns it back on. `add`, `remove` and `enable` wait for another run on the database up to
      PANDA_LOCK_WAIT seconds (default 10), then exit 75.
      """)

  /// What `panda notify` is asked to do; each case's word selects its form.
  enum Action: String, CaseIterable {
    /// Set up a destination.
    case add
    /// List the destinations.
    case list
    /// Remove a destination and its queued deliveries.
    case remove
    /// Turn a destination that was turned off back on.
    case enable
    /// Send a test message at once, without the outbox.
    case test
  }

  /// The form of `action` in the command's spec.
  static func form(_ action: Action) -> CommandSpec.Form {
    switch action {
    case .add:
      .init(
        action.rawValue, operands: "KIND URL", operandValues: DestinationKind.allCases.map(\.rawValue),
        options: destinationOptions + [.quiet, .database])
    case .list: .init(action.rawValue, options: [.format([.text, .json]), .database])
    case .remove, .enable: .init(action.rawValue, operands: "ID", options: [.quiet, .database])
    case .test: .init(action.rawValue, operands: "[ID]", options: [.database, .timeZone])
    }
  }

  /// The options `notify add` stores with a destination.
  static let destinationOptions: [OptionSpec] = [
    OptionSpec("secret-env", valueName: "VAR", help: "webhook: the variable holding the signing secret (whsec_…)"),
    OptionSpec("token-env", valueName: "VAR", help: "ntfy, homeassistant: the variable holding the access token"),
    OptionSpec("user-env", valueName: "VAR", help: "ntfy, email, mqtt: the variable holding the user name"),
    OptionSpec("password-env", valueName: "VAR", help: "ntfy, email, mqtt: the variable holding the password"),
    OptionSpec("to", valueName: "ADDRESSES", help: "email: the recipients, separated by commas"),
    OptionSpec("from", valueName: "ADDRESS", help: "email: the sender"),
    OptionSpec("topic-prefix", valueName: "P", default: "panda", help: "mqtt: the prefix of the state topics"),
    OptionSpec(
      "discovery-prefix", valueName: "P", default: "homeassistant", help: "mqtt: the Home Assistant discovery prefix"),
  ]

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let words = arguments.positionals
    guard let action = words.first.flatMap(Action.init(rawValue:)) else {
      throw UsageError.missingArgument(CommandSpec.list(Action.allCases.map(\.rawValue)))
    }
    // A destination is checked whole before the database is opened (or created) for it.
    let added = action == .add ? try newDestination(words, arguments, environment: console.environment) : nil
    let path = DatabaseLocation.path(arguments, environment: console.environment)
    if action == .list && !FileManager.default.fileExists(atPath: path) {
      console.output(arguments.format == .json ? "[]\n" : "No destinations. Add one: panda notify add webhook URL\n")
      return .success
    }
    if action == .test && !FileManager.default.fileExists(atPath: path) {
      console.output("No destinations to test. Add one: panda notify add webhook URL\n")
      return .success
    }
    if action != .add && DatabaseLocation.existingPath(arguments, console: console) == nil { return .noInput }
    // Listing and testing only read; adding, removing and enabling write, under the run lock.
    guard
      let (database, lock) = try DatabaseLocation.open(
        path, writing: action != .list && action != .test, console: console)
    else { return .temporaryFailure }
    defer { withExtendedLifetime(lock) {} }
    let store = DestinationStore(database: database)
    let now = Int64(Date().timeIntervalSince1970)
    switch action {
    case .add:
      guard let (kind, options) = added else { return .software }
      let destination = try store.add(kind: kind, url: words[2], options: options, now: now)
      if !arguments.has(OptionSpec.quiet) {
        console.output("Added destination \(destination.id) (\(kind.rawValue)).\n")
      }
      for (name, variable) in options.sorted(by: { $0.key < $1.key })
      where name.hasSuffix("-env") && console.environment[variable] == nil {
        console.error("panda: note: $\(variable) is not set now; set it where `panda deliver` runs.\n")
      }
      return .success
    case .list:
      if words.count > 1 { throw UsageError.unexpectedArgument(words[1]) }
      let destinations = try store.all()
      if arguments.format == .json {
        struct Listing: Encodable {
          var id: Int64
          var kind: String
          var url: String
          var options: [String: String]
          var disabledReason: String?
        }
        console.output(
          try JSONOutput.string(
            destinations.map {
              Listing(
                id: $0.id, kind: $0.kind.rawValue, url: $0.url, options: $0.options, disabledReason: $0.disabledReason)
            }) + "\n")
        return .success
      }
      if destinations.isEmpty { console.output("No destinations. Add one: panda notify add webhook URL\n") }
      for destination in destinations {
        let options = destination.options.sorted { $0.key < $1.key }.map { "--\($0.key) \($0.value)" }
        var line = "\(destination.id)  \(destination.kind.rawValue)  \(destination.url)"
        if !options.isEmpty { line += "  " + options.joined(separator: " ") }
        if let reason = destination.disabledReason { line += "  (off: \(reason))" }
        console.output(line + "\n")
      }
      return .success
    case .remove:
      let id = try destinationID(words)
      guard try store.remove(id) else {
        console.error("panda: \(DeliveryError.unknownID(words[1]))\n")
        return .dataError
      }
      if !arguments.has(OptionSpec.quiet) { console.output("Removed destination \(id) and its queued deliveries.\n") }
      return .success
    case .enable:
      let id = try destinationID(words)
      guard let before = try store.enable(id) else {
        console.error("panda: \(DeliveryError.unknownID(words[1]))\n")
        return .dataError
      }
      if !arguments.has(OptionSpec.quiet) {
        let dead = try Outbox(database: database).all().filter { $0.destinationID == id && $0.state == .dead }
        var text =
          before.disabledAt == nil
          ? "Destination \(id) was already on."
          : "Turned destination \(id) back on (it was off: \(before.disabledReason ?? "no reason recorded")); "
            + "new deliveries go to it."
        if !dead.isEmpty {
          text +=
            " \(dead.count == 1 ? "1 delivery to it was" : "\(dead.count) deliveries to it were") given up on; "
            + "to send again: panda outbox retry \(dead.map(\.id).joined(separator: " "))"
        }
        console.output(text + "\n")
      }
      return .success
    case .test:
      var destinations = try store.all()
      if destinations.isEmpty {
        console.output("No destinations to test. Add one: panda notify add webhook URL\n")
        return .success
      }
      if words.count > 1 {
        let id = try destinationID(words)
        destinations = destinations.filter { $0.id == id }
        if destinations.isEmpty {
          console.error("panda: \(DeliveryError.unknownID(words[1]))\n")
          return .dataError
        }
      }
      let payload = DeliveryPayload(
        day: DailyContextOptions.today(in: try DailyContextOptions.context(arguments, environment: console.environment))
          .iso, provider: "test", headline: "This is a test message from panda.",
        insights: [], readings: [])
      let channels = DeliveryChannels(environment: console.environment)
      var failures: [String] = []
      for destination in destinations {
        let message = OutboxMessage(
          id: "msg_test_\(now)_\(destination.id)", destinationID: destination.id, payload: try payload.json(),
          createdAt: now, nextAttemptAt: now, attempts: 0, state: .sending)
        let result = await channels.send(message, to: destination, now: now)
        let status = result.status.map { " (\($0))" } ?? ""
        if !result.accepted {
          failures.append(
            "\(destination.kind.rawValue) destination \(destination.id) failed\(status): \(result.reason ?? "no answer")"
          )
        }
        console.output(
          "\(destination.id)  \(destination.kind.rawValue)  "
            + (result.accepted ? "ok\(status)\n" : "failed\(status): \(result.reason ?? "no answer")\n"))
      }
      // The reason goes to stderr too: a cron line keeps only that of a run that failed.
      for failure in failures { console.error("panda: notify test: \(failure)\n") }
      return failures.isEmpty ? .success : .unavailable
    }
  }

  /// Refuses a URL whose scheme the channel cannot use.
  /// The kind and stored options of the destination `notify add KIND URL` describes, checked:
  /// a known kind, a URL it can use, the options it needs, and variable names, never secrets.
  private static func newDestination(
    _ words: [String], _ arguments: Arguments, environment: [String: String]
  ) throws -> (DestinationKind, [String: String]) {
    guard words.count >= 3 else { throw UsageError.missingArgument("KIND and URL") }
    if words.count > 3 { throw UsageError.unexpectedArgument(words[3]) }
    guard let kind = DestinationKind(rawValue: words[1]) else {
      throw UsageError.operand("KIND", words[1], among: DestinationKind.allCases.map(\.rawValue))
    }
    try check(url: words[2], for: kind)
    var options: [String: String] = [:]
    for option in destinationOptions { options[option.name] = arguments.value(option) }
    for (name, variable) in options
    where name.hasSuffix("-env") && (!isVariableName(variable) || variable.lowercased().hasPrefix("whsec_")) {
      // The value is most likely the secret itself: it is not repeated.
      throw UsageError.invalidValue(
        option: name, value: "…",
        expected: "the NAME of an environment variable holding the value (letters, digits, _), not the value itself")
    }
    if kind == .email, options["to"] == nil || options["from"] == nil {
      throw UsageError.missingArgument("--to and --from for an e-mail destination")
    }
    if kind == .webhook, let variable = options["secret-env"], let secret = environment[variable] {
      _ = try WebhookSigner(secret: secret)
    }
    return (kind, options)
  }

  /// The destination ID after the subcommand: `notify remove 2`.
  private static func destinationID(_ words: [String]) throws(UsageError) -> Int64 {
    guard words.count >= 2 else { throw .missingArgument("the destination's ID") }
    if words.count > 2 { throw .unexpectedArgument(words[2]) }
    guard let id = Int64(words[1]) else {
      throw .malformedOperand(
        name: "ID", value: words[1], expected: "a destination id (a number, as panda notify list shows)")
    }
    return id
  }

  /// Whether `text` can name an environment variable: `PANDA_WEBHOOK_SECRET`.
  static func isVariableName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
    else { return false }
    return text.unicodeScalars.allSatisfy {
      $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
    }
  }

  private static func check(url: String, for kind: DestinationKind) throws(UsageError) {
    let schemes: [String] =
      switch kind {
      case .webhook, .ntfy, .homeAssistant: ["http", "https"]
      case .email: ["smtp", "smtps"]
      case .mqtt: ["mqtt"]
      }
    guard let scheme = URLComponents(string: url)?.scheme?.lowercased(), schemes.contains(scheme) else {
      throw .invalidValue(option: "URL", value: url, expected: "a \(schemes.joined(separator: " or ")) URL")
    }
  }
}
