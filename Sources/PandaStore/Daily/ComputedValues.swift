import Dispatch

/// The values of one work item, computed on another thread: `finish` hands them over once,
/// `wait` blocks until then. The semaphore orders the hand-over, so the value needs no lock.
final class ComputedValues: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var value: DailyValueStore.ComputedWork?
  private var isTaken = false

  /// Called once, on the computing thread.
  func finish(_ value: DailyValueStore.ComputedWork) {
    self.value = value
    done.signal()
  }

  /// The values, waiting for them; `nil` once taken (a second wait does not block).
  @discardableResult
  func wait() -> DailyValueStore.ComputedWork? {
    guard !isTaken else { return nil }
    done.wait()
    isTaken = true
    defer { value = nil }
    return value
  }
}
