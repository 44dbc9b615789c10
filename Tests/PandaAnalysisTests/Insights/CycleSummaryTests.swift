import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// The cycle's own figures from planted cycles: the typical length and its regularity, the
/// periods, the luteal wrist temperature, and a late period said only on a long current cycle
/// with data that is still arriving.
@Suite struct CycleSummaryTests {
  private let lastDay = CalendarDay(iso: "2025-06-30")!

  /// The snapshot of `days` as of the day after its last, with `records` (the days' own by
  /// default).
  private func snapshot(_ days: SyntheticDays, records: CategoryRecords? = nil, asOf: CalendarDay? = nil)
    -> HealthSnapshot
  {
    let asOf = asOf ?? days.lastDay.adding(days: 1)
    return HealthSnapshot(
      asOf: asOf, window: DayRange(asOf.adding(days: -HealthFetcher.windowDays)...asOf), series: days.series(),
      records: records ?? days.records())
  }

  /// The median, computed here apart from the code under test.
  private func median(_ values: [Int]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? Double(sorted[middle]) : Double(sorted[middle - 1] + sorted[middle]) / 2
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func theTypicalLengthIsTheMedianOfTheLastTwelvePlantedCycles(seed: UInt64) throws {
    let cycles = MenstrualCycles(seed: seed)
    let days = SyntheticDays(days: 420, seed: seed, lastDay: lastDay, cycles: cycles)
    let summary = try #require(CycleSummary.summary(of: snapshot(days), asOf: lastDay.adding(days: 1)))
    // The planted cycles that ended by the last day, whose start is in the window.
    let planted = cycles.cycles(from: days.firstDay, through: lastDay).filter {
      $0.start >= lastDay.adding(days: 1 - HealthFetcher.windowDays + CycleCalendar.gapDays)
        && $0.start.adding(days: $0.length) <= lastDay
    }
    let recent = Array(planted.suffix(CycleSummary.recentCycles))
    #expect(summary.lengths == recent.map(\.length))
    #expect(summary.typicalLength == median(recent.map(\.length)))
    #expect(summary.from == recent.first?.start)
    #expect(summary.shortest == recent.map(\.length).min() && summary.longest == recent.map(\.length).max())
    // Planted cycles of 26 to 32 days are regular; periods of 4 to 6 days.
    #expect(summary.isRegular == true)
    #expect(summary.periodLength == median(recent.map(\.flowDays.count)))
    let shortest = try #require(summary.shortest)
    let longest = try #require(summary.longest)
    #expect(CyclePhrases.lengths(summary).contains("regular: \(shortest) to \(longest) days"))
    #expect(!summary.isLate)
  }

  @Test func cyclesThatVaryMoreThanAWeekAreSaidToVary() throws {
    // Periods of 5 days starting after cycles of 24, 38, 30 and 27 days, and a current one.
    let first = lastDay.adding(days: -140)
    var start = first
    var flow: [CalendarDay] = []
    for length in [24, 38, 30, 27, 0] {
      flow += (0..<5).map { start.adding(days: $0) }
      start = start.adding(days: length)
    }
    let days = SyntheticDays(days: 200, seed: 1, lastDay: lastDay)
    let summary = try #require(
      CycleSummary.summary(
        of: snapshot(days, records: CategoryRecords(flowDays: flow)), asOf: lastDay.adding(days: 1)))
    #expect(summary.lengths == [24, 38, 30, 27])
    #expect(summary.typicalLength == 28.5)
    #expect(summary.isRegular == false)
    #expect(CyclePhrases.lengths(summary).contains("varies: 24 to 38 days"))
    #expect(CyclePhrases.line(summary).contains("Usually 28.5 days over your last 4 cycles, varies: 24 to 38 days"))
  }

