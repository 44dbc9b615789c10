import PandaCore

/// Something that happened on a day and is not a measurement: a tag logged by hand
/// (`panda log tag alcohol`) or a symptom Health records (`HKCategoryTypeIdentifierHeadache`).
package struct DayEvent: Sendable, Hashable, Codable {
  /// Where the event comes from.
  package enum Kind: String, Sendable, Hashable, Codable {
    /// Logged by hand with `panda log tag`.
    case tag
    /// A symptom record from Health.
    case symptom
  }

  /// The day it happened on, in the person's zone.
  package var day: CalendarDay
  package var kind: Kind
  /// The tag's or symptom's name: `alcohol`, `sore-throat`.
  package var name: String

  package init(day: CalendarDay, kind: Kind, name: String) {
    self.day = day
    self.kind = kind
    self.name = name
  }

  /// The key a tag or symptom is tested and listed under: `tag:alcohol`, `symptom:headache`.
  package var key: String { "\(kind.rawValue):\(name)" }

  /// The words for it in a sentence: "you logged alcohol", "Health has headache" (a symptom in
  /// the words the warnings use for it: "Health has body ache").
  package var phrase: String {
    switch kind {
    case .tag: "you logged \(name)"
    case .symptom: "Health has \(SymptomType.named(name)?.displayName ?? name.replacingOccurrences(of: "-", with: " "))"
    }
  }
}
