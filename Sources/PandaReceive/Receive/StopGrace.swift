import Foundation
import Synchronization

/// How long an import under way may go on once `panda receive` is told to stop: `expired`
/// turns true `seconds` after the stop is first noticed, so a small push in flight is still
/// stored while a large one is rolled back rather than holding up the stop.
package final class StopGrace: Sendable {
  private let seconds: Double
  private let isStopping: @Sendable () -> Bool
  private let noticed = Mutex<Date?>(nil)

  /// A grace of `seconds` after `isStopping` first returns `true`.
  package init(seconds: Double, isStopping: @escaping @Sendable () -> Bool) {
    self.seconds = seconds
    self.isStopping = isStopping
  }

  /// Whether the grace is used up; the first call that finds the stop starts it.
  package var expired: Bool {
    guard isStopping() else { return false }
    let now = Date()
    return noticed.withLock { first in
      let start = first ?? now
      first = start
      return now.timeIntervalSince(start) >= seconds
    }
  }
}
