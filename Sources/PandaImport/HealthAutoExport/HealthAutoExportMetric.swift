/// A Health Auto Export metric name and the HealthKit type panda stores its points as, in the
/// unit the Health app's own export is stored in, so both routes feed the same metrics.
struct HealthAutoExportMetric: Sendable, Equatable {
  /// The HealthKit type identifier.
  var type: String
  /// The unit panda stores the type in (`UnitNormalizer`, `MetricCatalogue`).
  var storedUnit: String
  /// How the phone's units convert to `storedUnit`.
  var dimension: Dimension

  /// The kinds of unit a metric can be sent in.
  enum Dimension: Sendable, Equatable {
    /// Stored as sent: counts, beats per minute, milliseconds, decibels, mmHg, BMI, VO2 max.
    case plain
    /// kcal, kJ.
    case energy
    /// km, mi, m, yd, ft.
    case distance
    /// cm, in, m, mm, ft.
    case length
    /// kg, lb, g, st.
    case mass
    /// Sent as 0–100, stored as a fraction; a value of at most 1 is already a fraction where
    /// the type's readings are never below 1 %.
    case percent(fractionsPossible: Bool)
    /// degC, degF.
    case temperature
    /// mL, L, fl_oz_us, fl_oz_imp, cup_us.
    case volume
    /// km/hr, mi/hr, m/s.
    case speed
    /// min, hr, s.
    case minutes
    /// mg/dL, mmol/L.
    case glucose
  }

  /// The metric sent as `name`, under any of the spellings app versions and receivers use.
  static func named(_ name: String) -> HealthAutoExportMetric? {
    known[name.lowercased()]
  }

  private static func quantity(_ name: String, _ unit: String, _ dimension: Dimension) -> HealthAutoExportMetric {
    HealthAutoExportMetric(type: "HKQuantityTypeIdentifier" + name, storedUnit: unit, dimension: dimension)
  }

  private static let known: [String: HealthAutoExportMetric] = {
    var table: [String: HealthAutoExportMetric] = [
      "step_count": quantity("StepCount", "count", .plain),
      "walking_running_distance": quantity("DistanceWalkingRunning", "km", .distance),
      "active_energy": quantity("ActiveEnergyBurned", "kcal", .energy),
      "basal_energy_burned": quantity("BasalEnergyBurned", "kcal", .energy),
      "resting_energy": quantity("BasalEnergyBurned", "kcal", .energy),
      "flights_climbed": quantity("FlightsClimbed", "count", .plain),
      "apple_exercise_time": quantity("AppleExerciseTime", "min", .minutes),
      "apple_stand_hour": HealthAutoExportMetric(
        type: "HKCategoryTypeIdentifierAppleStandHour", storedUnit: "", dimension: .plain),
      "heart_rate": quantity("HeartRate", "count/min", .plain),
      "resting_heart_rate": quantity("RestingHeartRate", "count/min", .plain),
      "heart_rate_variability": quantity("HeartRateVariabilitySDNN", "ms", .plain),
      "walking_heart_rate_average": quantity("WalkingHeartRateAverage", "count/min", .plain),
      "vo2_max": quantity("VO2Max", "mL/min·kg", .plain),
      "respiratory_rate": quantity("RespiratoryRate", "count/min", .plain),
      "blood_oxygen_saturation": quantity("OxygenSaturation", "%", .percent(fractionsPossible: true)),
      "weight_body_mass": quantity("BodyMass", "kg", .mass),
      "body_fat_percentage": quantity("BodyFatPercentage", "%", .percent(fractionsPossible: true)),
      "body_mass_index": quantity("BodyMassIndex", "count", .plain),
      "height": quantity("Height", "cm", .length),
      "mindful_minutes": HealthAutoExportMetric(
        type: "HKCategoryTypeIdentifierMindfulSession", storedUnit: "", dimension: .minutes),
      "dietary_energy": quantity("DietaryEnergyConsumed", "kcal", .energy),
      "dietary_water": quantity("DietaryWater", "mL", .volume),
      "walking_speed": quantity("WalkingSpeed", "km/hr", .speed),
      "walking_step_length": quantity("WalkingStepLength", "cm", .length),
      "walking_asymmetry_percentage": quantity("WalkingAsymmetryPercentage", "%", .percent(fractionsPossible: false)),
      "walking_double_support_percentage": quantity(
        "WalkingDoubleSupportPercentage", "%", .percent(fractionsPossible: true)),
      "headphone_audio_exposure": quantity("HeadphoneAudioExposure", "dBASPL", .plain),
      "apple_sleeping_wrist_temperature": quantity("AppleSleepingWristTemperature", "degC", .temperature),
      "blood_glucose": quantity("BloodGlucose", "mg/dL", .glucose),
      "number_of_times_fallen": quantity("NumberOfTimesFallen", "count", .plain),
    ]
    table["vo2max"] = table["vo2_max"]
    table["walking_heart_rate"] = table["walking_heart_rate_average"]
    table["headphone_audio"] = table["headphone_audio_exposure"]
    table["basal_energy"] = table["basal_energy_burned"]
    table["mindful_sessions"] = table["mindful_minutes"]
    return table
  }()

