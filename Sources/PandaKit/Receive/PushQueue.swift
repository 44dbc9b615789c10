import Foundation
import Synchronization

/// Imports spooled pushes one at a time, in arrival order, each under the database's run lock,
/// on a thread of its own. When another panda run holds the lock, the pushes waiting are told
/// they are queued and the queue tries again until it frees. A push leaves the spool only once
/// its import committed; one the importer refuses moves to `rejected/`.
final class PushQueue: Sendable {
  private struct State {
    var pending: [(path: String, ticket: PushTicket?)] = []
    /// Whether the last attempt found the run lock held by another run.
    var lockIsBusy = false
    var isStopping = false
  }

  private let databasePath: String
  private let spool: PushSpool
  private let handler: PushHandler
  private let log: ReceiveLog
  /// How long to wait before trying again after an import failed for a reason that may pass
  /// (a full disk, a database another program holds).
  private let retryDelay: Double
  private let state = Mutex(State())
  private let wake = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  /// A queue for the database at `databasePath`, its spool, and the handler that stores pushes.
  init(
    databasePath: String, spool: PushSpool, handler: PushHandler, retryDelay: Double = 30,
    log: ReceiveLog
  ) {
    self.databasePath = databasePath
    self.spool = spool
    self.handler = handler
    self.retryDelay = retryDelay
    self.log = log
  }

  /// Starts importing, beginning with `leftovers` (pushes spooled before a restart).
  func start(leftovers: [String]) {
    state.withLock { $0.pending = leftovers.map { ($0, nil) } }
    Thread.detachNewThread { [self] in work() }
  }

  /// Queues a spooled push (with its bytes, while its connection holds them); its ticket is settled when it is imported, at once as queued
  /// while another run holds the lock.
  func submit(_ path: String, body: [UInt8]? = nil) -> PushTicket {
    let ticket = PushTicket(path: path, body: body)
    let busy = state.withLock { state -> Bool in
      state.pending.append((path, ticket))
      return state.lockIsBusy
    }
    if busy { ticket.settle(.queued) }
    wake.signal()
    return ticket
  }

  /// How many pushes wait to be imported.
  var pendingCount: Int { state.withLock { $0.pending.count } }

  /// Lets the import in progress finish, then stops; what is still queued stays in the spool
  /// for the next start.
  func stop() {
    state.withLock { $0.isStopping = true }
    wake.signal()
    finished.wait()
  }

  private var isStopping: Bool { state.withLock { $0.isStopping } }

  private func work() {
    defer { finished.signal() }
    while true {
      let next = state.withLock { state -> (path: String, ticket: PushTicket?)? in
        state.isStopping ? nil : state.pending.first
      }
      guard let next else {
        if isStopping { break }
        _ = wake.wait(timeout: .now() + 0.25)
        continue
      }
      let lock: RunLock?
      do {
        lock = try RunLock.acquire(for: databasePath, waitingUpTo: 0)
      } catch {
        pause(after: "\(error)", for: next)
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
      importOne(next)
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
  private func importOne(_ entry: (path: String, ticket: PushTicket?)) {
    let name = (entry.path as NSString).lastPathComponent
    guard FileManager.default.fileExists(atPath: entry.path) else {
      // Removed by hand: nothing left to import, and waiting for it would hold up the rest.
      dequeue(entry.path)
      log.problem(PushLog.note(at: Date(), "\(name) is no longer in \(spool.folder); skipped"))
      entry.ticket?.settle(.queued)
      return
    }
    do {
      let summary = try handler.store(entry.path, entry.ticket?.takeBody())
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
    } catch  where handler.isUnusable(error) {
      let kept = (try? spool.reject(entry.path)) ?? entry.path
      dequeue(entry.path)
      log.problem(PushLog.note(at: Date(), "rejected \(name): \(error); kept as \(kept)"))
      entry.ticket?.settle(.rejected("\(error)"))
    } catch {
      pause(after: "\(error)", for: entry)
    }
  }

  private func dequeue(_ path: String) {
    state.withLock { state in state.pending.removeAll { $0.path == path } }
  }

  /// After a failure that may pass: says so, tells the waiting pushes they are queued, and
  /// waits `retryDelay` (less when stopping).
  private func pause(after reason: String, for entry: (path: String, ticket: PushTicket?)) {
    let name = (entry.path as NSString).lastPathComponent
    log.problem(PushLog.note(at: Date(), "cannot import \(name) now (\(reason)); trying again in \(Int(retryDelay)) s"))
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
