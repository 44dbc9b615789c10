import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaTestSupport

/// The offline analyzer's words for the new metrics.
@Suite struct MoreMetricsPhrasesTests {
  @Test func aLoudWeekIsHeldAgainstWHOsSafeListeningLevel() {
    let loud = HeuristicProvider().write(
      TrendFixtures.request(
        .hearing,
        [
          TrendFixtures.trend(
            "hearing.headphoneAudio", current: 84, baseline: 83.5, direction: .flat, assessment: .stable)
        ]))
    #expect(
      loud.suggestions.contains { $0.contains("above the 80 dB that WHO considers safe for up to 40 hours a week") })
    #expect(loud.encouragement.isEmpty)
    #expect(loud.summary == "Your headphone listening held steady this week.")
    // A model may cite the same figure in advice.
    #expect(GuidelineFigures.contains(80, unitWord: "db"))
    let quiet = HeuristicProvider().write(
      TrendFixtures.request(
        .hearing,
        [
          TrendFixtures.trend(
            "hearing.headphoneAudio", current: 70, baseline: 70.5, direction: .flat, assessment: .stable)
        ]))
    #expect(quiet.suggestions.isEmpty)
  }

  @Test func wristTemperatureIsOnlyEverSaidAgainstTheBaseline() {
    let insight = HeuristicProvider().write(
      TrendFixtures.request(
        .body,
        [
          TrendFixtures.trend(
            "body.wristTemperature", current: 0.6, baseline: -0.1, direction: .up, assessment: .stable, size: .clear)
        ], period: .daily))
    #expect(
      insight.metrics[0].message
        == "Your wrist temperature was 0.6 °C above your baseline last night (usually 0.1 °C below). A change like this can come with a cold, alcohol, a warm room or the menstrual cycle."
    )
  }

  @Test func aFallIsSaidEvenWithNothingToCompare() {
    var request = TrendFixtures.request(.mobility, [], period: .weekly)
    request.falls = 2
    let insight = DataGuidance.noDataInsight(for: request).withFallNote(request)
    #expect(insight.summary.hasPrefix("2 falls were recorded this week. No walking measurements in the last 7 days."))
    #expect(insight.suggestions.contains(FallNote.advice))
    #expect(insight.status == .ok)
  }
}
