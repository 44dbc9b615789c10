/// One thing logged by hand, as the log book keeps it.
public struct LogEntry: Sendable, Equatable {
  /// The stable id: never reused, kept by edits, restored by undoing a delete.
  public var id: Int64
  /// The `LogType` name (`water`).
  public var type: String
  /// The amount in the type's unit (systolic pressure for `bp`).
  public var value: Double
  /// The diastolic pressure of a `bp` entry.
  public var secondValue: Double?
  /// When it happened, in seconds since 1970 (the end of a mindful session).
  public var at: Int64
  /// Free text the user added.
  public var note: String?

  /// The entry's type, if panda still knows it.
  public var logType: LogType? { LogType.named(type) }
  /// The tag's name when the entry is a tag (`alcohol`), `nil` for an amount.
  public var tagName: String? { LogTag.name(ofType: type) }
}
