import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// The notify job, built once: what a run of the insights queues in the outbox, for which
/// destinations (every one turned on), with the early warnings' notices told once per alert; and
/// sending what was queued. `panda insights --notify` and `panda deliver` adapt it and word what
/// became of each message.
package struct NotifyRun {
  /// The destinations set up, and of them those a run delivers to.
  package struct Audience {
    /// Every destination set up, turned on or off.
    package var all: [Destination]
    /// The destinations turned on, which a run delivers to.
    package var enabled: [Destination] { all.filter { $0.disabledAt == nil } }
  }

  /// The database whose outbox the messages are queued in.
  let database: Database

  /// A run on `database`'s destinations and outbox.
  package init(database: Database) {
    self.database = database
  }

  /// The destinations set up.
  package func audience() throws -> Audience {
    Audience(all: try DestinationStore(database: database).all())
  }

  /// Whether one of `destinations` is sent the run's HTML report (e-mail is).
  package static func wantsReport(_ destinations: [Destination]) -> Bool {
    destinations.contains { $0.kind == .email }
  }

  /// Queues a run's early-warning notices, then its insights, for `destinations`, inside the
  /// transaction that stores the insights; `html` is the run's HTML report, for e-mail. Returns
  /// the new messages' ids.
  package func queue(
    _ report: InsightsReport, notices: [AlertNotice], html: String?, to destinations: [Destination], now: Int64
  ) throws -> [String] {
    // An early warning goes first, in a message of its own, once per alert.
    try queueAlertNotices(notices, to: destinations, now: now)
      + queueInsights(report, html: html, to: destinations, now: now)
  }

  /// Queues the run's insights for `destinations`, one message each: webhooks get the
  /// `--format json` document, the other channels the digest and latest values they render,
  /// e-mail also `html`, the run's HTML report. Returns the new messages' ids.
  func queueInsights(
    _ report: InsightsReport, html: String? = nil, to destinations: [Destination], now: Int64
  ) throws -> [String] {
    let payload = DeliveryPayload.insights(
      asOf: report.asOf, provider: report.provider, outcomes: report.toldOutcomes,
      latest: try latestValues(through: report.asOf.adding(days: -1)), highlights: report.highlights,
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
  /// Returns the new messages' ids.
  func queueAlertNotices(_ notices: [AlertNotice], to destinations: [Destination], now: Int64) throws
    -> [String]
  {
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
  func latestValues(through day: CalendarDay) throws -> [DeliveryPayload.LatestValue] {
    let reader = DailyValueReader(database: database)
    return try MetricCatalogue.all.compactMap { metric in
      try reader.latest(metric: metric.id, onOrBefore: day).map {
        DeliveryPayload.LatestValue(metric: metric, day: $0.day, value: $0.value)
      }
    }
  }

  /// Attempts the messages `ids` now, through the outbox directly (the caller holds the run
  /// lock), with the secrets named in `environment`; what became of each.
  package func send(_ ids: [String], environment: [String: String]) async throws -> [OutboxSender.Report] {
    try await OutboxSender.live(database: database, environment: environment).run(ids: ids)
  }

  /// Sends what is due in the outbox (`everything` pending, due or not), with the secrets named
  /// in `environment`; what became of each message.
  package func sendDue(everything: Bool, environment: [String: String]) async throws -> [OutboxSender.Report] {
    try await OutboxSender.live(database: database, environment: environment).run(everything: everything)
  }
}
