/// The symptoms the Health app records (`HKCategoryTypeIdentifier…`), with the names panda shows
/// and tests them under: `HKCategoryTypeIdentifierSoreThroat` is `sore-throat`.
public enum SymptomType {
  /// The prefix of every symptom's Health type identifier.
  static let identifierPrefix = "HKCategoryTypeIdentifier"

  /// The symptom types, by the part of the identifier after the prefix.
  static let kinds = [
    "AbdominalCramps", "Acne", "AppetiteChanges", "BladderIncontinence", "Bloating", "BreastPain",
    "ChestTightnessOrPain", "Chills", "Constipation", "Coughing", "Diarrhea", "Dizziness", "DrySkin", "Fainting",
    "Fatigue", "Fever", "GeneralizedBodyAche", "HairLoss", "Headache", "Heartburn", "HotFlashes", "LossOfSmell",
    "LossOfTaste", "LowerBackPain", "MemoryLapse", "MoodChanges", "Nausea", "NightSweats", "PelvicPain",
    "RapidPoundingOrFlutteringHeartbeat", "RunnyNose", "ShortnessOfBreath", "SinusCongestion",
    "SkippedHeartbeat", "SleepChanges", "SoreThroat", "VaginalDryness", "Vomiting", "Wheezing",
  ]

  /// Every symptom's Health type identifier.
  public static let identifiers: [String] = kinds.map { identifierPrefix + $0 }

  /// The name of the symptom `identifier` stands for (`sore-throat`), `nil` for another type.
  public static func name(of identifier: String) -> String? {
    guard identifier.hasPrefix(identifierPrefix) else { return nil }
    let kind = String(identifier.dropFirst(identifierPrefix.count))
    guard kinds.contains(kind) else { return nil }
    var name = ""
    for character in kind {
      if character.isUppercase && !name.isEmpty { name.append("-") }
      name.append(Character(character.lowercased()))
    }
    return name
  }

  /// Whether a record's category value says the symptom was there: Health also records a
  /// symptom as "not present" (`HKCategoryValueSeverityNotPresent`,
  /// `HKCategoryValuePresenceNotPresent`).
  static func isPresent(category: String?) -> Bool {
    guard let category else { return true }
    return !category.hasSuffix("NotPresent")
  }
}
