import Testing

@testable import PandaCore
@testable import PandaTestSupport

@Suite struct DisplayUnitsTests {
  @Test func imperialShowsPoundsMilesFluidOuncesAndInches() {
    let imperial = DisplayUnits.imperial
    #expect(imperial.string(72.5747792, unit: "kg") == "160 lb")
    #expect(imperial.string(8.04672, unit: "km") == "5 mi")
    #expect(imperial.string(473.176, unit: "mL") == "16 fl oz")
    #expect(imperial.string(4.8, unit: "km/h") == "3 mph")
    #expect(imperial.string(0.4, unit: "°C") == "0.4 °C")
    #expect(imperial.string(180, unit: "cm") == "70.9 in")
    #expect(imperial.string(2_000, unit: "kcal") == "2,000 kcal")
    #expect(imperial.string(8_000, unit: "steps") == "8,000 steps")
  }

  @Test func aDifferenceIsScaledLikeTheValue() {
    #expect(DisplayUnits.imperial.convertedDifference(1.609344, unit: "km") == (1, "mi"))
  }

  @Test func metricLeavesTheCataloguesUnits() {
    #expect(DisplayUnits.metric.string(72.4, unit: "kg") == "72.4 kg")
    #expect(DisplayUnits.metric.unit("mL") == "mL")
    #expect(Settings(values: ["units": "imperial"]).displayUnits == .imperial)
    #expect(Settings(values: [:]).displayUnits == .metric)
  }
}
