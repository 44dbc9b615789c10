import Foundation
import PandaAnalysis
import PandaCore
import PandaDelivery
import PandaReport
import PandaServices
import PandaStore

/// `panda insights --notify`: the run's insights queued in the outbox for every enabled
/// destination, in the transaction that stores them, then attempted at once (`NotifyRun`).
extension InsightsCommand {
  /// `--notify`: deliver the insights too.
  static let notify = OptionSpec(
    "notify", kind: .flag,
    help: "also deliver the insights to every destination set up with `panda notify add` (not with --demo)")

  /// The destinations a `--notify` run delivers to; says on stderr what to do when there are none.
  static func notifyDestinations(_ database: Database, console: Console) throws -> [Destination] {
    let audience = try NotifyRun(database: database).audience()
    if audience.all.isEmpty {
      console.error(
        "panda: --notify: no destinations are set up, so nothing was delivered. Add one, e.g.\n"
          + "  panda notify add webhook https://example.org/hook --secret-env PANDA_HOOK_SECRET\n"
          + "(or ntfy, email, homeassistant, mqtt: see panda notify --help).\n")
    } else if audience.enabled.isEmpty {
      console.error(
        "panda: --notify: every destination is turned off, so nothing was delivered; "
          + "panda notify list says why, panda notify enable ID turns one back on.\n")
    }
    return audience.enabled
  }

  /// Queues the run's early warnings and insights for `destinations`, inside the transaction
  /// that stores the insights; e-mail also gets the run's HTML report, charted from the snapshot
  /// the insights were written from. Returns the new messages' ids.
  static func queueDeliveries(
    _ output: InsightsRun.Output, to destinations: [Destination], database: Database
  ) throws -> [String] {
    let html =
      NotifyRun.wantsReport(destinations)
      ? HTMLReport(
        asOf: output.asOf, provider: output.provider, outcomes: output.outcomes, snapshot: output.snapshot,
        recency: output.recency, units: output.units, findings: output.findings
      ).html() : nil
    return try NotifyRun(database: database).queue(
      output.report, notices: output.findings.notices, html: html, to: destinations,
      now: Int64(Date().timeIntervalSince1970))
  }

  /// Attempts the messages just queued and says on stderr what became of each. A failure
  /// changes nothing in the exit status: the message is queued and `panda deliver` retries it.
  static func deliverQueued(_ ids: [String], database: Database, console: Console, quiet: Bool) async {
    // The run already holds the run lock: this sends through the outbox directly, never through
    // `panda deliver`, which would wait for that lock.
    let reports: [OutboxSender.Report]
    do {
      reports = try await NotifyRun(database: database).send(ids, environment: console.environment)
    } catch {
      console.error(
        "panda: the deliveries are queued but could not be attempted now (\(error)); panda deliver sends them.\n")
      return
    }
    let formatter = ISO8601DateFormatter()
    for report in reports {
      let target = "\(report.destination.kind.rawValue) destination \(report.destination.id)"
      switch report.decision {
      case .sent:
        if !quiet { console.error("Delivered the insights to \(target).\n") }
      case .retry(let at):
        let wait = max(at - Int64(Date().timeIntervalSince1970), 0)
        console.error(
          "panda: delivery to \(target) failed (\(report.reason ?? "no answer")); it stays queued as "
            + "\(report.messageID) and panda deliver will retry it after "
            + "\(formatter.string(from: Date(timeIntervalSince1970: Double(at)))) (in \(duration(wait))).\n")
      case .notConfigured(let problem):
        console.error(
          "panda: destination \(report.destination.id) (\(report.destination.kind.rawValue)) \(problem); "
            + "nothing was sent and \(report.messageID) stays queued for panda deliver.\n")
      case .dead(let reason, let disabled):
        console.error(
          "panda: delivery to \(target) failed for good (\(reason)); it will not be retried"
            + (disabled
              ? ", and the destination is turned off. Once it works again: panda notify enable \(report.destination.id)"
              : ". Once the destination is fixed: panda outbox retry \(report.messageID)") + ".\n")
      }
    }
  }

  /// `45 s`, `5 min`, `2 h`.
  private static func duration(_ seconds: Int64) -> String {
    if seconds < 60 { return "\(seconds) s" }
    if seconds < 3_600 { return "\((seconds + 30) / 60) min" }
    return "\((seconds + 1_800) / 3_600) h"
  }
}
