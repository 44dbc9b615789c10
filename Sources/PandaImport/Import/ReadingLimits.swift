/// The values one reading of a type can take, in the unit panda stores it in. Outside them a
/// reading is a device or typing error (a heart rate of 900, a weight of 7,000 kg, a negative
/// step count), not data: the import counts and names it, and does not store it.
///
/// The limits are wide on purpose: they keep out only what no body produces, never an unusual
/// day. Percentages are fractions, as stored (`0.97`).
enum ReadingLimits {
  /// The possible readings of `type` in `unit`; `nil` for types and units without limits.
  static func range(type: String, unit: String) -> ClosedRange<Double>? {
    if let limit = categoryLimits[type], limit.unit == unit { return limit.range }
    guard type.hasPrefix(prefix), let limit = limits[String(type.dropFirst(prefix.count))], limit.unit == unit
    else { return nil }
    return limit.range
  }

  /// One night's hours asleep, in bed or in a stage.
  static let nightHours: ClosedRange<Double> = 0...24
  /// A workout's duration in seconds: up to a week.
  static let workoutSeconds: ClosedRange<Double> = 0...604_800
  /// A workout's distance in kilometres.
  static let workoutKilometres: ClosedRange<Double> = 0...2_000
  /// A workout's energy in kilocalories.
  static let workoutKilocalories: ClosedRange<Double> = 0...50_000

  /// Category types that carry a value as Health Auto Export sends them: minutes of a mindful
  /// session (a bucket holds at most a day), stand hours of a bucket.
  private static let categoryLimits: [String: (unit: String, range: ClosedRange<Double>)] = [
    "HKCategoryTypeIdentifierMindfulSession": ("", 0...1_440),
    "HKCategoryTypeIdentifierAppleStandHour": ("", 0...24),
  ]

  private static let prefix = "HKQuantityTypeIdentifier"

  private static let limits: [String: (unit: String, range: ClosedRange<Double>)] = [
    "HeartRate": ("count/min", 20...300),
    "RestingHeartRate": ("count/min", 20...250),
    "WalkingHeartRateAverage": ("count/min", 20...300),
    "HeartRateVariabilitySDNN": ("ms", 0...1_000),
    "VO2Max": ("mL/min·kg", 5...100),
    "BloodPressureSystolic": ("mmHg", 40...300),
    "BloodPressureDiastolic": ("mmHg", 20...200),
    "RespiratoryRate": ("count/min", 1...100),
    "OxygenSaturation": ("%", 0.3...1),
    "BodyTemperature": ("degC", 25...45),
    "BodyMass": ("kg", 0.5...650),
    "BodyMassIndex": ("count", 5...150),
    "BodyFatPercentage": ("%", 0.01...0.9),
    "Height": ("cm", 20...275),
    "StepCount": ("count", 0...200_000),
    "DistanceWalkingRunning": ("km", 0...500),
    "FlightsClimbed": ("count", 0...2_000),
    "ActiveEnergyBurned": ("kcal", 0...20_000),
    "BasalEnergyBurned": ("kcal", 0...20_000),
    "AppleExerciseTime": ("min", 0...1_440),
    "DietaryWater": ("mL", 0...30_000),
    "DietaryEnergyConsumed": ("kcal", 0...30_000),
    "BloodGlucose": ("mg/dL", 10...2_000),
    "WalkingSpeed": ("km/hr", 0...30),
    "WalkingStepLength": ("cm", 0...300),
    "WalkingAsymmetryPercentage": ("%", 0...1),
    "WalkingDoubleSupportPercentage": ("%", 0...1),
    "HeadphoneAudioExposure": ("dBASPL", 0...160),
    "NumberOfTimesFallen": ("count", 0...100),
    "AppleSleepingWristTemperature": ("degC", 20...45),
  ]
}
