import Dispatch
import Synchronization

/// A spooled push waiting in the `PushQueue`, and the answer its connection waits for.
final class PushTicket<Contents: Sendable>: Sendable {
  /// What became of a push, as far as its client is told.
  enum Outcome: Sendable, Equatable {
    /// Imported: what it stored.
    case stored(PushSummary)
    /// Safe on disk, imported once the database is free.
    case queued
    /// The importer refused it; it was moved to `rejected/`.
    case rejected(String)
  }

  /// The spooled file.
  let path: String
  private let outcome = Mutex<Outcome?>(nil)
  private let settled = DispatchSemaphore(value: 0)
  /// What the check read of the push, while its connection waits for the answer, so that
  /// importing it at once reads nothing again from the spool.
  private let contents: Mutex<Contents?>

  /// A ticket for the push spooled at `path`, whose checked contents are `contents`.
  init(path: String, contents: Contents? = nil) {
    self.path = path
    self.contents = Mutex(contents)
  }

  /// What the check read, handed over once; `nil` once the ticket is settled (the connection
  /// has answered), when the spooled file is read instead.
  func takeContents() -> Contents? {
    contents.withLock { contents in
      defer { contents = nil }
      return contents
    }
  }

  /// Settles the ticket with `outcome` unless it is settled already; whether it was this call
  /// that settled it.
  @discardableResult
  func settle(_ outcome: Outcome) -> Bool {
    let first = self.outcome.withLock { current -> Bool in
      guard current == nil else { return false }
      current = outcome
      return true
    }
    if first {
      _ = takeContents()
      settled.signal()
    }
    return first
  }

  /// The outcome, waiting up to `seconds` for it; after that the push counts as queued (and
  /// a later import is logged rather than answered).
  func wait(seconds: Double) -> Outcome {
    _ = settled.wait(timeout: .now() + seconds)
    settle(.queued)
    return outcome.withLock { $0 } ?? .queued
  }
}
