import Foundation

/// `panda outbox [list]`, `outbox retry ID`, `outbox purge --sent`: the queued deliveries.
enum OutboxCommand: PandaCommand {
  static let spec = CommandSpec(
    "outbox", summary: "the queued deliveries and their state",
    forms: [
      .init("list", options: [.format(["text", "json"]), .database], isDefault: true),
      .init("retry", operands: "ID", options: [.quiet, .database]),
      .init(
        "purge",
        options: [
          OptionSpec("sent", kind: .flag, isRequired: true, help: "delete the sent deliveries"), .quiet, .database,
        ]),
    ],
    details: """
      Lists the deliveries with their state (pending, sending, sent, dead), attempts and last error;
      `retry` puts a dead or waiting one back to be sent by the next `panda deliver` with a fresh
      schedule; `purge --sent` deletes the sent ones (the record of each attempt stays).
      """)

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let words = arguments.positionals
    let action = words.first ?? "list"
    guard ["list", "retry", "purge"].contains(action) else { throw UsageError.unexpectedArgument(action) }
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    let outbox = Outbox(database: try DatabaseLocation.open(path))
    let formatter = ISO8601DateFormatter()
    func time(_ seconds: Int64?) -> String? {
      seconds.map { formatter.string(from: Date(timeIntervalSince1970: Double($0))) }
    }
    switch action {
    case "retry":
      guard words.count == 2 else { throw UsageError.missingArgument("the message ID") }
      guard try outbox.retry(words[1], now: Int64(Date().timeIntervalSince1970)) else {
        console.error("panda: \(DeliveryError.unknownID(words[1])) that is dead or waiting\n")
        return .dataError
      }
      if !arguments.has("quiet") { console.output("\(words[1]) will be sent by the next panda deliver.\n") }
      return .success
    case "purge":
      guard arguments.has("sent") else { throw UsageError.missingArgument("--sent") }
      let removed = try outbox.purgeSent()
      if !arguments.has("quiet") { console.output("Removed \(removed) sent deliver\(removed == 1 ? "y" : "ies").\n") }
      return .success
    default:
      let messages = try outbox.all()
      if arguments.format == "json" {
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
        }
        console.output(
          try JSONOutput.string(
            messages.map {
              Listing(
                id: $0.id, destination: $0.destinationID, state: $0.state.rawValue, attempts: $0.attempts,
                createdAt: time($0.createdAt), nextAttemptAt: $0.state == .pending ? time($0.nextAttemptAt) : nil,
                sentAt: time($0.sentAt), lastStatus: $0.lastStatus, lastError: $0.lastError)
            }) + "\n")
        return .success
      }
      if messages.isEmpty { console.output("The outbox is empty.\n") }
      for message in messages {
        var line = "\(message.id)  destination \(message.destinationID)  \(message.state.rawValue)"
        line += "  \(message.attempts) attempt\(message.attempts == 1 ? "" : "s")"
        if message.state == .pending, let next = time(message.nextAttemptAt) { line += "  next \(next)" }
        if let sent = time(message.sentAt) { line += "  sent \(sent)" }
        if let error = message.lastError, message.state != .sent { line += "  last: \(error)" }
        console.output(line + "\n")
      }
      return .success
    }
  }
}
