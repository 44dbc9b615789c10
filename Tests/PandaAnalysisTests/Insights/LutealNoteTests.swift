import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// A card whose resting heart rate, temperature or breathing went up, or HRV down, over days
/// Health's cycle records put in the luteal phase says so; without flow records it says nothing.
@Suite struct LutealNoteTests {
  /// A snapshot of generated days with cycles, taken the day a period starts: the week before
  /// it is all luteal.
  private func snapshot(records: Bool) throws -> HealthSnapshot {
    let cycles = MenstrualCycles(seed: 4)
    let around = CalendarDay(iso: "2025-06-30")!
    let cycle = try #require(cycles.cycles(from: around.adding(days: -40), through: around).first)
    let asOf = cycle.start.adding(days: cycle.length)
    let days = SyntheticDays(days: 200, seed: 4, lastDay: asOf.adding(days: -1), cycles: cycles)
    return HealthSnapshot(
      asOf: asOf, window: DayRange(asOf.adding(days: -199)...asOf), series: days.series(),
      records: records ? days.records() : CategoryRecords())
  }

  @Test func aRiseOverLutealDaysSaysTheCycleRaisesIt() throws {
    let snapshot = try snapshot(records: true)
    let request = InsightRequest.request(from: snapshot, category: .heart, period: .weekly)
    #expect(request.lutealDays == 7)
    let insight = HeuristicProvider().write(request).withLutealNote(request)
    let note = LutealNote.sentence(lutealDays: 7, period: .weekly)
    #expect(note.hasPrefix("Health's cycle records put 7 of these 7 days in the luteal phase"))
    var noted = 0
    for assessment in insight.metrics {
      let moved = LutealNote.moved[assessment.metric].map { assessment.change != 0 && (assessment.change > 0) == $0 }
      #expect(assessment.message.contains(note) == (moved ?? false), "\(assessment.metric)")
      if assessment.message.contains(note) { noted += 1 }
    }
    #expect(noted >= 1)
    // Activity is not moved by the phase: no count, no note.
    #expect(InsightRequest.request(from: snapshot, category: .activity, period: .weekly).lutealDays == 0)
  }

  @Test func withoutFlowRecordsNothingIsSaid() throws {
    let request = InsightRequest.request(from: try snapshot(records: false), category: .heart, period: .weekly)
    #expect(request.lutealDays == 0)
    let insight = HeuristicProvider().write(request)
    #expect(insight.withLutealNote(request) == insight)
  }
}
