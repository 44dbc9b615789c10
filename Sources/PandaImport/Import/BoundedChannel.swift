import Foundation

/// A blocking queue of at most `capacity` elements between one producing and one consuming
/// thread. Either side may close it; a closed channel refuses new elements.
final class BoundedChannel<Element: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var queue: [Element] = []
  private var closed = false
  private let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// Waits for room and enqueues `element`; `false` if the channel was closed.
  func send(_ element: Element) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while queue.count >= capacity && !closed { condition.wait() }
    guard !closed else { return false }
    queue.append(element)
    condition.broadcast()
    return true
  }

  /// Waits for an element; `nil` once the channel is closed and drained.
  func receive() -> Element? {
    condition.lock()
    defer { condition.unlock() }
    while queue.isEmpty && !closed { condition.wait() }
    guard !queue.isEmpty else { return nil }
    let element = queue.removeFirst()
    condition.broadcast()
    return element
  }

  /// An element if one is waiting, without blocking.
  func poll() -> Element? {
    condition.lock()
    defer { condition.unlock() }
    guard !queue.isEmpty else { return nil }
    let element = queue.removeFirst()
    condition.broadcast()
    return element
  }

  /// Refuses further elements and wakes both sides.
  func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }
}
