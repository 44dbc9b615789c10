import Testing

@testable import PandaCore
@testable import PandaTestSupport

/// Cycles from hand-built flow days: starts, lengths and each day's phase, for regular and
/// irregular cycles, a month whose period was not recorded, spotting, and the current cycle.
@Suite struct CycleCalendarTests {
  private let first = CalendarDay(iso: "2025-01-06")!

  /// Five flow days from each of `offsets` (days after `first`).
  private func periods(_ offsets: [Int]) -> [CalendarDay] {
    offsets.flatMap { offset in (0..<5).map { first.adding(days: offset + $0) } }
  }

  @Test func flowDaysWithoutMarksStartACycleAfterTenDaysWithoutFlow() {
    let calendar = CycleCalendar.calendar(flowDays: periods([0, 27, 57, 84]))
    #expect(calendar.cycles.map(\.start) == [0, 27, 57, 84].map { first.adding(days: $0) })
    #expect(calendar.cycles.map(\.length) == [27, 30, 27, nil])
    #expect(calendar.lengths == [27, 30, 27])
    #expect(calendar.typicalLength() == 27)
  }

  @Test func marksWinOverGapsAndSpottingIsNoNewCycle() {
    // Flow on day 12 (spotting), marked starts on 0, 12 and 29: 12 is too soon to be a cycle.
    let flow = periods([0, 29]) + [first.adding(days: 12)]
    let marks = [0, 12, 29].map { first.adding(days: $0) }
    let calendar = CycleCalendar.calendar(flowDays: flow, markedStarts: marks)
    #expect(calendar.cycles.map(\.start) == [first, first.adding(days: 29)])
    #expect(calendar.cycles.first?.length == 29)
  }

  @Test func theLutealPhaseIsTheFourteenDaysBeforeTheNextStart() {
    // Irregular: 24, 33 and 28 days.
    let calendar = CycleCalendar.calendar(flowDays: periods([0, 24, 57, 85]))
    for (start, length) in [(0, 24), (24, 33), (57, 28)] {
      for offset in 0..<length {
        let day = first.adding(days: start + offset)
        let expected: CycleCalendar.Phase = offset >= length - 14 ? .luteal : .follicular
        #expect(calendar.phase(on: day) == expected, "day \(offset) of the cycle from \(start)")
      }
    }
    #expect(calendar.phase(on: first.adding(days: -1)) == nil)
  }

  @Test func aMonthWithoutARecordedPeriodLeavesItsMiddleUnknown() {
    // Periods on days 0, 28, then 84: the one on 56 was not recorded.
    let calendar = CycleCalendar.calendar(flowDays: periods([0, 28, 84, 112]))
    #expect(calendar.cycles.map(\.length) == [28, 56, 28, nil])
    #expect(calendar.lengths == [28, 28])
    #expect(calendar.typicalLength() == 28)
    // The long cycle: follicular for its first 14 days, luteal for its last 14, unknown between.
    #expect(calendar.phase(on: first.adding(days: 28 + 13)) == .follicular)
    #expect(calendar.phase(on: first.adding(days: 28 + 14)) == nil)
    #expect(calendar.phase(on: first.adding(days: 28 + 41)) == nil)
    #expect(calendar.phase(on: first.adding(days: 28 + 42)) == .luteal)
  }

  @Test func theCurrentCycleIsEstimatedFromTheTypicalLength() {
    // Cycles of 30 days, then a current cycle from day 90.
    let calendar = CycleCalendar.calendar(flowDays: periods([0, 30, 60, 90]))
    #expect(calendar.typicalLength() == 30)
    let current = first.adding(days: 90)
    #expect(calendar.phase(on: current.adding(days: 15)) == .follicular)
    #expect(calendar.phase(on: current.adding(days: 16)) == .luteal)
    // A period later than usual stays luteal for a week, then the phase is not known.
    #expect(calendar.phase(on: current.adding(days: 36)) == .luteal)
    #expect(calendar.phase(on: current.adding(days: 37)) == nil)
  }

  @Test func theCurrentCycleIsLutealFromTheShortestRecentCycle() {
    // Cycles of 26, 31 and 30 days: typical 30, but ovulation may come from day 12.
    let calendar = CycleCalendar.calendar(flowDays: periods([0, 26, 57, 87]))
    #expect(calendar.typicalLength() == 30)
    #expect(calendar.shortestLength() == 26)
    let current = first.adding(days: 87)
    #expect(calendar.phase(on: current.adding(days: 11)) == .follicular)
    #expect(calendar.phase(on: current.adding(days: 12)) == .luteal)
    #expect(calendar.phase(on: current.adding(days: 36)) == .luteal)
    #expect(calendar.phase(on: current.adding(days: 37)) == nil)
  }

  @Test func aDayIsJudgedWithTheStartsKnownOnIt() {
    // A short cycle of 22 days: known afterwards, its day 10 was luteal; on the day itself,
    // with a typical length of 30, it was follicular.
    let calendar = CycleCalendar.calendar(flowDays: periods([0, 30, 60, 82]))
    let day = first.adding(days: 70)
    #expect(calendar.phase(on: day) == .luteal)
    #expect(calendar.phase(on: day, knownThrough: day) == .follicular)
    #expect(calendar.phases(from: day, through: day) == [.follicular])
    #expect(calendar.start(onOrBefore: day) == first.adding(days: 60))
  }

  @Test func noFlowNoCycles() {
    let calendar = CycleCalendar.calendar(flowDays: [])
    #expect(calendar.isEmpty)
    #expect(calendar.phase(on: first) == nil)
    #expect(calendar.typicalLength() == CycleCalendar.assumedLength)
  }
}
