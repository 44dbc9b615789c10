/// Lengths of unions of time intervals: what overlapping sources agree happened, counted once.
enum Intervals {
  /// Seconds covered by the union of `intervals`, clipped to `window`.
  static func unionLength(_ intervals: [(start: Int64, end: Int64)], within window: Range<Int64>) -> Int64 {
    merge(intervals, within: window) { _, _ in }
  }

  /// The union of `intervals` clipped to `window`: its pieces, oldest first, and for each
  /// interval (in the order given) the seconds it added to the union when the intervals are
  /// taken by start, the earlier first. Those seconds add up to `unionLength`.
  static func union(_ intervals: [(start: Int64, end: Int64)], within window: Range<Int64>) -> (
    pieces: [Range<Int64>], added: [Int64]
  ) {
    var added = [Int64](repeating: 0, count: intervals.count)
    var pieces: [Range<Int64>] = []
    merge(intervals, within: window, piece: { pieces.append($0) }) { index, seconds in added[index] += seconds }
    return (pieces, added)
  }

  /// Merges the intervals, telling `added` how many seconds each one added and `piece` each
  /// merged piece; returns the union's length.
  @discardableResult
  private static func merge(
    _ intervals: [(start: Int64, end: Int64)], within window: Range<Int64>, piece: (Range<Int64>) -> Void = { _ in },
    added: (Int, Int64) -> Void
  ) -> Int64 {
    let clipped =
      intervals.enumerated()
      .map { (max($1.start, window.lowerBound), min($1.end, window.upperBound), $0) }
      .filter { $0.0 < $0.1 }
      .sorted { ($0.0, $0.2) < ($1.0, $1.2) }
    var total: Int64 = 0
    var current: (Int64, Int64)?
    for interval in clipped {
      if let open = current, interval.0 <= open.1 {
        added(interval.2, max(0, interval.1 - open.1))
        current = (open.0, max(open.1, interval.1))
      } else {
        if let open = current {
          total += open.1 - open.0
          piece(open.0..<open.1)
        }
        added(interval.2, interval.1 - interval.0)
        current = (interval.0, interval.1)
      }
    }
    if let open = current {
      total += open.1 - open.0
      piece(open.0..<open.1)
    }
    return total
  }
}
