/// Daily totals of a cumulative quantity (steps, distance, energy…) recorded by overlapping
/// sources, merged the way the Health app does it.
///
/// Time is cut into slices at every sample boundary and every local midnight. In each slice only
/// the best-ranked source with a sample there counts; its samples contribute pro rata to the
/// share of their duration that falls in the slice. So where the watch and the phone both counted
/// a walk, the watch's count is used; where only the phone saw it (the watch was charging), the
/// phone's part counts. Summing every source would double the walk; keeping one device would
/// drop the hour it missed.
enum PriorityMerge {
  static func dailyTotals(_ samples: [DailySample], grid: DayGrid) -> [Int: Double] {
    guard !samples.isEmpty else { return [:] }
    // Sources of equal rank (two apps, two phones, one source name on an old and a new phone)
    // must not add up either: order every source and device by rank, then by id, so exactly one
    // counts in each slice.
    let order = Set(samples.map(SourceOrder.init)).sorted()
    let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    var events: [(time: Int64, rank: Int, rate: Double, delta: Int)] = []
    events.reserveCapacity(samples.count * 2)
    for sample in samples {
      // A zero adds nothing, and Garmin Connect writes zeros on days it did not sync: a zero must
      // neither win a slice over a source that counted nor make a day of its own.
      guard let value = sample.value, value != 0, let rank = position[SourceOrder(sample)]
      else { continue }
      // An instantaneous sample (a glass of water) is given one second so it can win a slice.
      let end = max(sample.end, sample.start + 1)
      let rate = value / Double(end - sample.start)
      events.append((sample.start, rank, rate, 1))
      events.append((end, rank, rate, -1))
    }
    let maximumRank = max(0, order.count - 1)
    events.sort { $0.time < $1.time }

    var active = [Int](repeating: 0, count: maximumRank + 1)
    var rates = [Double](repeating: 0, count: maximumRank + 1)
    var totals: [Int: Double] = [:]
    var previous = events.first?.time ?? 0
    for event in events {
      if event.time > previous, let best = active.firstIndex(where: { $0 > 0 }) {
        add(rate: rates[best], from: previous, to: event.time, grid: grid, into: &totals)
      }
      previous = event.time
      active[event.rank] += event.delta
      // Resetting an emptied rank keeps rounding from accumulating across the sweep.
      rates[event.rank] = active[event.rank] == 0 ? 0 : rates[event.rank] + Double(event.delta) * event.rate
    }
    return totals
  }

  private struct SourceOrder: Hashable, Comparable {
    var rank: Int
    var source: Int64
    var device: Int64

    init(_ sample: DailySample) {
      rank = sample.rank
      source = sample.source
      device = sample.device
    }

    static func < (lhs: SourceOrder, rhs: SourceOrder) -> Bool {
      (lhs.rank, lhs.source, lhs.device) < (rhs.rank, rhs.source, rhs.device)
    }
  }

  /// Adds `rate` × time over [start, end) to the days it spans.
  private static func add(
    rate: Double, from start: Int64, to end: Int64, grid: DayGrid, into totals: inout [Int: Double]
  ) {
    var cursor = max(start, grid.start(0))
    guard cursor < end, var day = grid.index(of: cursor) else { return }
    while cursor < end && day < grid.count {
      let pieceEnd = min(end, grid.start(day + 1))
      totals[day, default: 0] += rate * Double(pieceEnd - cursor)
      cursor = pieceEnd
      day += 1
    }
  }
}
