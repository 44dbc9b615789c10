/// A tag logged by hand (`panda log tag alcohol`): something done or felt on a day, with no
/// amount. Kept in the log book as an entry of type `tag:NAME`, so that it is listed, edited,
/// deleted and undone like any other entry; it writes no samples.
package enum LogTag {
  /// The prefix of a tag entry's type.
  static let prefix = "tag:"
  /// The names suggested in help; any other name is accepted too.
  package static let suggested = ["alcohol", "caffeine-late", "late-meal", "travel", "sauna", "stress", "sick"]
  /// The longest name accepted, in characters.
  static let maximumLength = 40

  /// `name` as panda keeps it: lowercase, words joined by hyphens (`Late Meal` → `late-meal`).
  package static func normalised(_ name: String) throws(TrackingError) -> String {
    var words: [String] = []
    var word = ""
    for character in name.lowercased() {
      if character.isLetter || character.isNumber {
        word.append(character)
      } else if character == " " || character == "-" || character == "_" {
        if !word.isEmpty { words.append(word) }
        word = ""
      } else {
        throw .unreadableTag(name)
      }
    }
    if !word.isEmpty { words.append(word) }
    let normalised = words.joined(separator: "-")
    guard !normalised.isEmpty, normalised.count <= maximumLength else { throw .unreadableTag(name) }
    return normalised
  }

  /// The entry type of the tag `name` (already normalised).
  static func entryType(_ name: String) -> String { prefix + name }

  /// The tag's name when `type` is a tag entry's type.
  package static func name(ofType type: String) -> String? {
    type.hasPrefix(prefix) ? String(type.dropFirst(prefix.count)) : nil
  }
}
