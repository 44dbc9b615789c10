/// Converts the export's many units into one unit per quantity type.
///
/// Energy is stored in kcal, body mass in kg, other masses in g, distances in km, heights in cm,
/// other lengths in m, volumes in mL, temperatures in °C, times in min (ms for HRV and ground
/// contact time), speeds in km/hr and blood glucose in mg/dL. Percentages stay fractions, as the
/// export writes them (`0.97` = 97 %). Units panda does not know are kept as they are.
enum UnitNormalizer {
  /// How to turn a value in one unit into the canonical unit.
  struct Conversion: Equatable, Sendable {
    var unit: String
    var factor: Double
    var offset: Double = 0
    /// The readings possible in `unit` (see `ReadingLimits`), when the type has limits.
    var limits: ClosedRange<Double>? = nil

    func apply(_ value: Double) -> Double { value * factor + offset }
  }

  /// The conversion for values of `type` written in `unit`.
  static func conversion(type: String, unit: String) -> Conversion {
    var conversion = canonical(type: type, unit: unit)
    conversion.limits = ReadingLimits.range(type: type, unit: conversion.unit)
    return conversion
  }

  private static func canonical(type: String, unit: String) -> Conversion {
    if let (dimension, factor) = known[unit] {
      return Conversion(unit: canonicalUnit(dimension, type: type), factor: factor / scale(of: dimension, type: type))
    }
    switch unit {
    case "degF": return Conversion(unit: "degC", factor: 5.0 / 9.0, offset: -32 * 5.0 / 9.0)
    case "degC": return Conversion(unit: "degC", factor: 1)
    default: break
    }
    if unit.hasPrefix("mmol<"), unit.hasSuffix(">/L"),
      let molarMass = DecimalParser.parse(String(unit.dropFirst(5).dropLast(3)))
    {
      return Conversion(unit: "mg/dL", factor: molarMass / 10)
    }
    return Conversion(unit: unit, factor: 1)
  }

  private enum Dimension {
    case energy, mass, length, volume, time, speed
  }

  /// Each known unit's dimension and its size in the dimension's base (kcal, g, m, mL, min, m/s).
  private static let known: [String: (Dimension, Double)] = [
    "kcal": (.energy, 1), "Cal": (.energy, 1), "cal": (.energy, 0.001), "kJ": (.energy, 1 / 4.184),
    "J": (.energy, 1 / 4_184),
    "g": (.mass, 1), "kg": (.mass, 1_000), "mg": (.mass, 0.001), "mcg": (.mass, 0.000_001),
    "lb": (.mass, 453.592_37), "oz": (.mass, 28.349_523_125), "st": (.mass, 6_350.293_18),
    "m": (.length, 1), "km": (.length, 1_000), "cm": (.length, 0.01), "mm": (.length, 0.001),
    "mi": (.length, 1_609.344), "ft": (.length, 0.304_8), "in": (.length, 0.025_4), "yd": (.length, 0.914_4),
    "mL": (.volume, 1), "L": (.volume, 1_000), "dL": (.volume, 100), "fl_oz_us": (.volume, 29.573_529_562_5),
    "fl_oz_imp": (.volume, 28.413_062_5), "cup_us": (.volume, 236.588_236_5), "cup_imp": (.volume, 284.130_625),
    "pt_us": (.volume, 473.176_473), "pt_imp": (.volume, 568.261_25),
    "min": (.time, 1), "s": (.time, 1.0 / 60), "ms": (.time, 1.0 / 60_000), "hr": (.time, 60), "h": (.time, 60),
    "d": (.time, 1_440),
    "m/s": (.speed, 1), "km/hr": (.speed, 1 / 3.6), "mi/hr": (.speed, 0.447_04),
  ]

  private static func canonicalUnit(_ dimension: Dimension, type: String) -> String {
    switch dimension {
    case .energy: "kcal"
    case .mass: type.hasSuffix("BodyMass") ? "kg" : "g"
    case .length:
      if type.contains("Distance") { "km" } else if lengthsInCentimetres.contains(type) { "cm" } else { "m" }
    case .volume: "mL"
    case .time: timesInMilliseconds.contains(type) ? "ms" : "min"
    case .speed: "km/hr"
    }
  }

  /// The size of the canonical unit in the dimension's base unit.
  private static func scale(of dimension: Dimension, type: String) -> Double {
    let unit = canonicalUnit(dimension, type: type)
    return known[unit]?.1 ?? 1
  }

  private static let lengthsInCentimetres: Set<String> = [
    "HKQuantityTypeIdentifierHeight", "HKQuantityTypeIdentifierWaistCircumference",
    "HKQuantityTypeIdentifierWalkingStepLength", "HKQuantityTypeIdentifierRunningVerticalOscillation",
  ]

  private static let timesInMilliseconds: Set<String> = [
    "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "HKQuantityTypeIdentifierRunningGroundContactTime",
  ]
}