  /// The two types a `blood_pressure` point (`systolic`, `diastolic`) is stored as.
  static let systolic = quantity("BloodPressureSystolic", "mmHg", .plain)
  static let diastolic = quantity("BloodPressureDiastolic", "mmHg", .plain)

  /// `value` sent in `unit`, in `storedUnit`; `nil` when the unit is not one of this dimension's.
  /// A missing unit is taken to be the stored one.
  func convert(_ value: Double, from unit: String?) -> Double? {
    let unit = (unit ?? "").trimmingSpaces()
    switch dimension {
    case .percent(let fractionsPossible):
      guard unit.isEmpty || unit == "%" else { return nil }
      return fractionsPossible && value <= 1 ? value : value / 100
    case .temperature:
      switch unit.lowercased() {
      case "", "degc", "°c", "c": return value
      case "degf", "°f", "f": return (value - 32) * 5 / 9
      default: return nil
      }
    default:
      if unit.isEmpty || dimension == .plain { return value }
      guard let factor = Self.factors(dimension)[unit.lowercased()] else { return nil }
      return value * factor
    }
  }

  /// `convert(_:from: unit)` with the unit looked up once, for the many points of one metric.
  func converter(from unit: String?) -> (Double) -> Double? {
    let unit = (unit ?? "").trimmingSpaces()
    switch dimension {
    case .percent, .temperature:
      return { value in convert(value, from: unit) }
    default:
      if unit.isEmpty || dimension == .plain { return { $0 } }
      guard let factor = Self.factors(dimension)[unit.lowercased()] else { return { _ in nil } }
      return { $0 * factor }
    }
  }

  private static func factors(_ dimension: Dimension) -> [String: Double] {
    switch dimension {
    case .plain: [:]
    case .energy: ["kcal": 1, "cal": 1, "kj": 1 / 4.184]
    case .distance: ["km": 1, "mi": 1.609_344, "m": 0.001, "yd": 0.000_914_4, "ft": 0.000_304_8]
    case .length: ["cm": 1, "in": 2.54, "m": 100, "mm": 0.1, "ft": 30.48]
    case .mass: ["kg": 1, "lb": 0.453_592_37, "lbs": 0.453_592_37, "g": 0.001, "st": 6.350_293_18]
    case .volume: ["ml": 1, "l": 1_000, "fl_oz_us": 29.573_53, "fl_oz_imp": 28.413_06, "cup_us": 236.588_2]
    case .speed: ["km/hr": 1, "km/h": 1, "mi/hr": 1.609_344, "mph": 1.609_344, "m/s": 3.6]
    case .minutes: ["min": 1, "hr": 60, "h": 60, "s": 1.0 / 60]
    case .glucose: ["mg/dl": 1, "mmol/l": 18.015_6]
    case .percent, .temperature: [:]
    }
  }

}
