import Foundation

/// How long a connection retries a statement that another connection's lock holds up, polling
/// often enough that Ctrl-C or SIGTERM ends the wait at once.
final class BusyWait {
  private let seconds: Double
  private let isCancelled: @Sendable () -> Bool
  private var started = ContinuousClock.now

  init(seconds: Double, isCancelled: @escaping @Sendable () -> Bool) {
    self.seconds = seconds
    self.isCancelled = isCancelled
  }

  /// Called by SQLite before each retry (`attempt` counts from 0): sleeps a little and says
  /// whether to try again.
  func shouldRetry(attempt: Int32) -> Bool {
    if attempt == 0 { started = ContinuousClock.now }
    guard !isCancelled(), (ContinuousClock.now - started).seconds < seconds else { return false }
    usleep(10_000)
    return !isCancelled()
  }
}
