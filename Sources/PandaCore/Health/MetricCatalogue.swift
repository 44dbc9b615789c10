/// Every metric panda knows, with how its days are formed. Later commands and JSON use these ids.
package enum MetricCatalogue {
  package static let all: [Metric] =
    activity + heart + sleep + mobility + mindfulness + body + respiratory + hearing + nutrition

  /// The metric with `id`, if any.
  package static func metric(_ id: String) -> Metric? { all.first { $0.id == id } }

  /// The metrics of one category, in catalogue order.
  package static func metrics(in category: HealthCategory) -> [Metric] { all.filter { $0.category == category } }

  private static func quantity(_ name: String, unit: String, scale: Double = 1) -> [Metric.SampleSource] {
    [Metric.SampleSource(type: "HKQuantityTypeIdentifier" + name, storedUnit: unit, scale: scale)]
  }

  /// Metrics whose values show that the person's phone or watch was in use that day.
  static let devicesInUse = ["activity.steps", "heart.heartRate", "activity.activeEnergy"]
  /// Metrics whose values show that the watch was worn that day.
  static let watchWorn = ["heart.heartRate", "activity.activeEnergy"]

  private static let sleepSource = [
    Metric.SampleSource(type: "HKCategoryTypeIdentifierSleepAnalysis", storedUnit: "")
  ]

  static let activity: [Metric] =
    [
      Metric(
        id: "activity.steps", category: .activity, name: "Steps", unit: "steps",
        sources: quantity("StepCount", unit: "count"), aggregation: .sum, direction: .up, plausibleRange: 0...100_000,
        meaningfulChange: .relative(0.1), isRecordedAllDay: true),
      Metric(
        id: "activity.distance", category: .activity, name: "Walking and running distance", unit: "km",
        sources: quantity("DistanceWalkingRunning", unit: "km"), aggregation: .sum, direction: .up,
        plausibleRange: 0...150, isRecordedAllDay: true),
      Metric(
        id: "activity.activeEnergy", category: .activity, name: "Active energy", unit: "kcal",
        sources: quantity("ActiveEnergyBurned", unit: "kcal"), aggregation: .sum, direction: .up,
        plausibleRange: 0...6_000, isRecordedAllDay: true),
      Metric(
        id: "activity.exerciseMinutes", category: .activity, name: "Exercise", unit: "min",
        sources: quantity("AppleExerciseTime", unit: "min"), aggregation: .sum, direction: .up,
        plausibleRange: 0...1_440, meaningfulChange: .absolute(30.0 / 7),
        missingDay: .zeroWhenInUse(evidence: watchWorn)),
      Metric(
        id: "activity.standHours", category: .activity, name: "Stand hours", unit: "hours",
        sources: [Metric.SampleSource(type: "HKCategoryTypeIdentifierAppleStandHour", storedUnit: "")],
        aggregation: .hoursWith(category: "HKCategoryValueAppleStandHourStood"), direction: .up, plausibleRange: 0...24,
        meaningfulChange: .absolute(1), isRecordedAllDay: true),
      Metric(
        id: "activity.flightsClimbed", category: .activity, name: "Flights climbed", unit: "flights",
        sources: quantity("FlightsClimbed", unit: "count"), aggregation: .sum, direction: .up, plausibleRange: 0...500,
        missingDay: .zeroWhenInUse(evidence: ["activity.steps"])),
      Metric(
        id: "activity.basalEnergy", category: .activity, name: "Resting energy", unit: "kcal",
        sources: quantity("BasalEnergyBurned", unit: "kcal"), aggregation: .sum, direction: .neutral,
        plausibleRange: 0...5_000, isRecordedAllDay: true),
    ] + workouts

  /// The day's workouts, all activity types together (`daily_workouts` keeps them by type).
  /// Workout time is not added to exercise minutes: the watch counts most of a brisk workout as
  /// exercise too. A day without a workout while the devices were in use counts as none.
  static let workouts: [Metric] = [
    Metric(
      id: "activity.workouts", category: .activity, name: "Workouts", unit: "workouts", sources: [],
      aggregation: .workouts(.count), direction: .up, plausibleRange: 0...20, meaningfulChange: .absolute(1.0 / 7),
      missingDay: .zeroWhenInUse(evidence: devicesInUse)),
    Metric(
      id: "activity.workoutMinutes", category: .activity, name: "Workout time", unit: "min", sources: [],
      aggregation: .workouts(.minutes), direction: .up, plausibleRange: 0...1_440,
      meaningfulChange: .absolute(30.0 / 7), missingDay: .zeroWhenInUse(evidence: devicesInUse)),
    Metric(
      id: "activity.workoutDistance", category: .activity, name: "Workout distance", unit: "km", sources: [],
      aggregation: .workouts(.distance), direction: .up, plausibleRange: 0...300,
      missingDay: .zeroWhenInUse(evidence: devicesInUse)),
    Metric(
      id: "activity.workoutEnergy", category: .activity, name: "Workout energy", unit: "kcal", sources: [],
      aggregation: .workouts(.energy), direction: .up, plausibleRange: 0...10_000,
      missingDay: .zeroWhenInUse(evidence: devicesInUse)),
  ]

  static let heart: [Metric] = [
    Metric(
      id: "heart.restingHeartRate", category: .heart, name: "Resting heart rate", unit: "bpm",
      sources: quantity("RestingHeartRate", unit: "count/min"), aggregation: .mean, direction: .down,
      plausibleRange: 25...150, meaningfulChange: .absolute(2)),
    Metric(
      id: "heart.hrv", category: .heart, name: "Heart rate variability (SDNN)", unit: "ms",
      sources: quantity("HeartRateVariabilitySDNN", unit: "ms"), aggregation: .mean, direction: .up,
      plausibleRange: 3...300),
    Metric(
      id: "heart.walkingHeartRate", category: .heart, name: "Walking heart rate", unit: "bpm",
      sources: quantity("WalkingHeartRateAverage", unit: "count/min"), aggregation: .mean, direction: .down,
      plausibleRange: 40...200, meaningfulChange: .absolute(3)),
    Metric(
      id: "heart.heartRate", category: .heart, name: "Heart rate", unit: "bpm",
      sources: quantity("HeartRate", unit: "count/min"), aggregation: .mean, direction: .neutral,
      plausibleRange: 30...220, meaningfulChange: .absolute(3), isRecordedAllDay: true),
    Metric(
      id: "heart.vo2Max", category: .heart, name: "Cardio fitness (VO2 max)", unit: "mL/kg/min",
      sources: quantity("VO2Max", unit: "mL/min·kg"), aggregation: .latest, direction: .up, plausibleRange: 10...90,
      meaningfulChange: .absolute(1), isOccasional: true),
    Metric(
      id: "heart.bloodPressureSystolic", category: .heart, name: "Systolic blood pressure", unit: "mmHg",
      sources: quantity("BloodPressureSystolic", unit: "mmHg"), aggregation: .mean, direction: .down,
      plausibleRange: 60...260, meaningfulChange: .absolute(5), isOccasional: true),
    Metric(
      id: "heart.bloodPressureDiastolic", category: .heart, name: "Diastolic blood pressure", unit: "mmHg",
      sources: quantity("BloodPressureDiastolic", unit: "mmHg"), aggregation: .mean, direction: .down,
      plausibleRange: 30...160, meaningfulChange: .absolute(5), isOccasional: true),
  ]

  static let sleep: [Metric] = [
    Metric(
      id: "sleep.asleep", category: .sleep, name: "Time asleep", unit: "h", sources: sleepSource,
      aggregation: .sleep(.asleep), direction: .towards(7...9), plausibleRange: 0...16,
      meaningfulChange: .absolute(1.0 / 3)),
    Metric(
      id: "sleep.inBed", category: .sleep, name: "Time in bed", unit: "h", sources: sleepSource,
      aggregation: .sleep(.inBed), direction: .neutral, plausibleRange: 0...20,
      meaningfulChange: .absolute(1.0 / 3)),
    Metric(
      id: "sleep.deep", category: .sleep, name: "Deep sleep", unit: "h", sources: sleepSource,
      aggregation: .sleep(.deep), direction: .up, plausibleRange: 0...6,
      meaningfulChange: .absolute(0.25)),
    Metric(
      id: "sleep.rem", category: .sleep, name: "REM sleep", unit: "h", sources: sleepSource,
      aggregation: .sleep(.rem), direction: .up, plausibleRange: 0...6,
      meaningfulChange: .absolute(0.25)),
    Metric(
      id: "sleep.core", category: .sleep, name: "Core sleep", unit: "h", sources: sleepSource,
      aggregation: .sleep(.core), direction: .neutral, plausibleRange: 0...14,
      meaningfulChange: .absolute(1.0 / 3)),
    Metric(
      id: "sleep.awake", category: .sleep, name: "Time awake at night", unit: "h", sources: sleepSource,
      aggregation: .sleep(.awake), direction: .down, plausibleRange: 0...10,
      meaningfulChange: .absolute(0.25)),
    Metric(
      id: "sleep.efficiency", category: .sleep, name: "Sleep efficiency", unit: "%", sources: sleepSource,
      aggregation: .sleep(.efficiency), direction: .up, plausibleRange: 20...100,
      meaningfulChange: .absolute(5)),
  ]

  /// How a person walks, as the iPhone measures it on walks, and falls. Averages of the day's
  /// walks; no population ranges, only the person's own trends.
  static let mobility: [Metric] = [
    Metric(
      id: "mobility.walkingSpeed", category: .mobility, name: "Walking speed", unit: "km/h",
      sources: quantity("WalkingSpeed", unit: "km/hr"), aggregation: .mean, direction: .up, plausibleRange: 0.5...10,
      meaningfulChange: .absolute(0.2)),
    Metric(
      id: "mobility.stepLength", category: .mobility, name: "Step length", unit: "cm",
      sources: quantity("WalkingStepLength", unit: "cm"), aggregation: .mean, direction: .up, plausibleRange: 20...150,
      meaningfulChange: .absolute(3)),
    Metric(
      id: "mobility.walkingAsymmetry", category: .mobility, name: "Walking asymmetry", unit: "%",
      sources: quantity("WalkingAsymmetryPercentage", unit: "%", scale: 100), aggregation: .mean, direction: .down,
      plausibleRange: 0...100, meaningfulChange: .absolute(3)),
    Metric(
      id: "mobility.doubleSupport", category: .mobility, name: "Double support time", unit: "%",
      sources: quantity("WalkingDoubleSupportPercentage", unit: "%", scale: 100), aggregation: .mean,
      direction: .down, plausibleRange: 5...70, meaningfulChange: .absolute(2)),
    // Falls are events, not a level: never compared, but any fall is worth a word (`FallNote`).
    Metric(
      id: "mobility.falls", category: .mobility, name: "Falls", unit: "falls",
      sources: quantity("NumberOfTimesFallen", unit: "count"), aggregation: .sum, direction: .neutral,
      plausibleRange: 0...50, meaningfulChange: .absolute(1), isOccasional: true, isTrended: false),
  ]

  static let mindfulness: [Metric] = [
    Metric(
      id: "mindfulness.mindfulMinutes", category: .mindfulness, name: "Mindful minutes", unit: "min",
      sources: [Metric.SampleSource(type: "HKCategoryTypeIdentifierMindfulSession", storedUnit: "")],
      aggregation: .duration, direction: .up, plausibleRange: 0...720,
      meaningfulChange: .relative(0.3), missingDay: .zeroWhenInUse(evidence: devicesInUse))
  ]

  static let body: [Metric] = [
    Metric(
      id: "body.bodyMass", category: .body, name: "Weight", unit: "kg", sources: quantity("BodyMass", unit: "kg"),
      aggregation: .latest, direction: .neutral, plausibleRange: 20...350,
      meaningfulChange: .relative(0.01), isOccasional: true),
    Metric(
      id: "body.bodyFat", category: .body, name: "Body fat", unit: "%",
      sources: quantity("BodyFatPercentage", unit: "%", scale: 100), aggregation: .latest, direction: .neutral,
      plausibleRange: 2...75, meaningfulChange: .absolute(1), isOccasional: true),
    Metric(
      id: "body.bmi", category: .body, name: "Body mass index", unit: "kg/m²",
      sources: quantity("BodyMassIndex", unit: "count"), aggregation: .latest, direction: .towards(18.5...24.9),
      plausibleRange: 10...80, meaningfulChange: .absolute(0.5), isOccasional: true),
    Metric(
      id: "body.height", category: .body, name: "Height", unit: "cm", sources: quantity("Height", unit: "cm"),
      aggregation: .latest, direction: .neutral, plausibleRange: 40...250, isOccasional: true, isTrended: false),
    Metric(
      id: "body.wristTemperature", category: .body, name: "Wrist temperature", unit: "°C", sources: [],
      aggregation: .nightlyDeviation(type: "HKQuantityTypeIdentifierAppleSleepingWristTemperature"),
      direction: .neutral, plausibleRange: -5...5, meaningfulChange: .absolute(0.5)),
    Metric(
      id: "body.bloodGlucose", category: .body, name: "Blood glucose", unit: "mg/dL",
      sources: quantity("BloodGlucose", unit: "mg/dL"), aggregation: .mean, direction: .neutral,
      plausibleRange: 20...600, isOccasional: true),
  ]

  static let respiratory: [Metric] = [
    Metric(
      id: "respiratory.respiratoryRate", category: .respiratory, name: "Respiratory rate", unit: "breaths/min",
      sources: quantity("RespiratoryRate", unit: "count/min"), aggregation: .mean, direction: .neutral,
      plausibleRange: 4...60, meaningfulChange: .absolute(1.5)),
    Metric(
      id: "respiratory.oxygenSaturation", category: .respiratory, name: "Blood oxygen", unit: "%",
      sources: quantity("OxygenSaturation", unit: "%", scale: 100), aggregation: .mean, direction: .up,
      plausibleRange: 70...100, meaningfulChange: .absolute(2)),
  ]

  static let hearing: [Metric] = [
    Metric(
      id: "hearing.headphoneAudio", category: .hearing, name: "Headphone audio level", unit: "dB",
      sources: quantity("HeadphoneAudioExposure", unit: "dBASPL"), aggregation: .mean, direction: .down,
      plausibleRange: 0...140, meaningfulChange: .absolute(3))
  ]

  static let nutrition: [Metric] = [
    Metric(
      id: "nutrition.dietaryEnergy", category: .nutrition, name: "Dietary energy", unit: "kcal",
      sources: quantity("DietaryEnergyConsumed", unit: "kcal"), aggregation: .sum, direction: .neutral,
      plausibleRange: 0...10_000, isOccasional: true),
    Metric(
      id: "nutrition.water", category: .nutrition, name: "Water intake", unit: "mL",
      sources: quantity("DietaryWater", unit: "mL"), aggregation: .sum, direction: .up, plausibleRange: 0...10_000,
      isOccasional: true, missingDay: .zeroWhenInUse(evidence: devicesInUse)),
  ]
}
