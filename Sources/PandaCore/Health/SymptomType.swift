/// A symptom the Health app records (`HKCategoryTypeIdentifier…`). `SymptomType.all` is panda's one
/// catalogue of them: the name panda lists and tests each under (`sore-throat`), its words in a
/// sentence ("sore throat") and whether it goes with an illness, the mark the early warnings read
/// symptoms by. The day events (tags and relations) use every one.
package struct SymptomType: Sendable, Hashable {
  /// The part of the type identifier after the prefix: `SoreThroat`.
  package let kind: String
  /// Its words in a sentence: "sore throat", "body ache".
  package let displayName: String
  /// Whether it goes with an illness (fever, coughing…) and so counts as evidence in the early
  /// warnings. Symptoms of the menstrual cycle itself (cramps, bloating, breast pain, mood
  /// changes) and the others are not marked.
  let isIllness: Bool

  private init(_ kind: String, illness: Bool = false, displayName: String? = nil) {
    self.kind = kind
    self.isIllness = illness
    self.displayName = displayName ?? Self.hyphenated(kind).replacingOccurrences(of: "-", with: " ")
  }

  /// The prefix of every symptom's Health type identifier.
  package static let identifierPrefix = "HKCategoryTypeIdentifier"

  /// Every symptom type, in the order of their identifiers.
  package static let all: [SymptomType] = [
    SymptomType("AbdominalCramps"), SymptomType("Acne"), SymptomType("AppetiteChanges"),
    SymptomType("BladderIncontinence"), SymptomType("Bloating"), SymptomType("BreastPain"),
    SymptomType("ChestTightnessOrPain", illness: true, displayName: "chest tightness"),
    SymptomType("Chills", illness: true), SymptomType("Constipation"), SymptomType("Coughing", illness: true),
    SymptomType("Diarrhea", illness: true), SymptomType("Dizziness"), SymptomType("DrySkin"),
    SymptomType("Fainting"), SymptomType("Fatigue", illness: true), SymptomType("Fever", illness: true),
    SymptomType("GeneralizedBodyAche", illness: true, displayName: "body ache"), SymptomType("HairLoss"),
    SymptomType("Headache", illness: true), SymptomType("Heartburn"), SymptomType("HotFlashes"),
    SymptomType("LossOfSmell", illness: true), SymptomType("LossOfTaste", illness: true),
    SymptomType("LowerBackPain"), SymptomType("MemoryLapse"), SymptomType("MoodChanges"),
    SymptomType("Nausea", illness: true), SymptomType("NightSweats"), SymptomType("PelvicPain"),
    SymptomType("RapidPoundingOrFlutteringHeartbeat"), SymptomType("RunnyNose", illness: true),
    SymptomType("ShortnessOfBreath", illness: true), SymptomType("SinusCongestion", illness: true),
    SymptomType("SkippedHeartbeat"), SymptomType("SleepChanges"), SymptomType("SoreThroat", illness: true),
    SymptomType("VaginalDryness"), SymptomType("Vomiting", illness: true), SymptomType("Wheezing", illness: true),
  ]

  /// The symptoms that go with an illness.
  package static let illnesses: [SymptomType] = all.filter(\.isIllness)

  /// Every symptom's Health type identifier.
  static let identifiers: [String] = all.map(\.identifier)

  private static let byIdentifier = Dictionary(uniqueKeysWithValues: all.map { ($0.identifier, $0) })
  private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

  /// Its Health type identifier: `HKCategoryTypeIdentifierSoreThroat`.
  package var identifier: String { Self.identifierPrefix + kind }

  /// The name panda lists and tests it under: `sore-throat`.
  package var name: String { Self.hyphenated(kind) }

  /// The symptom type `identifier` stands for, `nil` for another type.
  package static func withIdentifier(_ identifier: String) -> SymptomType? { byIdentifier[identifier] }

  /// The symptom type panda names `name` (`sore-throat`), `nil` for another name.
  package static func named(_ name: String) -> SymptomType? { byName[name] }

  /// The name of the symptom `identifier` stands for (`sore-throat`), `nil` for another type.
  package static func name(of identifier: String) -> String? { withIdentifier(identifier)?.name }

  /// Whether a record's category value says the symptom was there: Health also records a
  /// symptom as "not present" (`HKCategoryValueSeverityNotPresent`,
  /// `HKCategoryValuePresenceNotPresent`).
  package static func isPresent(category: String?) -> Bool {
    guard let category else { return true }
    return !category.hasSuffix("NotPresent")
  }

  /// `SoreThroat` as `sore-throat`.
  private static func hyphenated(_ kind: String) -> String {
    var name = ""
    for character in kind {
      if character.isUppercase && !name.isEmpty { name.append("-") }
      name.append(Character(character.lowercased()))
    }
    return name
  }
}
