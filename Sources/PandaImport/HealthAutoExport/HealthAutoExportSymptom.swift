import PandaCore

/// How Health Auto Export writes a symptom (its `symptoms` array: `{"start", "end", "name":
/// "Headache", "severity": "Moderate", "source"}`) in the type and value encoding of the Health
/// export, so that a pushed symptom is the same record as an exported one.
enum HealthAutoExportSymptom {
  /// The symptom type the app's `name` stands for: Health's words for it ("Sore Throat", "Body
  /// and Muscle Ache"), its type identifier, or panda's name (`sore-throat`); case, spaces and
  /// punctuation aside. `nil` for a name that is not one of Health's symptoms.
  static func type(named name: String) -> SymptomType? {
    let key = folded(name)
    if let alias = aliases[key] { return SymptomType.withIdentifier(SymptomType.identifierPrefix + alias) }
    return byFoldedKind[key.hasPrefix(prefix) ? String(key.dropFirst(prefix.count)) : key]
  }

  /// The Health export's category value for the app's `severity` of a symptom of `type`: Mild,
  /// Moderate, Severe, Unspecified or Not Present for most (`HKCategoryValueSeverity…`), Present
  /// or Not Present for mood and sleep changes (`HKCategoryValuePresence…`), and No Change,
  /// Decreased or Increased for appetite changes. No severity is an unspecified one. `nil` for
  /// words panda does not know: such a record is skipped rather than guessed present.
  static func category(severity: String?, for type: SymptomType) -> String? {
    let word = severity.map(folded) ?? ""
    switch type.kind {
    case "MoodChanges", "SleepChanges":
      switch word {
      case "", "present", "unspecified", "mild", "moderate", "severe": return "HKCategoryValuePresencePresent"
      case "notpresent": return "HKCategoryValuePresenceNotPresent"
      default: return nil
      }
    case "AppetiteChanges":
      let values = [
        "": "Unspecified", "unspecified": "Unspecified", "nochange": "NoChange", "decreased": "Decreased",
        "increased": "Increased",
      ]
      return values[word].map { "HKCategoryValueAppetiteChanges" + $0 }
    default:
      let values = [
        "": "Unspecified", "unspecified": "Unspecified", "present": "Unspecified", "notpresent": "NotPresent",
        "mild": "Mild", "moderate": "Moderate", "severe": "Severe",
      ]
      return values[word].map { "HKCategoryValueSeverity" + $0 }
    }
  }

  private static let prefix = folded(SymptomType.identifierPrefix)

  /// Health's words for a symptom where they are not its identifier's.
  private static let aliases = ["bodyandmuscleache": "GeneralizedBodyAche"]

  private static let byFoldedKind = Dictionary(uniqueKeysWithValues: SymptomType.all.map { (folded($0.kind), $0) })

  /// Letters and digits only, lowercased: "Sore Throat", "sore_throat" and "SoreThroat" alike.
  private static func folded(_ text: String) -> String {
    String(text.lowercased().filter { $0.isLetter || $0.isNumber })
  }
}
