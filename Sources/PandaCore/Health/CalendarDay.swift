/// A calendar day, independent of any time zone: days since 1970-01-01.
package struct CalendarDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// Days since 1970-01-01.
  package let ordinal: Int

  package init(ordinal: Int) {
    self.ordinal = ordinal
  }

  /// Parses `YYYY-MM-DD`.
  package init?(iso text: String) {
    guard let (year, month, day) = HealthDate.parseDay(text) else { return nil }
    let ordinal = Int(HealthDate.daysSinceEpoch(year: year, month: month, day: day))
    self.ordinal = ordinal
    guard iso == text else { return nil }
  }

  /// `YYYY-MM-DD`, the year in four digits (`0001`).
  package var iso: String {
    let (year, month, day) = components
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    let digits = String(year)
    let fourDigitYear =
      (0..<1_000).contains(year) ? String(repeating: "0", count: 4 - digits.count) + digits : digits
    return "\(fourDigitYear)-\(two(month))-\(two(day))"
  }

  /// The proleptic Gregorian year, month and day of the month; the inverse of
  /// `HealthDate.daysSinceEpoch`.
  package var components: (year: Int, month: Int, day: Int) {
    let shifted = ordinal + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  package var description: String { iso }

  /// The day `count` days later (earlier when negative).
  package func adding(days count: Int) -> CalendarDay { CalendarDay(ordinal: ordinal + count) }

  /// Days from `self` to `other`.
  package func days(to other: CalendarDay) -> Int { other.ordinal - ordinal }

  package static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.ordinal < rhs.ordinal }

  package init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let day = CalendarDay(iso: text) else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a day: \(text)"))
    }
    self = day
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(iso)
  }
}
