import Testing

@testable import PandaAnalysis
@testable import PandaCore

/// The figures of an alert's sentence add up as shown.
@Suite struct AlertPhrasesTests {
  @Test func wholeFiguresThatDoNotSubtractToTheDifferenceSaidAreShownToItsPlaces() {
    // A usual that allows for a luteal shift is no whole number: 72 against 64.4 is 7.6 bpm,
    // which "72 against 64" would not show.
    let shifted = HealthAlert.Signal(metric: "heart.restingHeartRate", value: 72, usual: 64.4, low: 61, high: 67)
    #expect(
      AlertPhrases.figure(shifted, first: true)
        == "resting heart rate 7.6 bpm above your usual (72 bpm against 64.4 bpm)")
  }

  @Test func wholeFiguresThatSubtractToTheDifferenceStayWhole() {
    let whole = HealthAlert.Signal(metric: "heart.restingHeartRate", value: 73, usual: 64, low: 61, high: 67)
    #expect(
      AlertPhrases.figure(whole, first: true) == "resting heart rate 9 bpm above your usual (73 bpm against 64 bpm)")
  }
}
