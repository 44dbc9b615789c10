/// Menstrual cycles from the days Health recorded menstrual flow
/// (`HKCategoryTypeIdentifierMenstrualFlow`): when each cycle started, how long it lasted, and the
/// phase of each day. Pure: `calendar(flowDays:markedStarts:)` builds it from days, no I/O.
///
/// A cycle starts on a day Health marks as a cycle start (`HKMenstrualCycleStart` = 1); where no
/// record carries that mark, on a flow day after `gapDays` or more days without flow. Starts
/// fewer than `shortestCycle` days after the one before are spotting, not a new cycle.
///
/// The luteal phase is the `lutealDays` days before the next start: ovulation comes about 14 days
/// before a period, whatever the cycle's length, while the follicular phase varies. A cycle whose
/// next start is recorded is known: its last `lutealDays` days are luteal, and the days before
/// them follicular. A cycle longer than `longestCycle` days most likely hides a start that was
/// not recorded: its follicular days are only the first `typicalLength − lutealDays`, and the days
/// between are of no known phase. The current cycle, whose next start is not recorded yet, is
/// estimated from the typical length (the median of the last `recentCycles` known cycles of
/// `shortestCycle` to `longestCycle` days, 28 without any). It is taken as luteal from the day
/// its shortest recent cycle (`shortestLength`) would have put ovulation, and until `lateDays` past
/// the day the next period was due by the typical length; after that, and before the first start,
/// no phase is known. Taking a day as luteal a few days early only judges it more leniently;
/// taking a luteal day as follicular would read the phase's rise as strain.
package struct CycleCalendar: Sendable, Equatable {
  /// The two phases of a cycle.
  package enum Phase: String, Sendable, Equatable, Codable {
    /// From the period's first day to ovulation.
    case follicular
    /// From ovulation to the day before the next period: temperature and resting heart rate up.
    case luteal
  }

  /// One cycle: its first day and, when the next start is recorded, its length.
  package struct Cycle: Sendable, Equatable {
    /// The first day of the period.
    package var start: CalendarDay
    /// Days until the next recorded start; `nil` for the current cycle.
    package var length: Int?

    /// Creates a value from its stored properties.
    init(start: CalendarDay, length: Int? = nil) {
      self.start = start
      self.length = length
    }
  }

  /// Days of the luteal phase.
  package static let lutealDays = 14
  /// Days without flow after which a flow day starts a cycle, where no start is marked.
  package static let gapDays = 10
  /// The shortest cycle counted: closer starts are spotting.
  package static let shortestCycle = 18
  /// The longest cycle taken as one: longer ones most likely hide a start not recorded.
  package static let longestCycle = 45
  /// Known cycles the typical length is taken from, the most recent.
  static let recentCycles = 6
  /// The length assumed with no known cycle.
  static let assumedLength = 28
  /// Days past a due period during which the current cycle is still taken as luteal.
  static let lateDays = 7

  /// The cycles, oldest first.
  package let cycles: [Cycle]

  /// A calendar of `cycles` as given, oldest first.
  init(cycles: [Cycle]) {
    self.cycles = cycles
  }

  /// The cycles from the days with flow and the days marked as a cycle's start.
  package static func calendar(flowDays: [CalendarDay], markedStarts: [CalendarDay] = []) -> CycleCalendar {
    var starts: [CalendarDay] = []
    if markedStarts.isEmpty {
      var previous: CalendarDay?
      for day in Set(flowDays).sorted() {
        if previous.map({ $0.days(to: day) >= Self.gapDays }) ?? true { starts.append(day) }
        previous = day
      }
    } else {
      starts = Set(markedStarts).sorted()
    }
    var kept: [CalendarDay] = []
    for start in starts where kept.last.map({ $0.days(to: start) >= Self.shortestCycle }) ?? true {
      kept.append(start)
    }
    return CycleCalendar(
      cycles: kept.indices.map { index in
        Cycle(start: kept[index], length: index + 1 < kept.count ? kept[index].days(to: kept[index + 1]) : nil)
      })
  }

  /// Whether any cycle is recorded.
  package var isEmpty: Bool { cycles.isEmpty }

  /// The lengths of the known cycles of `shortestCycle` to `longestCycle` days, oldest first.
  var lengths: [Int] {
    cycles.compactMap(\.length).filter { (Self.shortestCycle...Self.longestCycle).contains($0) }
  }

  /// The median length of the last `recentCycles` known cycles that started before `day` (all
  /// when `nil`); `assumedLength` without any.
  func typicalLength(before day: CalendarDay? = nil) -> Int {
    let known = cycles.filter { cycle in
      guard let length = cycle.length, (Self.shortestCycle...Self.longestCycle).contains(length) else {
        return false
      }
      return day.map { cycle.start.adding(days: length) <= $0 } ?? true
    }.compactMap(\.length).suffix(Self.recentCycles).sorted()
    guard !known.isEmpty else { return Self.assumedLength }
    return known.count % 2 == 1
      ? known[known.count / 2] : Int((Double(known[known.count / 2 - 1] + known[known.count / 2]) / 2).rounded())
  }

  /// The shortest of the last `recentCycles` known cycles that ended by `day` (all when `nil`),
  /// never longer than the typical length; 4 days under `assumedLength` without any.
  func shortestLength(before day: CalendarDay? = nil) -> Int {
    let known = cycles.filter { cycle in
      guard let length = cycle.length, (Self.shortestCycle...Self.longestCycle).contains(length) else {
        return false
      }
      return day.map { cycle.start.adding(days: length) <= $0 } ?? true
    }.compactMap(\.length).suffix(Self.recentCycles)
    return known.min() ?? Self.assumedLength - 4
  }

  /// The phase of `day`, as far as the recorded starts up to `knownThrough` tell (all of them
  /// when `nil`): a start recorded later is not used, so a day is judged with what was known
  /// then.
  package func phase(on day: CalendarDay, knownThrough: CalendarDay? = nil) -> Phase? {
    let known = knownThrough.map { limit in cycles.filter { $0.start <= limit } } ?? cycles
    guard let index = known.lastIndex(where: { $0.start <= day }) else { return nil }
    let cycle = known[index]
    let offset = cycle.start.days(to: day)
    let nextKnown = index + 1 < known.count
    let typical = typicalLength(before: knownThrough ?? day)
    let follicular = max(0, typical - Self.lutealDays)
    if nextKnown, let length = cycle.length {
      if offset >= length - Self.lutealDays { return .luteal }
      if length <= Self.longestCycle || offset < follicular { return .follicular }
      return nil
    }
    let earliest = max(0, min(shortestLength(before: knownThrough ?? day), typical) - Self.lutealDays)
    if offset < earliest { return .follicular }
    return offset < typical + Self.lateDays ? .luteal : nil
  }

  /// The start of the cycle `day` is in: the last start on or before it.
  package func start(onOrBefore day: CalendarDay) -> CalendarDay? {
    cycles.last { $0.start <= day }?.start
  }

  /// The phase of each day from `first` through `last` as known on that day: the same as
  /// `phase(on:knownThrough:)` with the day itself as the limit, in one pass.
  package func phases(from first: CalendarDay, through last: CalendarDay) -> [Phase?] {
    guard first <= last else { return [] }
    return (0...first.days(to: last)).map { offset in
      let day = first.adding(days: offset)
      return phase(on: day, knownThrough: day)
    }
  }
}
