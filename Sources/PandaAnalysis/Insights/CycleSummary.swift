import PandaCore
import PandaStore

/// The menstrual cycle's own figures, where Health records menstrual flow: the typical length of
/// the recent cycles and how much it varies, how long periods last, the wrist temperature of the
/// luteal phase against the rest of the cycle, and whether the current period is later than the
/// recent cycles were. A pure function of one snapshot, computed once for every front end.
///
/// - The recent cycles are the last `recentCycles` complete ones (their next start is recorded)
///   of `CycleCalendar.shortestCycle` to `CycleCalendar.longestCycle` days. A longer one most
///   likely hides a period that was not recorded: it is left out and counted.
/// - The typical length is their median and needs `minimumCycles` of them. Their lengths are
///   regular when the longest is at most `regularSpread` days longer than the shortest (FIGO
///   2018: a variation of 7 days or less between the shortest and longest cycle).
/// - The luteal shift is the median wrist temperature of the luteal days of the recent cycles
///   (the 14 days before each next start) less that of their other days, with
///   `minimumPhaseNights` nights of each.
/// - The period is later than usual when the current cycle has lasted more than `lateMargin`
///   days past the longest recent cycle. Nothing is said when the data ends more than
///   `recentDataDays` days before the last complete day, or the current cycle started more than
///   `CycleCalendar.longestCycle` days ago: the records have then most likely stopped, and a
///   missing record is no late period. It states a length, and predicts nothing.
package struct CycleSummary: Sendable, Equatable {
  /// The wrist temperature of the luteal days against the other days of the recent cycles.
  struct TemperatureShift: Sendable, Equatable {
    /// The median of the luteal nights less the median of the other nights, in °C.
    var shift: Double
    /// Nights of the luteal phase with a reading.
    var lutealNights: Int
    /// Nights of the rest of the cycles with a reading.
    var follicularNights: Int
  }

  /// The cycle under way, whose next start is not recorded yet.
  struct CurrentCycle: Sendable, Equatable {
    /// Its first day.
    var start: CalendarDay
    /// The day of the cycle the last complete day is: 1 on its first day.
    package var day: Int
  }

  /// Complete cycles the figures are taken from, the most recent.
  static let recentCycles = 12
  /// Complete cycles a typical length needs.
  static let minimumCycles = 3
  /// The most days between the shortest and the longest recent cycle that are still regular.
  static let regularSpread = 7
  /// Days past the longest recent cycle before a period is said to be later than usual.
  static let lateMargin = 3
  /// Days the data may end before the last complete day and a late period still be said.
  static let recentDataDays = 2
  /// Nights of each phase the luteal shift needs, as many as the warnings and trends need.
  static let minimumPhaseNights = LutealShift.minimumPhaseReadings

  /// The last complete day the summary is as of.
  var lastDay: CalendarDay
  /// The lengths of the recent complete cycles, oldest first.
  var lengths: [Int]
  /// The first day of the oldest recent cycle; `nil` without any.
  package var from: CalendarDay?
  /// The last day of the newest recent cycle; `nil` without any.
  var through: CalendarDay?
  /// Cycles over `CycleCalendar.longestCycle` days in the same time, left out as most likely
  /// hiding a period that was not recorded.
  var leftOut: Int
  /// The median number of days from a recent cycle's start to its last day of flow; `nil`
  /// without flow recorded in any.
  var periodLength: Double?
  /// The wrist temperature shift of the luteal phase; `nil` without enough nights of each phase.
  var temperature: TemperatureShift?
  /// The cycle under way; `nil` when none has started by the last complete day.
  var current: CurrentCycle?
  /// Whether the current period is later than the longest recent cycle by more than
  /// `lateMargin` days, with recent data (see the type's summary).
  var isLate: Bool

  /// The median length of the recent cycles; `nil` with fewer than `minimumCycles`.
  var typicalLength: Double? {
    lengths.count >= Self.minimumCycles ? RobustStatistics.median(lengths.map(Double.init)) : nil
  }

  /// The shortest recent cycle; `nil` without a typical length.
  var shortest: Int? { typicalLength == nil ? nil : lengths.min() }
  /// The longest recent cycle; `nil` without a typical length.
  var longest: Int? { typicalLength == nil ? nil : lengths.max() }

  /// Whether the recent cycles are regular; `nil` without a typical length.
  var isRegular: Bool? {
    guard let shortest, let longest else { return nil }
    return longest - shortest <= Self.regularSpread
  }

  /// The summary of the cycles in `snapshot`'s menstrual flow records, as of the day before
  /// `asOf`; `nil` without any flow recorded. `lastDataDay` is the last day with data (the
  /// snapshot's latest metric when `nil`).
  package static func summary(
    of snapshot: HealthSnapshot, asOf: CalendarDay, lastDataDay: CalendarDay? = nil
  ) -> CycleSummary? {
    let lastDay = asOf.adding(days: -1)
    let flowDays = snapshot.records.flowDays.filter { $0 <= lastDay }
    guard !flowDays.isEmpty else { return nil }
    let calendar = CycleCalendar.calendar(
      flowDays: flowDays, markedStarts: snapshot.records.cycleStarts.filter { $0 <= lastDay })
    guard !calendar.isEmpty else { return nil }
    // A cycle starting in the window's first days may have begun before it: its start is unsure.
    let complete = calendar.cycles.filter { cycle in
      cycle.length != nil && snapshot.window.first.days(to: cycle.start) >= CycleCalendar.gapDays
    }
    let counted = complete.filter {
      (CycleCalendar.shortestCycle...CycleCalendar.longestCycle).contains($0.length ?? 0)
    }
    let recent = Array(counted.suffix(recentCycles))
    let lengths = recent.compactMap(\.length)
    let from = recent.first?.start
    let leftOut =
      from.map { first in
        complete.filter { $0.start >= first && ($0.length ?? 0) > CycleCalendar.longestCycle }.count
      } ?? 0
    let current = calendar.cycles.last.flatMap { cycle in
      cycle.length == nil ? CurrentCycle(start: cycle.start, day: cycle.start.days(to: lastDay) + 1) : nil
    }
    var isLate = false
    let dataEnds = lastDataDay ?? snapshot.series.compactMap(\.lastDay).max()
    if let current, let longest = recent.count >= minimumCycles ? lengths.max() : nil,
      let dataEnds, dataEnds.days(to: lastDay) <= recentDataDays,
      current.day - 1 <= CycleCalendar.longestCycle
    {
      isLate = current.day > longest + lateMargin
    }
    return CycleSummary(
      lastDay: lastDay, lengths: lengths, from: from,
      through: recent.last.map { $0.start.adding(days: ($0.length ?? 1) - 1) }, leftOut: leftOut,
      periodLength: periodLength(recent, flowDays: Set(flowDays)),
      temperature: temperatureShift(recent, calendar: calendar, series: snapshot.series("body.wristTemperature")),
      current: current, isLate: isLate)
  }

  /// The median of the days from each cycle's start through its last flow day before the next
  /// `CycleCalendar.gapDays` days end.
  private static func periodLength(_ cycles: [CycleCalendar.Cycle], flowDays: Set<CalendarDay>) -> Double? {
    let days = cycles.compactMap { cycle -> Double? in
      let limit = min(CycleCalendar.gapDays, cycle.length ?? CycleCalendar.gapDays)
      guard let last = (0..<limit).last(where: { flowDays.contains(cycle.start.adding(days: $0)) }) else {
        return nil
      }
      return Double(last + 1)
    }
    return RobustStatistics.median(days)
  }

  /// The luteal days' median wrist temperature less the other days' over `cycles`, each day's
  /// phase from the next start recorded.
  private static func temperatureShift(
    _ cycles: [CycleCalendar.Cycle], calendar: CycleCalendar, series: MetricSeries?
  ) -> TemperatureShift? {
    guard let series, let first = cycles.first?.start, let lastCycle = cycles.last,
      let length = lastCycle.length
    else { return nil }
    let last = lastCycle.start.adding(days: length - 1)
    let counted = Set(cycles.map(\.start))
    var luteal: [Double] = []
    var follicular: [Double] = []
    for point in series.points where point.day >= first && point.day <= last {
      guard let start = calendar.start(onOrBefore: point.day), counted.contains(start) else { continue }
      switch calendar.phase(on: point.day) {
      case .luteal: luteal.append(point.value)
      case .follicular: follicular.append(point.value)
      case nil: continue
      }
    }
    guard luteal.count >= minimumPhaseNights, follicular.count >= minimumPhaseNights,
      let high = RobustStatistics.median(luteal), let low = RobustStatistics.median(follicular)
    else { return nil }
    return TemperatureShift(shift: high - low, lutealNights: luteal.count, follicularNights: follicular.count)
  }
}
