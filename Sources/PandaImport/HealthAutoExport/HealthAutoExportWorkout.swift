/// A workout as Health Auto Export sends it (export version 1 or 2).
struct HealthAutoExportWorkout: Sendable, Equatable {
  /// The HealthKit activity type the workout's name stands for.
  var activityType: String
  /// The name the app sent (`Outdoor Run`).
  var name: String
  var start: Int64
  var end: Int64
  var durationSeconds: Double?
  var distanceKilometres: Double?
  var energyKilocalories: Double?
  /// Version 2's workout id.
  var id: String?
}

extension HealthAutoExportWorkout {
  /// The HealthKit activity type of a workout the app names `name` (`Outdoor Run` →
  /// `HKWorkoutActivityTypeRunning`). Names not listed become the type of the same words
  /// (`Tennis` → `HKWorkoutActivityTypeTennis`), so they stay apart and readable.
  static func activityType(forName name: String) -> String {
    var words = name.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" }).map(String.init)
    if let first = words.first?.lowercased(), ["indoor", "outdoor", "pool", "open"].contains(first), words.count > 1 {
      words.removeFirst()
      if words.first?.lowercased() == "water" && words.count > 1 { words.removeFirst() }
    }
    let key = words.joined(separator: " ").lowercased()
    let type = synonyms[key] ?? words.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    return "HKWorkoutActivityType" + (type.isEmpty ? "Other" : type)
  }

  private static let synonyms: [String: String] = [
    "run": "Running", "running": "Running", "walk": "Walking", "walking": "Walking", "cycle": "Cycling",
    "cycling": "Cycling", "bike": "Cycling", "swim": "Swimming", "swimming": "Swimming", "hike": "Hiking",
    "hiking": "Hiking", "row": "Rowing", "rowing": "Rowing", "rower": "Rowing", "hiit": "HighIntensityIntervalTraining",
    "high intensity interval training": "HighIntensityIntervalTraining",
    "functional strength training": "FunctionalStrengthTraining",
    "traditional strength training": "TraditionalStrengthTraining", "strength training": "TraditionalStrengthTraining",
    "core training": "CoreTraining", "stair stepper": "StairClimbing", "stairs": "Stairs",
    "mixed cardio": "MixedCardio", "mind and body": "MindAndBody", "dance": "SocialDance",
    "cardio dance": "CardioDance", "elliptical": "Elliptical", "yoga": "Yoga", "pilates": "Pilates",
  ]
}
