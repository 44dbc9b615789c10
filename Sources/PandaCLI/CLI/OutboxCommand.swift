import Foundation
import PandaCore
import PandaDelivery

/// `panda outbox [list]`, `outbox retry ID`, `outbox purge --sent`: the queued deliveries.
enum OutboxCommand: PandaCommand {
  static let spec = CommandSpec(
    "outbox", summary: "the queued deliveries and their state",
    forms: Action.allCases.map(form),
    details: """
      Lists the deliveries with their state (pending, sending, sent, dead), attempts and last error;
      `retry` makes dead or waiting ones due now, with a fresh schedule (10 attempts over 3 days),
      for the next `panda deliver`; the attempts made so far stay counted and recorded. `purge --sent`
      deletes the sent ones (the record of each attempt stays). `retry` and `purge` wait for another
      run on the database up to PANDA_LOCK_WAIT seconds (default 10), then exit 75.
      """)

  /// What `panda outbox` is asked to do; each case's word selects its form.
  enum Action: String, CaseIterable {
    /// List the deliveries (the default).
    case list
    /// Make dead or waiting deliveries due now.
    case retry
    /// Delete the sent deliveries.
    case purge
  }

  /// `purge --sent`.
  static let sent = OptionSpec("sent", kind: .flag, isRequired: true, help: "delete the sent deliveries")

  /// The form of `action` in the command's spec.
  static func form(_ action: Action) -> CommandSpec.Form {
    switch action {
    case .list: .init(action.rawValue, options: [.format([.text, .json]), .database], isDefault: true)
    case .retry: .init(action.rawValue, operands: "ID...", options: [.quiet, .database])
    case .purge: .init(action.rawValue, options: [sent, .quiet, .database])
    }
  }

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let words = arguments.positionals
    let word = words.first ?? Action.list.rawValue
    guard let action = Action(rawValue: word) else { throw UsageError.unexpectedArgument(word) }
    if action == .retry && words.count < 2 { throw UsageError.missingArgument("the message ID") }
    let isListing = action == .list
    if isListing
      && !FileManager.default.fileExists(atPath: DatabaseLocation.path(arguments, environment: console.environment))
    {
      // Nothing was ever queued; listing creates no database.
      console.output(arguments.format == .json ? "[]\n" : "The outbox is empty.\n")
      return .success
    }
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    // Listing only reads; retrying and purging write, under the run lock.
    guard let (database, lock) = try DatabaseLocation.open(path, writing: !isListing, console: console) else {
      return .temporaryFailure
    }
    defer { withExtendedLifetime(lock) {} }
    let outbox = Outbox(database: database)
    let formatter = ISO8601DateFormatter()
    func time(_ seconds: Int64?) -> String? {
      seconds.map { formatter.string(from: Date(timeIntervalSince1970: Double($0))) }
    }
    switch action {
    case .retry:
      let destinations = try DestinationStore(database: outbox.database).all()
      var status = ExitCode.success
      for id in words.dropFirst() {
        let (line, code) = retryLine(
          id, try outbox.retry(id, now: Int64(Date().timeIntervalSince1970)), destinations: destinations, time: time)
        if code == .success {
          if !arguments.has(OptionSpec.quiet) { console.output(line + "\n") }
        } else {
          console.error("panda: " + line + "\n")
          if status == .success { status = code }
        }
      }
      return status
    case .purge:
      let removed = try outbox.purgeSent()
      if !arguments.has(OptionSpec.quiet) {
        console.output("Removed \(removed) sent deliver\(removed == 1 ? "y" : "ies").\n")
      }
      return .success
    case .list:
      let messages = try outbox.all()
      if arguments.format == .json {
        struct Listing: Encodable {
          var id: String
          var destination: Int64
          var state: String
          var attempts: Int
          var createdAt: String?
          var nextAttemptAt: String?
          var sentAt: String?
          var lastStatus: Int?
          var lastError: String?
          var retriedAt: String?
        }
        console.output(
          try JSONOutput.string(
            messages.map {
              Listing(
                id: $0.id, destination: $0.destinationID, state: $0.state.rawValue, attempts: $0.attempts,
                createdAt: time($0.createdAt), nextAttemptAt: $0.state == .pending ? time($0.nextAttemptAt) : nil,
                sentAt: time($0.sentAt), lastStatus: $0.lastStatus, lastError: $0.lastError,
                retriedAt: time($0.retriedAt))
            }) + "\n")
        return .success
      }
      if messages.isEmpty { console.output("The outbox is empty.\n") }
      for message in messages {
        var line = "\(message.id)  destination \(message.destinationID)  \(message.state.rawValue)"
        line += "  \(message.attempts) attempt\(message.attempts == 1 ? "" : "s")"
        if message.state == .pending, let next = time(message.nextAttemptAt) { line += "  next \(next)" }
        if let retried = time(message.retriedAt) { line += "  retried by hand \(retried)" }
        if let sent = time(message.sentAt) { line += "  sent \(sent)" }
        if let error = message.lastError, message.state != .sent { line += "  last: \(error)" }
        console.output(line + "\n")
      }
      return .success
    }
  }

  /// What `outbox retry` says about one message, and the status it means.
  private static func retryLine(
    _ id: String, _ outcome: Outbox.RetryOutcome, destinations: [Destination], time: (Int64?) -> String?
  ) -> (String, ExitCode) {
    func target(_ message: OutboxMessage) -> String {
      let kind = destinations.first { $0.id == message.destinationID }?.kind.rawValue ?? "removed"
      return "\(kind) destination \(message.destinationID)"
    }
    switch outcome {
    case .unknown:
      return ("\(DeliveryError.unknownID(id)); panda outbox lists the deliveries", .dataError)
    case .alreadySent(let message):
      return (
        "\(id) was delivered to \(target(message)) at \(time(message.sentAt) ?? "an unknown time"); nothing to retry",
        .dataError
      )
    case .inFlight:
      return (
        "\(id) was left as it is: a panda run that stopped before learning whether it arrived had claimed it; "
          + "panda deliver puts it back in line once that claim expires", .temporaryFailure
      )
    case .destinationOff(let message, let destination):
      return (
        "\(id) was left as it is: \(target(message)) is turned off (\(destination.disabledReason ?? "no reason recorded")). "
          + "Turn it back on first: panda notify enable \(destination.id)", .configuration
      )
    case .requeued(let message):
      let attempts = "\(message.attempts) attempt\(message.attempts == 1 ? "" : "s")"
      let before: String
      switch (message.state, message.attempts) {
      case (.dead, 0): before = "was given up on before it was tried (\(message.lastError ?? "no reason recorded"))"
      case (_, 0): before = "had not been tried yet"
      case (.dead, _): before = "was given up on after \(attempts) (\(message.lastError ?? "no reason recorded"))"
      default:
        before =
          "was waiting until \(time(message.nextAttemptAt) ?? "later") after \(attempts) (last: \(message.lastError ?? "no answer"))"
      }
      let kept =
        switch message.attempts {
        case 0: ""
        case 1: " Its 1 attempt so far stays on record."
        default: " Its \(attempts) so far stay on record."
        }
      return (
        "\(id) to \(target(message)) \(before). It is pending again and due now, with a fresh schedule of up to "
          + "\(RetryPolicy().maximumAttempts) attempts over \(RetryPolicy().maximumAge / 86_400) days; the next panda deliver sends "
          + "it.\(kept)", .success
      )
    }
  }
}
