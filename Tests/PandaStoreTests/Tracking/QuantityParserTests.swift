import Testing

@testable import PandaStore
@testable import PandaTestSupport

@Suite struct QuantityParserTests {
  func value(_ text: String, _ type: String) throws -> Double {
    try QuantityParser.parse(text, as: #require(LogType.named(type))).value
  }

  @Test(arguments: [
    ("500ml", "water", 500.0), ("0.75 L", "water", 750), ("16 fl oz", "water", 473.176), ("2 cups", "water", 473.2),
    ("72.4kg", "weight", 72.4), ("160lb", "weight", 72.5747792), ("11 st 6 lb", "weight", 72.5747792),
    ("11st 6", "weight", 72.5747792), ("650kcal", "food", 650), ("650 Cal", "food", 650),
    ("2700 kJ", "food", 645.315488), ("15min", "mindful", 15), ("1h30", "mindful", 90), ("1 h 30 min", "mindful", 90),
    ("500", "water", 500), ("0,5 l", "water", 500), ("22%", "bodyfat", 22), ("95 mg", "caffeine", 95),
  ])
  func readsCommonUnits(text: String, type: String, expected: Double) throws {
    #expect(abs(try value(text, type) - expected) < 0.001)
  }

  @Test(arguments: [
    ("1,500ml", "water", 1_500.0), ("1,500 kcal", "food", 1_500), ("12,000.5 kJ", "food", 2_868.1883),
    ("1,5 L", "water", 1_500), ("1,50 l", "water", 1_500), ("0,750 L", "water", 750), ("72,4 kg", "weight", 72.4),
  ])
  func aCommaBeforeThreeDigitsSeparatesThousandsOtherwiseItIsADecimalComma(
    text: String, type: String, expected: Double
  ) throws {
    #expect(abs(try value(text, type) - expected) < 0.001)
  }

  @Test func aThousandsCommaThatMakesNoSenseIsRefusedSayingHowItWasRead() throws {
    let error = try #require(throws: TrackingError.self) { try value("1,500 L", "water") }
    #expect(
      error.description
        == "'1,500 L' is not a plausible water entry: panda reads 1,500 as 1500 (a comma before three digits "
        + "separates thousands) and accepts 1 to 5,000 mL; if you meant a decimal, write 1.5")
    #expect(throws: TrackingError.self) { try value("1,5,0 L", "water") }
    #expect(throws: TrackingError.self) { try value("1.500,5 L", "water") }
  }

  @Test(arguments: [("1.250 L", "water", 1_250.0), ("72.400 kg", "weight", 72.4), ("0.750 L", "water", 750)])
  func aPointBeforeThreeDigitsIsReadTheOneWayThatIsPlausible(text: String, type: String, expected: Double) throws {
    #expect(abs(try value(text, type) - expected) < 0.001)
  }

  @Test func aPointBeforeThreeDigitsThatIsPlausibleBothWaysIsAskedAbout() throws {
    let error = try #require(throws: TrackingError.self) { try value("1.500 ml", "water") }
    #expect(error.description == "'1.500 ml' could be 1.5 mL or 1,500 mL: write 1.5 or 1500 to say which")
    let food = try #require(throws: TrackingError.self) { try value("2.100 kcal", "food") }
    #expect(food.description.contains("2.1 kcal or 2,100 kcal"))
  }

  @Test func readsBloodPressureAsTwoNumbers() throws {
    let reading = try QuantityParser.parse("120/80", as: #require(LogType.named("bp")))
    #expect(reading.value == 120)
    #expect(reading.second == 80)
    #expect(throws: TrackingError.self) { try QuantityParser.parse("80/120", as: #require(LogType.named("bp"))) }
  }

  @Test(arguments: ["5000 kg", "40 L", "-500ml", "0 ml", "lots", "500 furlongs", "12..5kg", "1 glass", ""])
  func refusesWhatIsNotAPlausibleAmount(text: String) throws {
    let type = text.hasSuffix("kg") ? "weight" : "water"
    #expect(throws: TrackingError.self) { try value(text, type) }
  }

  @Test func messagesShowWhatWouldBeAccepted() throws {
    let error = try #require(throws: TrackingError.self) { try value("1 glass", "water") }
    #expect(error.description.contains("500ml, 0.75 L, 16 fl oz"))
    let heavy = try #require(throws: TrackingError.self) { try value("5000 kg", "weight") }
    #expect(heavy.description.contains("20 to 350 kg"))
  }

  @Test func typesAreFoundByNameOrAlias() {
    #expect(LogType.named("Water")?.name == "water")
    #expect(LogType.named("meditation")?.name == "mindful")
    #expect(LogType.named("beer") == nil)
  }
}