  @Test func wristTemperatureIsHigherInThePlantedLutealPhases() throws {
    let cycles = MenstrualCycles(seed: 7)
    let days = SyntheticDays(days: 420, seed: 7, lastDay: lastDay, missingNights: 0, cycles: cycles)
    let summary = try #require(CycleSummary.summary(of: snapshot(days), asOf: lastDay.adding(days: 1)))
    let shift = try #require(summary.temperature)
    let planted = cycles.cycles(from: days.firstDay, through: lastDay).filter { cycle in
      summary.from.map { cycle.start >= $0 } == true && summary.through.map { cycle.start <= $0 } == true
    }
    // Every night of the recent cycles has a reading: 14 luteal nights a cycle, the rest other.
    #expect(shift.lutealNights == planted.count * MenstrualCycles.lutealDays)
    #expect(shift.follicularNights == planted.map(\.length).reduce(0, +) - shift.lutealNights)
    // The planted rise is 0.3 to 0.5 °C, half of it on the first and last luteal days.
    let lowest = try #require(planted.map(\.temperature).min())
    let highest = try #require(planted.map(\.temperature).max())
    #expect(shift.shift > lowest - 0.1 && shift.shift < highest + 0.1, "\(shift.shift)")
    let sentence = try #require(CyclePhrases.temperature(summary))
    #expect(sentence.contains("\(MetricFormatter.decimal(shift.shift, places: 2)) °C higher in the 14 days"))
    // Without the luteal rise, no such shift.
    let flat = SyntheticDays(days: 420, seed: 7, lastDay: lastDay, missingNights: 0)
    let unshifted = try #require(
      CycleSummary.summary(of: snapshot(flat, records: days.records()), asOf: lastDay.adding(days: 1))?.temperature)
    #expect(abs(unshifted.shift) < lowest / 2, "\(unshifted.shift)")
  }

  /// Planted cycles whose records stop after the period of a cycle at least 50 days before the
  /// last day, and the day after that cycle's day `currentDay`: the current cycle has then lasted
  /// `currentDay` days. `usual` are the lengths of the complete cycles before it.
  private func stoppedRecords(_ days: SyntheticDays, currentDay: Int) throws -> (
    records: CategoryRecords, start: CalendarDay, asOf: CalendarDay, usual: [Int]
  ) {
    let cycles = try #require(days.cycles).cycles(from: days.firstDay, through: days.lastDay)
    let current = try #require(cycles.last { $0.start <= days.lastDay.adding(days: -50) })
    let records = days.records()
    let kept = { (day: CalendarDay) in day < current.start.adding(days: CycleCalendar.gapDays) }
    // Only cycles whose first day is in the history carry a start mark.
    let usual = cycles.filter { $0.start >= days.firstDay && $0.start < current.start }.map(\.length)
    return (
      CategoryRecords(flowDays: records.flowDays.filter(kept), cycleStarts: records.cycleStarts.filter(kept)),
      current.start, current.start.adding(days: currentDay), Array(usual.suffix(CycleSummary.recentCycles))
    )
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func aLongCurrentCycleIsALatePeriodWithItsDayAndTheUsualLengths(seed: UInt64) throws {
    let days = SyntheticDays(days: 300, seed: seed, lastDay: lastDay, cycles: MenstrualCycles(seed: seed))
    let usual = try stoppedRecords(days, currentDay: 1).usual
    let shortest = try #require(usual.min())
    let longest = try #require(usual.max())
    // The day after the margin is late; the last day of the margin is not.
    let lateDay = longest + CycleSummary.lateMargin + 1
    let late = try stoppedRecords(days, currentDay: lateDay)
    let summary = try #require(
      CycleSummary.summary(of: snapshot(days, records: late.records, asOf: late.asOf), asOf: late.asOf))
    #expect(summary.lengths == usual)
    #expect(summary.isLate)
    #expect(summary.current == CycleSummary.CurrentCycle(start: late.start, day: lateDay))
    let range = shortest == longest ? "\(shortest)" : "\(shortest)–\(longest)"
    #expect(
      CyclePhrases.late(summary)
        == "Your period is later than usual: day \(lateDay) of this cycle, your cycles usually last \(range) days "
        + "(this one started on \(late.start.iso)).")
    #expect(CyclePhrases.line(summary) == CyclePhrases.late(summary))
    for sentence in CyclePhrases.sentences(summary) {
      for word in ["pregnan", "fertil", "ovulat", "expect", "will", "should"] {
        #expect(!sentence.lowercased().contains(word), "\(sentence)")
      }
    }

    let onTime = try stoppedRecords(days, currentDay: lateDay - 1)
    let within = try #require(
      CycleSummary.summary(of: snapshot(days, records: onTime.records, asOf: onTime.asOf), asOf: onTime.asOf))
    #expect(within.current?.day == lateDay - 1)
    #expect(!within.isLate)
    #expect(CyclePhrases.late(within) == nil)
  }

  @Test func noLatePeriodWhenTheExportEndedOrTheFlowRecordsStoppedLongAgo() throws {
    let days = SyntheticDays(days: 300, seed: 2, lastDay: lastDay, cycles: MenstrualCycles(seed: 2))
    let lateDay = try #require(try stoppedRecords(days, currentDay: 1).usual.max()) + CycleSummary.lateMargin + 4
    let late = try stoppedRecords(days, currentDay: lateDay)
    let recent = try #require(
      CycleSummary.summary(of: snapshot(days, records: late.records, asOf: late.asOf), asOf: late.asOf))
    #expect(recent.isLate)
    // The same day, but the export's data ended 10 days before it.
    let ended = SyntheticDays(
      days: 300, seed: 2, lastDay: late.asOf.adding(days: -11), cycles: MenstrualCycles(seed: 2))
    let stale = try #require(
      CycleSummary.summary(of: snapshot(ended, records: late.records, asOf: late.asOf), asOf: late.asOf))
    #expect(stale.current == recent.current)
    #expect(!stale.isLate)
    // Told where the data ends, the summary says the same whatever the series hold.
    let told = try #require(
      CycleSummary.summary(
        of: snapshot(days, records: late.records, asOf: late.asOf), asOf: late.asOf,
        lastDataDay: late.asOf.adding(days: -11)))
    #expect(!told.isLate)
    // Data up to the day, but no flow recorded for longer than any cycle is taken as one.
    let long = try stoppedRecords(days, currentDay: CycleCalendar.longestCycle + 2)
    let stopped = try #require(
      CycleSummary.summary(of: snapshot(days, records: long.records, asOf: long.asOf), asOf: long.asOf))
    #expect(stopped.current?.day == CycleCalendar.longestCycle + 2)
    #expect(!stopped.isLate)
    #expect(CyclePhrases.sentences(stopped).allSatisfy { !$0.contains("later than usual") })
  }

  @Test func nothingWithoutFlowRecordsAndNoTypicalLengthFromTwoCycles() throws {
    let days = SyntheticDays(days: 200, seed: 3, lastDay: lastDay)
    #expect(CycleSummary.summary(of: snapshot(days), asOf: lastDay.adding(days: 1)) == nil)
    let start = lastDay.adding(days: -70)
    let flow = [0, 29, 57].flatMap { offset in (0..<4).map { start.adding(days: offset + $0) } }
    let two = try #require(
      CycleSummary.summary(
        of: snapshot(days, records: CategoryRecords(flowDays: flow)), asOf: lastDay.adding(days: 1)))
    #expect(two.lengths == [29, 28])
    #expect(two.typicalLength == nil && two.isRegular == nil && !two.isLate)
    #expect(
      CyclePhrases.lengths(two)
        == "Health has 2 complete cycles recorded (29 and 28 days); a typical length needs 3.")
    #expect(CyclePhrases.current(two) == "Day 14 of the cycle that started on \(start.adding(days: 57).iso).")
  }
}
