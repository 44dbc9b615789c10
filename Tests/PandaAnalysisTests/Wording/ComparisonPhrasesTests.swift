import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaTestSupport

/// Two stretches of days compared in words: a difference within the day-to-day spread says the
/// days vary a lot only when their spread is large next to it.
@Suite struct ComparisonPhrasesTests {
  let current = DayRange(CalendarDay(iso: "2025-06-01")!...CalendarDay(iso: "2025-06-30")!)
  let baseline = DayRange(CalendarDay(iso: "2025-05-01")!...CalendarDay(iso: "2025-05-31")!)

  func sentence(spread: Double) -> String {
    let trend = TrendFixtures.trend(
      "heart.restingHeartRate", current: 66, baseline: 64, direction: .up, assessment: .stable, size: .withinNoise,
      spread: spread)
    return ComparisonPhrases.sentence(
      trend, metric: MetricCatalogue.metric("heart.restingHeartRate")!, current: current, baseline: baseline)
  }

  @Test func theDaysAreSaidToVaryALotOnlyWhenTheyDo() {
    // A 2 bpm difference: days spread by 3 bpm vary a lot next to it, days spread by 0.5 do not.
    #expect(sentence(spread: 3).contains(", but the days vary a lot, so this is not a clear change."))
    let steady = sentence(spread: 0.5)
    #expect(!steady.contains("vary"), "\(steady)")
    #expect(steady.hasSuffix(", not a clear change."), "\(steady)")
  }
}
