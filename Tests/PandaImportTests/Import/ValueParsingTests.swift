import Testing

@testable import PandaImport
@testable import PandaTestSupport

@Suite struct DecimalParserTests {
  @Test(arguments: [
    "0", "12", "-3.5", "0.05", "0.965", "48.12345678901", "1e3", "22.5312", "3.0000000000000004",
    "123456789012345678",
  ])
  func agreesWithTheStandardLibrary(text: String) {
    #expect(DecimalParser.parse(text) == Double(text))
  }

  @Test(arguments: ["", "sixty", "1.2.3", "nan", "inf", "12abc", "0x10", "0X1p4", " 0x1.8p1 ", "-0x10"])
  func rejectsNonNumbers(text: String) {
    #expect(DecimalParser.parse(text) == nil)
  }
}

@Suite struct UnitNormalizerTests {
  @Test(arguments: [
    ("HKQuantityTypeIdentifierBodyMass", "lb", 165.3, "kg", 74.978_819),
    ("HKQuantityTypeIdentifierActiveEnergyBurned", "kJ", 418.4, "kcal", 100),
    ("HKQuantityTypeIdentifierActiveEnergyBurned", "Cal", 12, "kcal", 12),
    ("HKQuantityTypeIdentifierDistanceWalkingRunning", "mi", 1, "km", 1.609_344),
    ("HKQuantityTypeIdentifierDistanceWalkingRunning", "m", 1_500, "km", 1.5),
    ("HKQuantityTypeIdentifierHeight", "ft", 6, "cm", 182.88),
    ("HKQuantityTypeIdentifierBodyTemperature", "degF", 98.6, "degC", 37),
    ("HKQuantityTypeIdentifierDietaryWater", "fl_oz_us", 1, "mL", 29.573_53),
    ("HKQuantityTypeIdentifierDietaryProtein", "mg", 1_500, "g", 1.5),
    ("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "ms", 48, "ms", 48),
    ("HKQuantityTypeIdentifierAppleExerciseTime", "s", 90, "min", 1.5),
    ("HKQuantityTypeIdentifierBloodGlucose", "mmol<180.1558800000541>/L", 5.5, "mg/dL", 99.085_734),
    ("HKQuantityTypeIdentifierOxygenSaturation", "%", 0.97, "%", 0.97),
    ("HKQuantityTypeIdentifierHeartRate", "count/min", 61, "count/min", 61),
  ])
  func convertsToOneUnitPerType(type: String, unit: String, value: Double, canonical: String, expected: Double) {
    let conversion = UnitNormalizer.conversion(type: type, unit: unit)
    #expect(conversion.unit == canonical)
    #expect(abs(conversion.apply(value) - expected) < 1e-5)
  }
}

@Suite struct DeviceDescriptionTests {
  @Test func addressIsNotPartOfTheIdentity() throws {
    let first = try #require(
      DeviceDescription(
        parsing:
          "<<HKDevice: 0x282e3a260>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1>"
      ))
    let second = try #require(
      DeviceDescription(
        parsing:
          "<<HKDevice: 0x280000001>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1>"
      ))
    #expect(first == second)
    #expect(first.name == "Apple Watch")
    #expect(first.hardware == "Watch6,1")
    #expect(first.software == "10.1")
    #expect(first.key == "Apple Watch|Apple Inc.|Watch|Watch6,1|10.1")
  }

  @Test func aPlainNameIsADevice() {
    #expect(DeviceDescription(parsing: "Withings Body+")?.name == "Withings Body+")
    #expect(DeviceDescription(parsing: "") == nil)
  }
}
