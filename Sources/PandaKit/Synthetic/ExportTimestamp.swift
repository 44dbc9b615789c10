/// Formats instants the way the export writes them: `2024-05-01 07:30:00 +0200`.
struct ExportTimestamp {
  /// The export-time offset written after every timestamp, in seconds east of UTC.
  let offsetSeconds: Int

  func format(_ instant: Int64) -> String {
    let local = instant + Int64(offsetSeconds)
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let secondsOfDay = Int(local - days * 86_400)
    let (year, month, day) = Self.civil(fromDays: days)
    let sign = offsetSeconds < 0 ? "-" : "+"
    let offset = abs(offsetSeconds)
    return "\(four(year))-\(two(month))-\(two(day)) \(two(secondsOfDay / 3_600)):\(two(secondsOfDay / 60 % 60)):"
      + "\(two(secondsOfDay % 60)) \(sign)\(two(offset / 3_600))\(two(offset / 60 % 60))"
  }

  /// The calendar day (`2024-05-01`) of a count of days since 1970-01-01.
  static func day(_ days: Int64) -> String {
    let (year, month, day) = civil(fromDays: days)
    return "\(four(year))-\(two(month))-\(two(day))"
  }

  /// The inverse of `HealthDate.daysSinceEpoch`.
  static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
    let shifted = Int(days) + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

private func two(_ value: Int) -> String {
  value < 10 ? "0\(value)" : String(value)
}

/// A year in four digits (`0001`), as ISO 8601 writes it.
private func four(_ value: Int) -> String {
  guard (0..<1_000).contains(value) else { return String(value) }
  let digits = String(value)
  return String(repeating: "0", count: 4 - digits.count) + digits
}
