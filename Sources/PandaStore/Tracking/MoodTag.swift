/// The tags a State of Mind entry puts on its day. Health keeps what a person says they felt
/// (State of Mind, iOS 18 and later) and Health Auto Export pushes it (`stateOfMind`): labels
/// (Calm, Stressed…), associations (Work, Family…) and a valence from −1 (very unpleasant) to 1
/// (very pleasant). Read conservatively, each is something the person logged:
/// - a label `Stressed` is the tag `mood-stressed`;
/// - an association `Work` is the tag `work`, the same tag as `panda log tag work`;
/// - a valence below 0 (the unpleasant half of Health's scale) is `mood-unpleasant`, above 0
///   `mood-pleasant`; a neutral 0 or no valence puts no tag.
enum MoodTag {
  /// The prefix of the tags from labels and valence.
  static let prefix = "mood-"

  /// The tag names of one entry, without repeats, in the order given: labels, then
  /// associations, then the valence's. Words that make no tag name are left out.
  static func names(labels: [String], associations: [String], valence: Double?) -> [String] {
    var names: [String] = []
    func add(_ name: String?) {
      guard let name, !names.contains(name) else { return }
      names.append(name)
    }
    for label in labels { add(tagName(label).map { prefix + $0 }) }
    for association in associations { add(tagName(association)) }
    if let valence, valence.isFinite, valence != 0 { add(prefix + (valence < 0 ? "unpleasant" : "pleasant")) }
    return names.filter { $0.count <= LogTag.maximumLength }
  }

  /// `words` as a tag's name: lowercase, words joined by hyphens, whether written "Current
  /// Events", "current_events" or "currentEvents"; `nil` when no letter or digit is left.
  static func tagName(_ words: String) -> String? {
    var parts: [String] = []
    var part = ""
    var previousWasLower = false
    for character in words {
      if character.isLetter || character.isNumber {
        if character.isUppercase && previousWasLower {
          parts.append(part)
          part = ""
        }
        part.append(contentsOf: character.lowercased())
        previousWasLower = character.isLowercase || character.isNumber
      } else {
        if !part.isEmpty { parts.append(part) }
        part = ""
        previousWasLower = false
      }
    }
    if !part.isEmpty { parts.append(part) }
    let name = parts.joined(separator: "-")
    return name.isEmpty ? nil : name
  }
}
