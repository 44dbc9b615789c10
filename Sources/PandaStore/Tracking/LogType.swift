/// A kind of entry people log by hand (`water`, `food`, `weight`…): the Health type it is stored
/// as, the units it is typed in and the values that are plausible.
package struct LogType: Sendable, Hashable {
  /// How an entry of the type becomes samples.
  enum Shape: Sendable, Hashable {
    /// One quantity sample at the entry's instant.
    case quantity
    /// A session (mindful minutes) that ends at the entry's instant and lasts the quantity.
    case session
    /// A blood pressure reading, `120/80`: a systolic and a diastolic sample.
    case pressure
  }

  /// The name typed on the command line.
  package let name: String
  /// Other names accepted for it.
  package let aliases: [String]
  /// The Health type identifier the samples are stored as (the diastolic one is implied for
  /// blood pressure).
  let sampleType: String
  /// The unit the samples are stored in, as an import would store them.
  let storedUnit: String
  /// The unit entries are kept and shown in: the catalogue metric's unit.
  package let unit: String
  /// Stored sample value per unit of the entry (body fat is stored as a fraction).
  let storedScale: Double
  /// Units people type, lowercased, with the factor to `unit`.
  let units: [String: Double]
  /// For compound quantities (`11 st 6 lb`, `1h30`): the unit a bare trailing number is in.
  let followers: [String: String]
  /// Plausible values of one entry, in `unit`.
  let range: ClosedRange<Double>
  /// The most a day's entries of the type may add up to, in `unit`, for summed types.
  let dailyLimit: Double?
  /// How an entry becomes samples.
  let shape: Shape
  /// Examples of accepted quantities, for messages.
  package let examples: String

  /// The types panda can log.
  package static let all: [LogType] = [
    LogType(
      name: "water", aliases: [], sampleType: "HKQuantityTypeIdentifierDietaryWater", storedUnit: "mL", unit: "mL",
      units: [
        "ml": 1, "milliliter": 1, "millilitre": 1, "milliliters": 1, "millilitres": 1, "cl": 10, "dl": 100, "l": 1_000,
        "liter": 1_000, "litre": 1_000, "liters": 1_000, "litres": 1_000, "floz": 29.5735, "cup": 236.6, "cups": 236.6,
      ],
      range: 1...5_000, dailyLimit: 10_000, examples: "500ml, 0.75 L, 16 fl oz, 2 cups"),
    LogType(
      name: "food", aliases: ["energy", "calories", "kcal"],
      sampleType: "HKQuantityTypeIdentifierDietaryEnergyConsumed",
      storedUnit: "kcal", unit: "kcal",
      units: [
        "kcal": 1, "cal": 1, "calorie": 1, "calories": 1, "kj": 1 / 4.184, "kilojoule": 1 / 4.184,
        "kilojoules": 1 / 4.184,
      ],
      range: 1...5_000, dailyLimit: 10_000, examples: "650kcal, 650 Cal, 2700 kJ"),
    LogType(
      name: "weight", aliases: ["mass", "bodymass"], sampleType: "HKQuantityTypeIdentifierBodyMass", storedUnit: "kg",
      unit: "kg",
      units: [
        "kg": 1, "kgs": 1, "kilo": 1, "kilos": 1, "g": 0.001, "lb": 0.45359237, "lbs": 0.45359237, "pound": 0.45359237,
        "pounds": 0.45359237, "st": 6.35029318, "stone": 6.35029318, "stones": 6.35029318,
      ],
      followers: ["st": "lb", "stone": "lb", "stones": "lb"], range: 20...350,
      examples: "72.4kg, 160lb, 11 st 6 lb"),
    LogType(
      name: "mindful", aliases: ["meditation", "mindfulness"], sampleType: "HKCategoryTypeIdentifierMindfulSession",
      storedUnit: "", unit: "min",
      units: [
        "min": 1, "mins": 1, "minute": 1, "minutes": 1, "m": 1, "h": 60, "hr": 60, "hrs": 60, "hour": 60, "hours": 60,
        "s": 1.0 / 60, "sec": 1.0 / 60, "secs": 1.0 / 60, "seconds": 1.0 / 60,
      ],
      followers: ["h": "min", "hr": "min", "hrs": "min", "hour": "min", "hours": "min"], range: 1...720,
      dailyLimit: 720, shape: .session, examples: "15min, 1h30, 45 minutes"),
    LogType(
      name: "caffeine", aliases: ["coffee"], sampleType: "HKQuantityTypeIdentifierDietaryCaffeine", storedUnit: "mg",
      unit: "mg", units: ["mg": 1, "g": 1_000], range: 1...1_000, dailyLimit: 3_000, examples: "95mg, 0.2 g"),
    LogType(
      name: "bodyfat", aliases: ["fat", "body-fat"], sampleType: "HKQuantityTypeIdentifierBodyFatPercentage",
      storedUnit: "%", unit: "%", storedScale: 0.01, units: ["%": 1, "percent": 1], range: 2...75,
      examples: "22%, 22.5 %"),
    LogType(
      name: "bp", aliases: ["bloodpressure", "blood-pressure", "pressure"],
      sampleType: "HKQuantityTypeIdentifierBloodPressureSystolic", storedUnit: "mmHg", unit: "mmHg",
      units: ["mmhg": 1], range: 60...260, shape: .pressure, examples: "120/80, 135/85 mmHg"),
  ]

  /// The Health type of a blood pressure reading's second number.
  static let diastolicType = "HKQuantityTypeIdentifierBloodPressureDiastolic"
  /// Plausible diastolic values, in mmHg.
  static let diastolicRange: ClosedRange<Double> = 30...160

  /// The type called `name` (or one of its aliases), ignoring case.
  package static func named(_ name: String) -> LogType? {
    let key = name.lowercased()
    return all.first { $0.name == key || $0.aliases.contains(key) }
  }

  /// The Health types an entry of this type writes.
  var sampleTypes: [String] { shape == .pressure ? [sampleType, Self.diastolicType] : [sampleType] }

  /// A type; `storedScale` defaults to 1, `followers` to none, `shape` to a quantity.
  init(
    name: String, aliases: [String], sampleType: String, storedUnit: String, unit: String, storedScale: Double = 1,
    units: [String: Double], followers: [String: String] = [:], range: ClosedRange<Double>,
    dailyLimit: Double? = nil, shape: Shape = .quantity, examples: String
  ) {
    self.name = name
    self.aliases = aliases
    self.sampleType = sampleType
    self.storedUnit = storedUnit
    self.unit = unit
    self.storedScale = storedScale
    self.units = units
    self.followers = followers
    self.range = range
    self.dailyLimit = dailyLimit
    self.shape = shape
    self.examples = examples
  }
}
