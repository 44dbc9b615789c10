import Foundation
import PandaCore

/// What went into one day's value of one metric: for each sample, the part of it that was
/// counted and why the rest was not. Formed by the very computations that make daily values
/// (`PriorityMerge.sweep`, `Intervals.union`, `SleepNight`, `DailyAggregator`), never by a second
/// reading of the rules.
package struct DailyExplanation: Sendable {
  /// Why (part of) a sample did not count.
  package enum Reason: Sendable, Equatable {
    /// A source trusted more recorded this time; `seconds` of the sample were covered by it.
    case higherPriority(source: Int64, device: Int64, seconds: Int64)
    /// A source trusted as much recorded the same time and was taken instead.
    case duplicate(source: Int64, device: Int64, seconds: Int64)
    /// Time already counted from another sample (a union counts overlapping time once).
    case overlap(seconds: Int64)
    /// The part of the sample outside the day (or, for sleep, the night).
    case outsideDay(seconds: Int64)
    /// A zero of a cumulative quantity: a placeholder (Garmin Connect's unsynced days), not data.
    case placeholderZero
    /// The sample has no value.
    case noValue
    /// A later reading of the day is the day's value.
    case notLatest
    /// Another sample already counted this hour.
    case sameHour
    /// The sample is of a kind the metric does not count (an in-bed record for time asleep).
    case otherKind
    /// The night's stages are taken from another source, which recorded more staged time.
    case stagesFromOtherSource(source: Int64)
    /// The sample starts on another day, and a reading belongs to the day it starts on.
    case startsOnAnotherDay
    /// Another workout recorded the same session and was kept (from a source trusted more, or
    /// the longer of two trusted as much).
    case sameSession(source: Int64, device: Int64)
    /// Health Auto Export sent this day's figure, which counts instead of the export's samples.
    case sentByHealthAutoExport
    /// A heart rate reading not taken at rest, for a derived resting heart rate: steps or a
    /// workout in the 12 minutes before it.
    case notAtRest(DerivedRestingHeartRate.Blocker)
  }

  /// One sample and what became of it.
  package struct Entry: Sendable {
    /// The sample as the daily computation read it.
    package var sample: DailySample
    /// The part counted, in the metric's unit; `nil` where the value is not a sum of parts
    /// (efficiency, a baseline difference).
    package var counted: Double?
    /// Why not all of it counted; empty when all of it did.
    package var reasons: [Reason]

    /// Creates a value from its stored properties.
    init(sample: DailySample, counted: Double? = nil, reasons: [Reason]) {
      self.sample = sample
      self.counted = counted
      self.reasons = reasons
    }
  }

  /// The samples of the day (or night), oldest first.
  package var entries: [Entry]
  /// The day's value as the daily computation forms it, unrounded; `nil` when there is none.
  package var value: Double?
  /// From the day's first sample to its last, clipped to the day.
  package var span: Range<Int64>?
  /// The day's own bounds (for sleep, the night's: noon to noon).
  package var window: Range<Int64>
  /// Whether the day counts as partly recorded (`DailyAggregator.partialDays`).
  package var isPartial: Bool
  /// For sleep: each source's intervals and their union over the night.
  package var night: Night?
  /// For a resting heart rate derived from heart rate and steps: the day's resting minutes.
  package var derived: DerivedRestingHeartRate.Day? = nil

  /// A night's intervals per source, and their union, of the kinds the measure counts.
  package struct Night: Sendable {
    /// Each source, in the order first met, with the union of its own intervals.
    package var bySource: [(source: Int64, pieces: [Range<Int64>])]
    /// The union of every source's intervals.
    package var union: [Range<Int64>]

    /// Creates a value from its stored properties.
    init(bySource: [(source: Int64, pieces: [Range<Int64>])], union: [Range<Int64>]) {
      self.bySource = bySource
      self.union = union
    }
  }

  /// The explanation of grid day 0 of `grid` (a grid of one day) for `metric`, from the samples
  /// the daily computation reads for it (sorted by start, in the metric's unit).
  static func explain(_ metric: Metric, samples: [DailySample], grid: DayGrid) -> DailyExplanation {
    let window = grid.start(0)..<grid.start(1)
    let value = DailyAggregator.values(for: metric, samples: samples, grid: grid)[0]
    let partial = DailyAggregator.partialDays(for: metric, samples: samples, grid: grid).contains(0)
    let span = DailyAggregator.recordedSpans(for: metric, samples: samples, grid: grid)[0].map { $0.first..<$0.last }
    var explanation = DailyExplanation(
      entries: [], value: value, span: span, window: window, isPartial: partial, night: nil)
    switch metric.aggregation {
    case .sum: explanation.entries = merged(samples, grid: grid)
    case .mean, .latest, .hoursWith:
      explanation.entries = readings(metric, samples: samples, grid: grid)
    case .duration: explanation.entries = covered(samples, window: window, kinds: nil, unit: 60)
    case .sleep(let measure):
      let night = LocalDay.noon(of: grid.day(-1), in: grid.zone)..<LocalDay.noon(of: grid.day(0), in: grid.zone)
      explanation.window = night
      // A night is whole: its span is not a day's coverage.
      explanation.span = nil
      (explanation.entries, explanation.night) = sleep(measure, samples: samples, night: night)
    case .workouts, .nightlyDeviation:
      break
    }
    return explanation
  }

  // MARK: Health Auto Export

  /// The explanation of a day whose value Health Auto Export sent (`value`, as
  /// `DailyValueStore.preferPushed` forms it): its buckets (or its night, `night`), counted, and
  /// the export's samples of the day (`export`), none of which count.
  static func pushed(
    _ metric: Metric, buckets: [DailySample], night: (start: Int64, end: Int64)?, value: Double, isPartial: Bool,
    export: DailyExplanation, grid: DayGrid
  ) -> DailyExplanation {
    var explanation: DailyExplanation
    if let night {
      explanation = export
      let sample = DailySample(
        start: night.start, end: night.end, value: nil, rank: 0, source: DailyValueStore.pushedSource)
      explanation.entries = [Entry(sample: sample, counted: value, reasons: [])]
      explanation.night = nil
    } else {
      switch metric.aggregation {
      case .hoursWith, .duration:
        // A pushed bucket of stand hours or mindful minutes holds the hours or minutes themselves.
        explanation = export
        explanation.entries = merged(buckets, grid: grid)
      default:
        explanation = explain(metric, samples: buckets, grid: grid)
      }
    }
    explanation.value = value
    explanation.isPartial = isPartial
    explanation.entries += export.entries.map { entry in
      Entry(sample: entry.sample, counted: entry.counted == nil ? nil : 0, reasons: [.sentByHealthAutoExport])
    }
    explanation.entries.sort { $0.sample.start < $1.sample.start }
    return explanation
  }

  // MARK: Workouts

  /// The explanation of a workout measure on `day`: the workouts that start on it, each session
  /// once (`WorkoutDays.sessions`, as the daily totals count them). A workout appears as a sample
  /// whose category is its activity type and whose value is the measure.
  static func workouts(
    _ measure: Metric.WorkoutMeasure, entries: [WorkoutDays.Entry], day: CalendarDay, zone: TimeZone
  ) -> DailyExplanation {
    let window = LocalDay.start(of: day, in: zone)..<LocalDay.start(of: day.adding(days: 1), in: zone)
    var kept = WorkoutDays.sessions(entries)
    let ofDay = entries.filter { LocalDay.day(of: $0.start, in: zone) == day }
      .sorted { ($0.start, $0.rank) < ($1.start, $1.rank) }
    func amount(_ entry: WorkoutDays.Entry) -> Double {
      switch measure {
      case .count: 1
      case .minutes: entry.minutes
      case .distance: entry.distance ?? 0
      case .energy: entry.energy ?? 0
      }
    }
    var result: [Entry] = []
    var total = 0.0
    for entry in ofDay {
      let sample = DailySample(
        start: entry.start, end: entry.end, value: amount(entry), category: entry.activityType, rank: entry.rank,
        source: entry.sourceID, device: entry.device)
      if let index = kept.firstIndex(of: entry) {
        kept.remove(at: index)
        total += amount(entry)
        result.append(Entry(sample: sample, counted: amount(entry), reasons: []))
      } else {
        let winner = WorkoutDays.sessions(entries).first { WorkoutDays.isSameSession($0, entry) }
        result.append(
          Entry(
            sample: sample, counted: 0,
            reasons: [.sameSession(source: winner?.sourceID ?? entry.sourceID, device: winner?.device ?? entry.device)])
        )
      }
    }
    return DailyExplanation(
      entries: result, value: ofDay.isEmpty ? nil : total, span: nil, window: window, isPartial: false, night: nil)
  }

  // MARK: Cumulative quantities

  private struct MergeLedger: PriorityMerge.Ledger {
    var rates: [Int: Double] = [:]
    var active: [Int: Set<Int>] = [:]
    var counted: [Double]
    /// Per sample, seconds in the day lost to each winning rank.
    var lost: [[Int: Int64]]

    init(count: Int) {
      counted = [Double](repeating: 0, count: count)
      lost = [[Int: Int64]](repeating: [:], count: count)
    }

    mutating func opened(_ index: Int, rank: Int, rate: Double) {
      rates[index] = rate
      active[rank, default: []].insert(index)
    }

    mutating func closed(_ index: Int, rank: Int) {
      active[rank]?.remove(index)
    }

    mutating func credit(rank: Int, rate: Double, day: Int, seconds: Int64) {
      for (other, samples) in active {
        for index in samples {
          if other == rank {
            counted[index] += (rates[index] ?? 0) * Double(seconds)
          } else {
            lost[index][rank, default: 0] += seconds
          }
        }
      }
    }
  }

  private static func merged(_ samples: [DailySample], grid: DayGrid) -> [Entry] {
    var ledger = MergeLedger(count: samples.count)
    let order = PriorityMerge.sweep(samples, grid: grid, into: &ledger)
    let window = grid.start(0)..<grid.start(1)
    var entries: [Entry] = []
    for (index, sample) in samples.enumerated() {
      let end = max(sample.end, sample.start + 1)
      guard sample.start < window.upperBound && end > window.lowerBound else { continue }
      var reasons: [Reason] = []
      if sample.value == nil { reasons.append(.noValue) }
      if sample.value == 0 { reasons.append(.placeholderZero) }
      let inside = min(end, window.upperBound) - max(sample.start, window.lowerBound)
      if sample.value ?? 0 != 0 && inside < end - sample.start {
        reasons.append(.outsideDay(seconds: end - sample.start - inside))
      }
      for (rank, seconds) in ledger.lost[index].sorted(by: { $0.key < $1.key }) {
        let winner = order[rank]
        if winner.rank == sample.rank {
          reasons.append(.duplicate(source: winner.source, device: winner.device, seconds: seconds))
        } else {
          reasons.append(.higherPriority(source: winner.source, device: winner.device, seconds: seconds))
        }
      }
      entries.append(Entry(sample: sample, counted: ledger.counted[index], reasons: reasons))
    }
    return entries
  }

  // MARK: Readings

  private static func readings(_ metric: Metric, samples: [DailySample], grid: DayGrid) -> [Entry] {
    let window = grid.start(0)..<grid.start(1)
    let inDay = samples.indices.filter { samples[$0].start < window.upperBound && samples[$0].end >= window.lowerBound }
    let starting = inDay.filter { grid.index(of: samples[$0].start) == 0 }
    var counted: [Int: Double] = [:]
    var reasons: [Int: [Reason]] = [:]
    switch metric.aggregation {
    case .mean:
      let valued = starting.filter { samples[$0].value != nil }
      for index in valued { counted[index] = (samples[index].value ?? 0) / Double(valued.count) }
    case .latest:
      // The same choice as `DailyAggregator`: the latest start, the later sample on a tie.
      var latest: Int?
      for index in starting where samples[index].value != nil {
        if let current = latest, samples[current].start > samples[index].start { continue }
        latest = index
      }
      for index in starting where samples[index].value != nil && index != latest { reasons[index] = [.notLatest] }
      if let latest { counted[latest] = samples[latest].value }
    case .hoursWith(let category):
      var hours = Set<Int64>()
      for index in starting {
        guard samples[index].category == category else {
          reasons[index] = [.otherKind]
          continue
        }
        if hours.insert((samples[index].start - window.lowerBound) / 3_600).inserted {
          counted[index] = 1
        } else {
          reasons[index] = [.sameHour]
        }
      }
    default: break
    }
    return inDay.map { index in
      var why = reasons[index] ?? []
      if grid.index(of: samples[index].start) != 0 { why.append(.startsOnAnotherDay) }
      if case .hoursWith = metric.aggregation {
      } else if samples[index].value == nil {
        why.append(.noValue)
      }
      return Entry(sample: samples[index], counted: counted[index] ?? 0, reasons: why)
    }
  }

  // MARK: Unions

  /// Each sample in `window` of the given `kinds` (any kind when `nil`) with the seconds it
  /// added to their union, divided by `unit`; the others as of another kind.
  private static func covered(
    _ samples: [DailySample], window: Range<Int64>, kinds: Set<String>?, unit: Double,
    reasonOutside: (DailySample) -> Reason? = { _ in nil }
  ) -> [Entry] {
    let inWindow = samples.filter { $0.start < window.upperBound && $0.end > window.lowerBound }
    let counting = inWindow.indices.filter { kinds?.contains(inWindow[$0].category ?? "") ?? true }
    let excluded = counting.filter { reasonOutside(inWindow[$0]) != nil }
    let taken = counting.filter { !excluded.contains($0) }
    let union = Intervals.union(taken.map { (inWindow[$0].start, inWindow[$0].end) }, within: window)
    var added: [Int: Int64] = [:]
    for (position, index) in taken.enumerated() { added[index] = union.added[position] }
    return inWindow.indices.map { index in
      let sample = inWindow[index]
      let inside = min(sample.end, window.upperBound) - max(sample.start, window.lowerBound)
      var reasons: [Reason] = []
      if let seconds = added[index] {
        if sample.end - sample.start > inside {
          reasons.append(.outsideDay(seconds: sample.end - sample.start - inside))
        }
        if seconds < inside { reasons.append(.overlap(seconds: inside - seconds)) }
        return Entry(sample: sample, counted: Double(seconds) / unit, reasons: reasons)
      }
      if counting.contains(index), let reason = reasonOutside(sample) {
        return Entry(sample: sample, counted: 0, reasons: [reason])
      }
      return Entry(sample: sample, counted: 0, reasons: [.otherKind])
    }
  }

  private static func sleep(_ measure: Metric.SleepMeasure, samples: [DailySample], night: Range<Int64>) -> (
    [Entry], Night
  ) {
    let inWindow = samples.filter { $0.start < night.upperBound && $0.end > night.lowerBound }
    let stager = SleepNight.stager(of: inWindow)
    let kinds: Set<String>?
    var fromStager = false
    switch measure {
    case .asleep: kinds = SleepNight.asleepValues
    case .inBed, .efficiency: kinds = nil
    case .deep: (kinds, fromStager) = ([SleepNight.deepValue], true)
    case .rem: (kinds, fromStager) = ([SleepNight.remValue], true)
    case .core: (kinds, fromStager) = ([SleepNight.coreValue], true)
    case .awake: (kinds, fromStager) = ([SleepNight.awakeValue], stager != nil)
    }
    var entries = covered(
      inWindow, window: night, kinds: kinds, unit: 3_600,
      reasonOutside: { sample in
        guard fromStager, let stager, sample.source != stager else { return nil }
        return .stagesFromOtherSource(source: stager)
      })
    if measure == .efficiency {
      // A ratio of asleep to in bed, which every sample of the night is part of.
      for index in entries.indices {
        entries[index].counted = nil
        entries[index].reasons.removeAll { if case .overlap = $0 { true } else { false } }
      }
    }
    let relevant = inWindow.filter { kinds?.contains($0.category ?? "") ?? true }
    var sources: [Int64] = []
    for sample in relevant where !sources.contains(sample.source) { sources.append(sample.source) }
    let bySource = sources.map { source in
      (
        source,
        Intervals.union(relevant.filter { $0.source == source }.map { ($0.start, $0.end) }, within: night).pieces
      )
    }
    let union = Intervals.union(relevant.map { ($0.start, $0.end) }, within: night).pieces
    return (entries, Night(bySource: bySource, union: union))
  }

  /// Creates a value from its stored properties.
  init(
    entries: [Entry], value: Double? = nil, span: Range<Int64>? = nil, window: Range<Int64>, isPartial: Bool,
    night: Night? = nil, derived: DerivedRestingHeartRate.Day? = nil
  ) {
    self.entries = entries
    self.value = value
    self.span = span
    self.window = window
    self.isPartial = isPartial
    self.night = night
    self.derived = derived
  }
}
