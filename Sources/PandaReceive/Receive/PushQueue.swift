import Foundation
import PandaCore
import PandaImport
import PandaStore
import Synchronization

/// Imports spooled pushes one at a time, in arrival order, each under the database's run lock,
/// on a thread of its own. When another panda run holds the lock, the pushes waiting are told
/// they are queued and the queue tries again until it frees. A push leaves the spool only once
/// its import committed; one the importer refuses moves to `rejected/`. A push whose import
/// fails for another reason (the database refused it) is tried again after each of
/// `retryDelays` while the pushes behind it are imported, then moved to `quarantine/` with a
/// file saying why, so that no push holds up the others.
package final class PushQueue<Contents: Sendable>: Sendable {
  private struct Entry {
    var path: String
    var ticket: PushTicket<Contents>?
    /// Failed imports so far.
    var failures = 0
    /// Not tried again before this.
    var notBefore = Date.distantPast
  }

  private struct State {
    var pending: [Entry] = []
    /// Whether the last attempt found the run lock held by another run.
    var lockIsBusy = false
    var isStopping = false
  }

  private let databasePath: String
  private let spool: PushSpool
  private let handler: PushHandler<Contents>
  private let log: ReceiveLog
  /// How long to wait before trying again after the run lock could not be taken at all.
  private let retryDelay: Double
  /// The waits before each new attempt at a push whose import failed; after the last, it is
  /// quarantined.
  private let retryDelays: [Double]
  private let state = Mutex(State())
  private let wake = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  /// The waits between attempts at a failing push by default: about six minutes in all.
  static var defaultRetryDelays: [Double] { [5, 30, 60, 120, 180] }

  /// A queue for the database at `databasePath`, its spool, and the handler that stores pushes.
  package init(
    databasePath: String, spool: PushSpool, handler: PushHandler<Contents>, retryDelay: Double = 30,
    retryDelays: [Double] = PushQueue.defaultRetryDelays, log: ReceiveLog
  ) {
    self.databasePath = databasePath
    self.spool = spool
    self.handler = handler
    self.retryDelay = retryDelay
    self.retryDelays = retryDelays
    self.log = log
  }

  /// Starts importing, beginning with `leftovers` (pushes spooled before a restart), each with
  /// the failed imports it had before.
  package func start(leftovers: [String]) {
    let entries = leftovers.map { Entry(path: $0, failures: spool.failures(of: $0)) }
    state.withLock { $0.pending = entries }
    Thread.detachNewThread { [self] in work() }
  }

  /// Queues a spooled push (with what its check read, while its connection waits); its ticket
  /// is settled when it is imported, at once as queued while another run holds the lock or the
  /// queue is stopping.
  func submit(_ path: String, contents: Contents? = nil) -> PushTicket<Contents> {
    let ticket = PushTicket(path: path, contents: contents)
    // While stopping nothing more is imported: the push waits in the spool for the next start.
    let waits = state.withLock { state -> Bool in
      state.pending.append(Entry(path: path, ticket: ticket))
      return state.lockIsBusy || state.isStopping
    }
    if waits { ticket.settle(.queued) }
    wake.signal()
    return ticket
  }

  /// How many pushes wait to be imported.
  var pendingCount: Int { state.withLock { $0.pending.count } }

  /// Lets the import in progress finish, then stops; what is still queued stays in the spool
  /// for the next start.
  package func stop() {
    state.withLock { $0.isStopping = true }
    wake.signal()
    finished.wait()
  }

  private var isStopping: Bool { state.withLock { $0.isStopping } }

  /// The first push due now, or when the next one is due.
  private enum Next {
    case entry(Entry)
    case waitUntil(Date)
    case nothing
  }

  private func next() -> Next {
    state.withLock { state -> Next in
      guard !state.isStopping else { return .nothing }
      let now = Date()
      if let due = state.pending.first(where: { $0.notBefore <= now }) { return .entry(due) }
      guard let soonest = state.pending.map(\.notBefore).min() else { return .nothing }
      return .waitUntil(soonest)
    }
  }

  private func work() {
    defer { finished.signal() }
    serving: while true {
      let entry: Entry
      switch next() {
      case .nothing:
        if isStopping { break serving }
        _ = wake.wait(timeout: .now() + 0.25)
        continue
      case .waitUntil(let date):
        _ = wake.wait(timeout: .now() + min(0.25, max(0.001, date.timeIntervalSinceNow)))
        continue
      case .entry(let due):
        entry = due
      }
      let lock: RunLock?
      do {
        lock = try RunLock.acquire(for: databasePath, waitingUpTo: 0)
      } catch {
        pause(after: "\(error)", for: entry)
        continue
      }
      guard let lock else {
        waitForLock()
        continue
      }
      let wasBusy = state.withLock { state -> Bool in
        defer { state.lockIsBusy = false }
        return state.lockIsBusy
      }
      if wasBusy { log.routine(PushLog.note(at: Date(), "the database is free again; importing the queued pushes")) }
      importOne(entry)
      withExtendedLifetime(lock) {}
    }
    let left = state.withLock { state -> Int in
      for entry in state.pending { entry.ticket?.settle(.queued) }
      return state.pending.count
    }
    if left > 0 {
      log.routine(
        PushLog.note(
          at: Date(), "\(left) \(left == 1 ? "push stays" : "pushes stay") in \(spool.folder) for the next start"))
    }
  }

  /// Imports one push under the lock the caller holds.
  private func importOne(_ entry: Entry) {
    let name = (entry.path as NSString).lastPathComponent
    guard FileManager.default.fileExists(atPath: entry.path) else {
      // Removed by hand: nothing left to import, and waiting for it would hold up the rest.
      dequeue(entry.path)
      log.problem(PushLog.note(at: Date(), "\(name) is no longer in \(spool.folder); skipped"))
      entry.ticket?.settle(.queued)
      return
    }
    do {
      let summary = try handler.store(entry.path, entry.ticket?.takeContents())
      do {
        try spool.remove(entry.path)
      } catch {
        // Stored and committed: importing it again would add nothing, so it is not retried.
        log.problem(PushLog.note(at: Date(), "stored \(name) but could not remove it from the spool: \(error)"))
      }
      dequeue(entry.path)
      if entry.ticket?.settle(.stored(summary)) != true {
        log.routine(PushLog.imported(at: Date(), name: name, summary: summary))
      }
    } catch ImportError.interrupted {
      // Stopping: rolled back, it stays in the spool for the next start; nothing more is begun.
      state.withLock { $0.isStopping = true }
      entry.ticket?.settle(.queued)
      log.routine(PushLog.note(at: Date(), "stopping: the import of \(name) is rolled back"))
    } catch  where handler.isUnusable(error) {
      let kept = (try? spool.reject(entry.path)) ?? entry.path
      dequeue(entry.path)
      let reason = EchoedText.quoted("\(error)", limit: 300)
      log.problem(
        PushLog.note(at: Date(), "rejected \(name): \(reason)\(reason.hasSuffix(".") ? "" : ".") Kept as \(kept)."))
      entry.ticket?.settle(.rejected("\(error)"))
    } catch {
      failed(entry, reason: "\(error)")
    }
  }

  /// After a failed import: tries the push again after the next of `retryDelays`, the pushes
  /// behind it meanwhile, or quarantines it once they are used up.
  private func failed(_ entry: Entry, reason: String) {
    let name = (entry.path as NSString).lastPathComponent
    let failures = entry.failures + 1
    let shown = EchoedText.quoted(reason, limit: 300)
    entry.ticket?.settle(.queued)
    guard failures <= retryDelays.count else {
      dequeue(entry.path)
      do {
        let kept = try spool.quarantine(
          entry.path, reason: "\(PushLog.timestamp(Date())) \(failures) attempts failed; the last: \(reason)\n")
        log.problem(
          PushLog.note(
            at: Date(),
            "quarantined \(name) after \(failures) failed imports (\(shown)); kept as \(kept); "
              + "panda receive retry imports it again"))
      } catch {
        log.problem(PushLog.note(at: Date(), "cannot quarantine \(name) (\(error)); it stays for the next start"))
      }
      return
    }
    let delay = retryDelays[failures - 1]
    spool.noteFailures(failures, of: entry.path)
    state.withLock { state in
      guard let index = state.pending.firstIndex(where: { $0.path == entry.path }) else { return }
      state.pending[index].failures = failures
      state.pending[index].notBefore = Date().addingTimeInterval(delay)
      state.pending[index].ticket = nil
    }
    log.problem(
      PushLog.note(
        at: Date(),
        "cannot import \(name) now (\(shown)); attempt \(failures) of \(retryDelays.count + 1), trying again in "
          + "\(Self.seconds(delay)) while later pushes are imported"))
  }

  private static func seconds(_ delay: Double) -> String {
    delay >= 1 ? "\(Int(delay)) s" : String(format: "%.1f s", delay)
  }

  private func dequeue(_ path: String) {
    state.withLock { state in state.pending.removeAll { $0.path == path } }
  }

  /// After a failure that is not the push's (the run lock cannot be taken): says so, tells the
  /// waiting pushes they are queued, and waits `retryDelay` (less when stopping).
  private func pause(after reason: String, for entry: Entry) {
    let name = (entry.path as NSString).lastPathComponent
    log.problem(
      PushLog.note(
        at: Date(),
        "cannot import \(name) now (\(EchoedText.quoted(reason, limit: 300))); trying again in \(Int(retryDelay)) s"))
    settleWaiting()
    let deadline = Date().addingTimeInterval(retryDelay)
    while Date() < deadline && !isStopping { _ = wake.wait(timeout: .now() + 0.25) }
  }

  /// Another run holds the lock: the waiting pushes are queued; try again shortly.
  private func waitForLock() {
    let first = state.withLock { state -> Bool in
      defer { state.lockIsBusy = true }
      return !state.lockIsBusy
    }
    if first {
      log.routine(PushLog.note(at: Date(), "another panda run holds the database; pushes are queued until it finishes"))
    }
    settleWaiting()
    usleep(100_000)
  }

  private func settleWaiting() {
    let tickets = state.withLock { $0.pending.compactMap(\.ticket) }
    for ticket in tickets { ticket.settle(.queued) }
  }
}
