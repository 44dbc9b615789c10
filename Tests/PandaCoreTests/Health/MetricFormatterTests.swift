import Testing

@testable import PandaCore
@testable import PandaTestSupport

@Suite struct MetricFormatterTests {
  @Test func valuesReadTheWayPeopleWriteThem() {
    #expect(MetricFormatter.string(8_432.4, unit: "steps") == "8,432 steps")
    #expect(MetricFormatter.string(6 + 5.0 / 60, unit: "h") == "6 h 5 min")
    #expect(MetricFormatter.string(0.75, unit: "h") == "45 min")
    #expect(MetricFormatter.string(96.54, unit: "%") == "96.5 %")
    #expect(MetricFormatter.string(6.214, unit: "km") == "6.21 km")
  }

  @Test func aBrokenRecordsAbsurdValueDoesNotCrash() {
    #expect(MetricFormatter.string(1e300, unit: "steps") == "1e+300 steps")
    #expect(MetricFormatter.string(-1e300, unit: "h") == "-1e+300 h")
    #expect(MetricFormatter.string(.infinity, unit: "bpm") == "— bpm")
    #expect(MetricFormatter.string(1e300, unit: "kg") == "1e+300 kg")
  }

  @Test func aPairThatRoundsAlikeShowsTheDecimalsThatTellThemApart() {
    #expect(MetricFormatter.pair(6.8, 7.1, unit: "flights") == ("6.8 flights", "7.1 flights"))
    #expect(MetricFormatter.pair(96.62, 96.64, unit: "bpm") == ("96.62 bpm", "96.64 bpm"))
  }

  @Test func aDifferencePastTwoDecimalsIsNoDifference() {
    #expect(MetricFormatter.pair(67.702, 67.698, unit: "cm") == ("67.7 cm", "67.7 cm"))
  }

  @Test func aPairThatAlreadyDiffersKeepsTheUsualRounding() {
    #expect(MetricFormatter.pair(4, 8, unit: "flights") == ("4 flights", "8 flights"))
    #expect(MetricFormatter.pair(7, 7, unit: "flights") == ("7 flights", "7 flights"))
    #expect(MetricFormatter.pair(6.2, 6.21, unit: "h") == ("6 h 12 min", "6 h 13 min"))
  }

  @Test func theFigureShownIsTheValueShown() {
    let units = [
      "steps", "flights", "kcal", "bpm", "ms", "min", "%", "km", "kg", "lb", "hours", "workouts", "cm", "dB",
    ]
    let values = stride(from: -23.456, through: 23.456, by: 0.731).map { $0 } + [1_234.567, -1_234.567, 9.996, -9.996]
    for unit in units {
      for value in values {
        let text = MetricFormatter.string(value, unit: unit)
        let figure = Double(text.prefix { $0 != " " }.filter { $0 != "," })
        #expect(figure == MetricFormatter.shown(value, unit: unit), "\(text) for \(value) \(unit)")
      }
    }
  }

  @Test func aNonNumberReadsAsADash() {
    #expect(MetricFormatter.decimal(.nan, places: 1) == "—")
    #expect(MetricFormatter.string(.nan, unit: "kg") == "— kg")
  }
}
