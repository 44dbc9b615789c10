import Foundation
import PandaAnalysis
import PandaCore
import PandaDelivery
import PandaStore

/// `panda insights --notify`: the run's insights queued in the outbox for every enabled
/// destination, in the transaction that stores them, then attempted at once.
extension InsightsCommand {
  /// The destinations a `--notify` run delivers to; says on stderr what to do when there are none.
  static func notifyDestinations(_ database: Database, console: Console) throws -> [Destination] {
    let all = try DestinationStore(database: database).all()
    let enabled = all.filter { $0.disabledAt == nil }
    if all.isEmpty {
      console.error(
        "panda: --notify: no destinations are set up, so nothing was delivered. Add one, e.g.\n"
          + "  panda notify add webhook https://example.org/hook --secret-env PANDA_HOOK_SECRET\n"
          + "(or ntfy, email, homeassistant, mqtt: see panda notify --help).\n")
    } else if enabled.isEmpty {
      console.error(
        "panda: --notify: every destination is turned off, so nothing was delivered; "
          + "panda notify list says why, panda notify enable ID turns one back on.\n")
    }
    return enabled
  }

  /// Queues the run's insights for `destinations`, one message each: webhooks get the
  /// `--format json` document, the other channels the digest and latest values they render,
  /// e-mail also `html`, the run's HTML report. Called inside the transaction that stores the
  /// insights. Returns the new messages' ids.
  static func queueDeliveries(
    _ report: InsightsReport, html: String? = nil, to destinations: [Destination], database: Database, now: Int64
  ) throws -> [String] {
    let payload = DeliveryPayload.insights(
      asOf: report.asOf, provider: report.provider, outcomes: report.toldOutcomes,
      latest: try latestValues(database, through: report.asOf.adding(days: -1)), highlights: report.highlights,
      overview: report.digestLines,
      dataEnds: report.recency.lastDay.flatMap { $0 < report.asOf.adding(days: -1) ? $0 : nil })
    let digest = try payload.json()
    var withReport = payload
    withReport.html = html
    let mail = try withReport.json()
    let document = try report.json()
    // Every run delivers, even when its insights came from the cache: the user asked for them.
    let run = "insights \(report.asOf.iso) \(UUID().uuidString)"
    let outbox = Outbox(database: database)
    var ids: [String] = []
    for destination in destinations {
      ids += try outbox.enqueue(
        payload: destination.kind == .webhook ? document : destination.kind == .email ? mail : digest, dedupKey: run,
        to: [destination], now: now)
    }
    return ids
  }

  /// Queues each of `notices` once per alert and destination: a start the first night the alert
  /// is seen, an end only where its start was queued. An alert whose start no destination was
  /// ever told (it began and ended between two runs) is told once, whole, in its end's place.
  /// What was queued is remembered in `AlertNoticeLog`, which `outbox purge` leaves alone.
  /// Called inside the transaction that stores the insights. Returns the new messages' ids.
  static func queueAlertNotices(
    _ notices: [AlertNotice], to destinations: [Destination], database: Database, now: Int64
  ) throws -> [String] {
    let outbox = Outbox(database: database)
    let log = AlertNoticeLog(database: database)
    func wasQueued(_ key: String, for destination: Destination) throws -> Bool {
      try log.wasQueued(key, for: destination) || outbox.hasQueued(dedupKey: key, for: destination)
    }
    var ids: [String] = []
    for notice in notices {
      var told = notice
      if notice.state == .ended, let untold = notice.untold, try !log.wasQueued(anyOf: notice.startedKeys) {
        told.sentence = untold
      }
      let payload = try DeliveryPayload(notice: told).json()
      for destination in destinations {
        if try wasQueued(notice.dedupKey, for: destination) { continue }
        if notice.state == .ended, told.sentence == notice.sentence,
          try !notice.startedKeys.contains(where: { try wasQueued($0, for: destination) })
        {
          continue
        }
        ids += try outbox.enqueue(payload: payload, dedupKey: notice.dedupKey, to: [destination], now: now)
        try log.record(notice.dedupKey, for: destination, now: now)
      }
    }
    return ids
  }

  /// Each catalogue metric's latest daily value on or before `day`.
  static func latestValues(_ database: Database, through day: CalendarDay) throws -> [DeliveryPayload.LatestValue] {
    let reader = DailyValueReader(database: database)
    return try MetricCatalogue.all.compactMap { metric in
      try reader.latest(metric: metric.id, onOrBefore: day).map {
        DeliveryPayload.LatestValue(metric: metric, day: $0.day, value: $0.value)
      }
    }
  }

  /// Attempts the messages just queued and says on stderr what became of each. A failure
  /// changes nothing in the exit status: the message is queued and `panda deliver` retries it.
  static func deliverQueued(_ ids: [String], database: Database, console: Console, quiet: Bool) async {
    // The run already holds the run lock: this sends through the outbox directly, never through
    // `panda deliver`, which would wait for that lock.
    let sender = OutboxSender.live(database: database, environment: console.environment)
    let reports: [OutboxSender.Report]
    do {
      reports = try await sender.run(ids: ids)
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
