/// A calendar day, independent of any time zone: days since 1970-01-01.
public struct CalendarDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// Days since 1970-01-01.
  public let ordinal: Int

  public init(ordinal: Int) {
    self.ordinal = ordinal
  }

  /// Parses `YYYY-MM-DD`.
  public init?(iso text: String) {
    guard let (year, month, day) = HealthDate.parseDay(text) else { return nil }
    let ordinal = Int(HealthDate.daysSinceEpoch(year: year, month: month, day: day))
    guard ExportTimestamp.day(Int64(ordinal)) == text else { return nil }
    self.ordinal = ordinal
  }

  /// `YYYY-MM-DD`.
  public var iso: String { ExportTimestamp.day(Int64(ordinal)) }

  public var description: String { iso }

  /// The day `count` days later (earlier when negative).
  public func adding(days count: Int) -> CalendarDay { CalendarDay(ordinal: ordinal + count) }

  /// Days from `self` to `other`.
  public func days(to other: CalendarDay) -> Int { other.ordinal - ordinal }

  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.ordinal < rhs.ordinal }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let day = CalendarDay(iso: text) else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a day: \(text)"))
    }
    self = day
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(iso)
  }
}
