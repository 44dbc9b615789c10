import Foundation
import PandaCore
import PandaDelivery

/// `panda deliver [--now]`: sends what is due in the outbox, for cron.
enum DeliverCommand: PandaCommand {
  static let spec = CommandSpec(
    "deliver", summary: "send the queued deliveries that are due (for cron)",
    forms: [
      .init(options: [now, .quiet, .database])
    ],
    details: """
      Sends the queued deliveries that are due, retrying failures later with backoff (about 1 min,
      5 min, 30 min, 2 h, 6 h, 12 h, then daily) and giving up after 10 attempts, 3 days, or an answer
      that will not change (HTTP 4xx other than 408 and 429, SMTP 5xx; HTTP 410 also turns the
      destination off and gives up on what waits for it). Run it from cron; the cron interval is the
      finest retry step. Exits 0 when everything due was sent, 75 when something will be retried, 69
      when something was given up on, 78 when a destination's secret variable is not set or not usable
      (nothing is sent to it and its deliveries stay queued, no attempt counted).
      Runs on one database wait for each other up to PANDA_LOCK_WAIT seconds (default 10), then exit 75.
      """)

  /// `--now`.
  static let now = OptionSpec("now", kind: .flag, help: "send every pending delivery, due or not")

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    if let word = arguments.positionals.first { throw UsageError.unexpectedArgument(word) }
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    guard let (database, lock) = try DatabaseLocation.openLocked(path, console: console) else {
      return .temporaryFailure
    }
    defer { withExtendedLifetime(lock) {} }
    let reports = try await NotifyRun(database: database).sendDue(
      everything: arguments.has(now), environment: console.environment)
    var status = ExitCode.success
    let formatter = ISO8601DateFormatter()
    for report in reports {
      let target = "\(report.destination.kind.rawValue) \(report.destination.id)"
      switch report.decision {
      case .sent:
        if !arguments.has(OptionSpec.quiet) { console.output("sent \(report.messageID) to \(target)\n") }
      case .retry(let at):
        if status == .success { status = .temporaryFailure }
        console.error(
          "panda: \(target) failed (\(report.reason ?? "no answer")); retrying \(report.messageID) after "
            + "\(formatter.string(from: Date(timeIntervalSince1970: Double(at))))\n")
      case .notConfigured(let problem):
        if status != .unavailable { status = .configuration }
        console.error(
          "panda: destination \(report.destination.id) (\(report.destination.kind.rawValue)) \(problem); "
            + "nothing was sent and \(report.messageID) stays queued\n")
      case .dead(let reason, let disabled):
        status = .unavailable
        console.error(
          "panda: gave up on \(report.messageID) to \(target): \(reason)"
            + (disabled
              ? "; the destination is turned off. Once it works again: panda notify enable "
                + "\(report.destination.id), then panda outbox retry \(report.messageID)\n"
              : ". Resend it with: panda outbox retry \(report.messageID)\n"))
      }
    }
    if reports.isEmpty && !arguments.has(OptionSpec.quiet) {
      let waiting = try Outbox(database: database).all().filter { $0.state == .pending }
      if let next = waiting.map(\.nextAttemptAt).min() {
        let count = waiting.count == 1 ? "1 delivery is waiting" : "\(waiting.count) deliveries are waiting"
        console.output(
          "Nothing due; \(count), the next due at \(formatter.string(from: Date(timeIntervalSince1970: Double(next)))) "
            + "(panda deliver --now sends \(waiting.count == 1 ? "it" : "them") now).\n")
      } else {
        console.output("Nothing due.\n")
      }
    }
    return status
  }
}
