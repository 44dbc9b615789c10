/// The areas of health panda reports on.
package enum HealthCategory: String, CaseIterable, Codable, Sendable {
  case heart, sleep, activity, mobility, mindfulness, body, respiratory, hearing, nutrition, other

  /// The category a HealthKit type identifier belongs to.
  package init(typeIdentifier: String) {
    let name = HealthCategory.shortName(typeIdentifier)
    if let category = Self.byName[name] {
      self = category
    } else if name.hasPrefix("Dietary") {
      self = .nutrition
    } else if name.hasPrefix("Distance") || name.hasPrefix("Apple") || name.hasPrefix("Walking")
      || name.hasPrefix("Running") || name.hasSuffix("EnergyBurned")
    {
      self = name.contains("HeartRate") ? .heart : .activity
    } else {
      self = .other
    }
  }

  /// The category as it reads in a sentence.
  package var displayName: String {
    switch self {
    case .heart: "heart"
    case .sleep: "sleep"
    case .activity: "activity"
    case .mindfulness: "mindfulness"
    case .body: "body measurements"
    case .respiratory: "breathing"
    case .nutrition: "nutrition"
    case .mobility: "mobility"
    case .hearing: "headphone listening"
    case .other: "other data"
    }
  }

  /// What the category's data is called in "No … yesterday": "sleep data", "body measurements".
  package var dataName: String { self == .body ? displayName : "\(displayName) data" }

  /// A heading for lists of metrics: the name, with the id `--category` takes where they differ
  /// ("breathing (respiratory)").
  package var heading: String { displayName == rawValue ? rawValue : "\(displayName) (\(rawValue))" }

  /// A type identifier without its `HKQuantityTypeIdentifier` / `HKCategoryTypeIdentifier` prefix.
  package static func shortName(_ typeIdentifier: String) -> String {
    for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier", "HKDataType"]
    where typeIdentifier.hasPrefix(prefix) {
      return String(typeIdentifier.dropFirst(prefix.count))
    }
    return typeIdentifier
  }

  private static let byName: [String: HealthCategory] = [
    "HeartRate": .heart, "RestingHeartRate": .heart, "WalkingHeartRateAverage": .heart,
    "HeartRateVariabilitySDNN": .heart, "VO2Max": .heart, "BloodPressureSystolic": .heart,
    "BloodPressureDiastolic": .heart, "HeartRateRecoveryOneMinute": .heart, "HighHeartRateEvent": .heart,
    "LowHeartRateEvent": .heart, "IrregularHeartRhythmEvent": .heart, "AtrialFibrillationBurden": .heart,
    "WalkingSpeed": .mobility, "WalkingStepLength": .mobility, "WalkingAsymmetryPercentage": .mobility,
    "WalkingDoubleSupportPercentage": .mobility, "AppleWalkingSteadiness": .mobility, "StairAscentSpeed": .mobility,
    "StairDescentSpeed": .mobility, "SixMinuteWalkTestDistance": .mobility, "NumberOfTimesFallen": .mobility,
    "HeadphoneAudioExposure": .hearing, "EnvironmentalAudioExposure": .hearing,
    "EnvironmentalSoundReduction": .hearing, "HeadphoneAudioExposureEvent": .hearing,
    "BloodGlucose": .body, "AppleSleepingWristTemperature": .body, "BasalEnergyBurned": .activity,
    "SleepAnalysis": .sleep, "SleepDurationGoal": .sleep,
    "StepCount": .activity, "FlightsClimbed": .activity, "PushCount": .activity, "SwimmingStrokeCount": .activity,
    "MindfulSession": .mindfulness,
    "BodyMass": .body, "BodyMassIndex": .body, "BodyFatPercentage": .body, "LeanBodyMass": .body,
    "Height": .body, "WaistCircumference": .body, "BodyTemperature": .body,
    "RespiratoryRate": .respiratory, "OxygenSaturation": .respiratory, "ForcedVitalCapacity": .respiratory,
    "PeakExpiratoryFlowRate": .respiratory, "SleepingBreathingDisturbances": .respiratory,
  ]
}
