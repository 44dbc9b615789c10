import PandaCore

/// One State of Mind entry from Health Auto Export (its `stateOfMind` array, iOS 18 and later):
/// what the person said they felt, kept as sent. Its labels and associations become tags of its
/// day when the day events are read.
struct HealthAutoExportStateOfMind: Sendable, Equatable {
  /// The app's id of the entry; entries sent without one are known by their start and kind.
  var id: String
  var start: Int64
  var end: Int64
  /// `mood` (the day's mood) or a momentary emotion, as the app names it.
  var kind: String?
  /// From −1 (very unpleasant) to 1 (very pleasant).
  var valence: Double?
  /// How the person felt: `Calm`, `Stressed`…
  var labels: [String]
  /// What it was about: `Work`, `Family`…
  var associations: [String]

  /// The most labels or associations an entry keeps; Health offers a few dozen of each.
  static let wordLimit = 64

  /// `words` as the JSON array the database keeps.
  static func json(_ words: [String]) -> String {
    var text = "["
    for (index, word) in words.enumerated() {
      if index > 0 { text += "," }
      JSONText.appendString(word, to: &text)
    }
    return text + "]"
  }
}
