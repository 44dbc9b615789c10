import PandaCore

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
    var ledger = Totals(days: grid.count)
    sweep(samples, grid: grid, into: &ledger)
    var totals: [Int: Double] = [:]
    for (day, total) in ledger.totals.enumerated() {
      if let total { totals[day] = total }
    }
    return totals
  }

  /// What the sweep tells a ledger: which samples start and stop counting and, for each slice
  /// of a day, the source that wins it. `dailyTotals` keeps only the totals; an explanation
  /// (`DailyExplanation`) also follows which samples were counted and which were covered.
  protocol Ledger {
    /// Sample `index` of the merge's input, ranked `rank` in the merge's order, is active from
    /// now on at `rate` per second.
    mutating func opened(_ index: Int, rank: Int, rate: Double)
    /// Sample `index` is no longer active.
    mutating func closed(_ index: Int, rank: Int)
    /// The active samples of `rank`, adding up to `rate` per second, count for `seconds` of
    /// grid day `day`.
    mutating func credit(rank: Int, rate: Double, day: Int, seconds: Int64)
  }

  private struct Totals: Ledger {
    /// By grid day; `nil` where nothing was credited.
    var totals: [Double?]

    init(days: Int) {
      totals = Array(repeating: nil, count: days)
    }

    func opened(_ index: Int, rank: Int, rate: Double) {}
    func closed(_ index: Int, rank: Int) {}
    mutating func credit(rank: Int, rate: Double, day: Int, seconds: Int64) {
      totals[day] = (totals[day] ?? 0) + rate * Double(seconds)
    }
  }

  /// The merge itself: sweeps the samples in time order and credits each slice of each grid day
  /// to the best-ranked source active in it. Returns the sources in the merge's order (a
  /// ledger's `rank` is a position in it).
  @discardableResult
  static func sweep<L: Ledger>(_ samples: [DailySample], grid: DayGrid, into ledger: inout L) -> [SourceOrder] {
    guard !samples.isEmpty else { return [] }
    // Sources of equal rank (two apps, two phones, one source name on an old and a new phone)
    // must not add up either: order every source and device by rank, then by id, so exactly one
    // counts in each slice.
    // Samples come in runs from one source: each run is looked up once.
    var sources = Set<SourceOrder>()
    var lastSource: SourceOrder?
    for sample in samples {
      let source = SourceOrder(sample)
      if source != lastSource {
        sources.insert(source)
        lastSource = source
      }
    }
    let order = sources.sorted()
    let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    var lastPosition: (source: SourceOrder, rank: Int)?
    var events: [(time: Int64, rank: Int, rate: Double, delta: Int, sample: Int)] = []
    events.reserveCapacity(samples.count * 2)
    for (index, sample) in samples.enumerated() {
      // A zero adds nothing, and Garmin Connect writes zeros on days it did not sync: a zero must
      // neither win a slice over a source that counted nor make a day of its own.
      guard let value = sample.value, value != 0 else { continue }
      let source = SourceOrder(sample)
      let rank: Int
      if let lastPosition, lastPosition.source == source {
        rank = lastPosition.rank
      } else {
        guard let found = position[source] else { continue }
        rank = found
        lastPosition = (source, found)
      }
      // An instantaneous sample (a glass of water) is given one second so it can win a slice.
      let end = max(sample.end, sample.start + 1)
      let rate = value / Double(end - sample.start)
      events.append((sample.start, rank, rate, 1, index))
      events.append((end, rank, rate, -1, index))
    }
    let maximumRank = max(0, order.count - 1)
    events.sort { $0.time < $1.time }

    var active = [Int](repeating: 0, count: maximumRank + 1)
    var rates = [Double](repeating: 0, count: maximumRank + 1)
    var previous = events.first?.time ?? 0
    for event in events {
      if event.time > previous, let best = active.firstIndex(where: { $0 > 0 }) {
        add(rank: best, rate: rates[best], from: previous, to: event.time, grid: grid, into: &ledger)
      }
      previous = event.time
      active[event.rank] += event.delta
      if event.delta > 0 {
        ledger.opened(event.sample, rank: event.rank, rate: event.rate)
      } else {
        ledger.closed(event.sample, rank: event.rank)
      }
      // Resetting an emptied rank keeps rounding from accumulating across the sweep.
      rates[event.rank] = active[event.rank] == 0 ? 0 : rates[event.rank] + Double(event.delta) * event.rate
    }
    return order
  }

  /// A source on a device, in the order the merge trusts them.
  struct SourceOrder: Hashable, Comparable {
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

  /// Credits `rate` over [start, end) to the days it spans.
  private static func add<L: Ledger>(
    rank: Int, rate: Double, from start: Int64, to end: Int64, grid: DayGrid, into ledger: inout L
  ) {
    var cursor = max(start, grid.start(0))
    guard cursor < end, var day = grid.index(of: cursor) else { return }
    while cursor < end && day < grid.count {
      let pieceEnd = min(end, grid.start(day + 1))
      ledger.credit(rank: rank, rate: rate, day: day, seconds: pieceEnd - cursor)
      cursor = pieceEnd
      day += 1
    }
  }
}
