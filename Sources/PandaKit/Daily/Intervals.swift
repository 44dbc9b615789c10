/// Lengths of unions of time intervals: what overlapping sources agree happened, counted once.
enum Intervals {
  /// Seconds covered by the union of `intervals`, clipped to `window`.
  static func unionLength(_ intervals: [(start: Int64, end: Int64)], within window: Range<Int64>) -> Int64 {
    let clipped =
      intervals
      .map { (max($0.start, window.lowerBound), min($0.end, window.upperBound)) }
      .filter { $0.0 < $0.1 }
      .sorted { $0.0 < $1.0 }
    var total: Int64 = 0
    var current: (Int64, Int64)?
    for interval in clipped {
      if let open = current, interval.0 <= open.1 {
        current = (open.0, max(open.1, interval.1))
      } else {
        if let open = current { total += open.1 - open.0 }
        current = interval
      }
    }
    if let open = current { total += open.1 - open.0 }
    return total
  }
}
