/// One thing logged by hand, as the log book keeps it.
package struct LogEntry: Sendable, Equatable {
  /// The stable id: never reused, kept by edits, restored by undoing a delete.
  package var id: Int64
  /// The `LogType` name (`water`).
  package var type: String
  /// The amount in the type's unit (systolic pressure for `bp`).
  package var value: Double
  /// The diastolic pressure of a `bp` entry.
  package var secondValue: Double?
  /// When it happened, in seconds since 1970 (the end of a mindful session).
  package var at: Int64
  /// Free text the user added.
  package var note: String?

  /// The entry's type, if panda still knows it.
  package var logType: LogType? { LogType.named(type) }
  /// The tag's name when the entry is a tag (`alcohol`), `nil` for an amount.
  package var tagName: String? { LogTag.name(ofType: type) }

  /// Creates a value from its stored properties.
  init(id: Int64, type: String, value: Double, secondValue: Double? = nil, at: Int64, note: String? = nil) {
    self.id = id
    self.type = type
    self.value = value
    self.secondValue = secondValue
    self.at = at
    self.note = note
  }
}
