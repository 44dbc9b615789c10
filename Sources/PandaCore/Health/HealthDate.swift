/// Parses the export's timestamps into seconds since 1970 (UTC).
///
/// Accepts `2019-06-17 21:07:11 -0400` (modern exports), `20151107171924+0100` (2015 exports) and
/// ISO 8601 forms (`2019-06-17T21:07:11Z`, `…+04:00`). The written offset is applied, so the
/// result is the true instant whatever the phone's zone was.
package enum HealthDate {
  static func parse(_ text: String) -> Int64? {
    var text = text
    return text.withUTF8 { parse(UnsafeBufferPointer(start: $0.baseAddress, count: $0.count)) }
  }

  package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    if bytes.count == 25, let instant = parseModern(bytes) { return instant }
    var reader = DigitReader(bytes: bytes)
    guard let year = reader.number(digits: 4) else { return nil }
    reader.skip("-")
    guard let month = reader.number(digits: 2) else { return nil }
    reader.skip("-")
    guard let day = reader.number(digits: 2) else { return nil }
    reader.skip(" ")
    reader.skip("T")
    guard let hour = reader.number(digits: 2) else { return nil }
    reader.skip(":")
    guard let minute = reader.number(digits: 2) else { return nil }
    reader.skip(":")
    guard let second = reader.number(digits: 2) else { return nil }
    reader.skipFraction()
    reader.skip(" ")
    guard let offset = reader.zoneOffset(), reader.isAtEnd else { return nil }
    guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60,
      second <= 60
    else {
      return nil
    }
    let days = daysSinceEpoch(year: year, month: month, day: day)
    return days * 86_400 + Int64(hour * 3_600 + minute * 60 + second) - Int64(offset)
  }

  /// The offset a timestamp was written with, in seconds east of UTC: `-0400`, `+0100`, `+04:00`
  /// or `Z` at its end; `nil` when it names none.
  package static func offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let count = bytes.count
    guard count > 0 else { return nil }
    if bytes[count - 1] == UInt8(ascii: "Z") { return 0 }
    func digit(_ index: Int) -> Int? {
      let value = bytes[index] &- 48
      return value < 10 ? Int(value) : nil
    }
    // `±HHMM` or `±HH:MM` at the end.
    let colon = count >= 6 && bytes[count - 3] == UInt8(ascii: ":")
    let signIndex = count - (colon ? 6 : 5)
    guard signIndex >= 0, bytes[signIndex] == UInt8(ascii: "+") || bytes[signIndex] == UInt8(ascii: "-"),
      let h1 = digit(signIndex + 1), let h2 = digit(signIndex + 2), let m1 = digit(count - 2), let m2 = digit(count - 1)
    else { return nil }
    let hours = h1 * 10 + h2
    let minutes = m1 * 10 + m2
    guard hours <= 18, minutes < 60 else { return nil }
    return (hours * 3_600 + minutes * 60) * (bytes[signIndex] == UInt8(ascii: "-") ? -1 : 1)
  }

  /// Where `2019-06-17 21:07:11 -0400` has digits: every position but 4, 7, 10, 13, 16, 19 and 20.
  private static let modernDigits: UInt32 =
    0x1FF_FFFF & ~(1 << 4 | 1 << 7 | 1 << 10 | 1 << 13 | 1 << 16 | 1 << 19 | 1 << 20)

  /// The modern form, three in every record, read at fixed positions; `nil` sends anything
  /// else to the general reader.
  private static func parseModern(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: " "),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: " "),
      bytes[20] == UInt8(ascii: "+") || bytes[20] == UInt8(ascii: "-")
    else { return nil }
    for index in 0..<25 where modernDigits & (1 << UInt32(index)) != 0 {
      guard bytes[index] &- 48 < 10 else { return nil }
    }
    func number(_ start: Int, _ count: Int) -> Int {
      var value = 0
      for index in start..<(start + count) { value = value * 10 + Int(bytes[index] &- 48) }
      return value
    }
    let year = number(0, 4)
    let month = number(5, 2)
    let day = number(8, 2)
    let hour = number(11, 2)
    let minute = number(14, 2)
    let second = number(17, 2)
    let offsetHours = number(21, 2)
    let offsetMinutes = number(23, 2)
    guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60,
      second <= 60, offsetHours <= 18, offsetMinutes < 60
    else { return nil }
    let offset = (offsetHours * 3_600 + offsetMinutes * 60) * (bytes[20] == UInt8(ascii: "-") ? -1 : 1)
    return daysSinceEpoch(year: year, month: month, day: day) * 86_400
      + Int64(hour * 3_600 + minute * 60 + second - offset)
  }

  /// The number of days in `month` of `year`.
  package static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Parses a calendar day (`2024-05-01`) into its year, month and day.
  package static func parseDay(_ text: String) -> (year: Int, month: Int, day: Int)? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    return (year, month, day)
  }

  /// Days from 1970-01-01 to the given proleptic Gregorian date.
  package static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return Int64(era * 146_097 + dayOfEra - 719_468)
  }
}

extension HealthDate {
  private struct DigitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func number(digits: Int) -> Int? {
      guard index + digits <= bytes.count else { return nil }
      var value = 0
      for offset in 0..<digits {
        let digit = Int(bytes[index + offset]) - 48
        guard (0...9).contains(digit) else { return nil }
        value = value * 10 + digit
      }
      index += digits
      return value
    }

    mutating func skip(_ character: Unicode.Scalar) {
      if index < bytes.count && bytes[index] == UInt8(ascii: character) { index += 1 }
    }

    mutating func skipFraction() {
      guard index < bytes.count, bytes[index] == UInt8(ascii: ".") else { return }
      index += 1
      while index < bytes.count && (48...57).contains(bytes[index]) { index += 1 }
    }

    /// `+HHMM`, `-HHMM`, `+HH:MM`, `Z`, or nothing (UTC), in seconds east of UTC.
    mutating func zoneOffset() -> Int? {
      guard index < bytes.count else { return 0 }
      if bytes[index] == UInt8(ascii: "Z") {
        index += 1
        return 0
      }
      let sign: Int
      switch bytes[index] {
      case UInt8(ascii: "+"): sign = 1
      case UInt8(ascii: "-"): sign = -1
      default: return nil
      }
      index += 1
      guard let hours = number(digits: 2) else { return nil }
      skip(":")
      guard let minutes = number(digits: 2), hours <= 18, minutes < 60 else { return nil }
      return sign * (hours * 3_600 + minutes * 60)
    }
  }
}
