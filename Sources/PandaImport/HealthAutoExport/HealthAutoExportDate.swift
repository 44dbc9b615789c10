import Foundation
import PandaCore

/// Parses Health Auto Export's timestamps: `2024-03-14 00:02:00 -0400`, the 12-hour form phones
/// set to it send (`2024-09-21 7:57:00 am +1000`, with a space or U+202F before am/pm), ISO 8601
/// (`2024-03-14T00:02:00-04:00`, `…Z`), and a bare day (`2024-03-14`), which is taken as local
/// midnight in the zone days are counted in.
enum HealthAutoExportDate {
  /// An instant and the offset from UTC it was written with, in seconds.
  struct Stamp: Equatable, Sendable {
    var instant: Int64
    var offset: Int
  }

  static func parse(_ text: String, zone: TimeZone) -> Stamp? {
    let bytes = Array(text.utf8)
    var index = 0
    func number(maximumDigits: Int, minimumDigits: Int = 1) -> Int? {
      var value = 0
      var digits = 0
      while index < bytes.count, digits < maximumDigits, (48...57).contains(bytes[index]) {
        value = value * 10 + Int(bytes[index] - 48)
        index += 1
        digits += 1
      }
      return digits >= minimumDigits ? value : nil
    }
    func skip(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }
    func skipSpaces() {
      while index < bytes.count {
        if bytes[index] == 0x20 {
          index += 1
        } else if bytes[index...].starts(with: [0xE2, 0x80, 0xAF]) || bytes[index...].starts(with: [0xC2, 0xA0]) {
          // U+202F NARROW NO-BREAK SPACE and U+00A0, which iOS puts before am/pm.
          index += bytes[index] == 0xE2 ? 3 : 2
        } else {
          return
        }
      }
    }
    guard let year = number(maximumDigits: 4, minimumDigits: 4), skip(UInt8(ascii: "-")),
      let month = number(maximumDigits: 2), skip(UInt8(ascii: "-")), let day = number(maximumDigits: 2),
      (1...12).contains(month), (1...HealthDate.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    let days = HealthDate.daysSinceEpoch(year: year, month: month, day: day)
    skipSpaces()
    if index == bytes.count {
      let start = LocalDay.start(of: CalendarDay(ordinal: Int(days)), in: zone)
      return Stamp(instant: start, offset: zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(start))))
    }
    _ = skip(UInt8(ascii: "T"))
    guard var hour = number(maximumDigits: 2), skip(UInt8(ascii: ":")), let minute = number(maximumDigits: 2),
      minute < 60
    else { return nil }
    var second = 0
    if skip(UInt8(ascii: ":")) {
      guard let value = number(maximumDigits: 2), value <= 60 else { return nil }
      second = value
      if skip(UInt8(ascii: ".")) { _ = number(maximumDigits: 9) }
    }
    skipSpaces()
    if index + 1 < bytes.count, bytes[index + 1] | 0x20 == UInt8(ascii: "m"),
      [UInt8(ascii: "a"), UInt8(ascii: "p")].contains(bytes[index] | 0x20)
    {
      guard (1...12).contains(hour) else { return nil }
      let isAfternoon = bytes[index] | 0x20 == UInt8(ascii: "p")
      hour = hour % 12 + (isAfternoon ? 12 : 0)
      index += 2
      skipSpaces()
    }
    guard hour < 24 else { return nil }
    let offset: Int
    if skip(UInt8(ascii: "Z")) {
      offset = 0
    } else {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else {
        return nil
      }
      let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      index += 1
      guard let hours = number(maximumDigits: 2, minimumDigits: 2) else { return nil }
      _ = skip(UInt8(ascii: ":"))
      let minutes = number(maximumDigits: 2, minimumDigits: 2) ?? 0
      guard hours <= 14, minutes < 60 else { return nil }
      offset = sign * (hours * 3_600 + minutes * 60)
    }
    guard index == bytes.count else { return nil }
    let instant = days * 86_400 + Int64(hour * 3_600 + minute * 60 + second) - Int64(offset)
    return Stamp(instant: instant, offset: offset)
  }
}
