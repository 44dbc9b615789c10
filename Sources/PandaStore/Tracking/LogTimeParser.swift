import Foundation
import PandaCore

/// Reads when something happened (`--at`): `now`, `today`, `yesterday`, `today 08:30`,
/// `yesterday 21:00`, `08:30`, `YYYY-MM-DD` and `YYYY-MM-DD HH:MM`, in the user's zone.
///
/// A day without a time means noon of that day (or now, when noon has not come yet today), so
/// the entry sits well inside the day whatever the daylight-saving rules. The future is refused.
package enum LogTimeParser {
  /// The instant `text` names, in seconds since 1970.
  package static func parse(_ text: String, now: Int64, zone: TimeZone) throws(TrackingError) -> Int64 {
    var words = text.lowercased().split(separator: " ").map(String.init)
    // `2025-06-01T08:30`, as ISO 8601 writes it.
    if words.count == 1, words[0].count == 16, let separator = words[0].firstIndex(of: "t") {
      words = [String(words[0][..<separator]), String(words[0][words[0].index(after: separator)...])]
    }
    let today = LocalDay.day(of: now, in: zone)
    let day: CalendarDay
    var clock: (hour: Int, minute: Int)?
    switch words.count {
    case 1:
      if words[0] == "now" || words[0] == "today" { return now }
      if let time = self.clock(words[0]) {
        day = today
        clock = time
      } else if let named = self.day(words[0], today: today) {
        day = named
      } else {
        throw .unreadableTime(text)
      }
    case 2:
      guard let named = self.day(words[0], today: today), let time = self.clock(words[1]) else {
        throw .unreadableTime(text)
      }
      day = named
      clock = time
    default:
      throw .unreadableTime(text)
    }
    let instant: Int64
    if let clock {
      guard let wall = wallInstant(day, hour: clock.hour, minute: clock.minute, zone: zone) else {
        throw .unreadableTime(text)
      }
      instant = wall
    } else {
      guard let noon = wallInstant(day, hour: 12, minute: 0, zone: zone) else { throw .unreadableTime(text) }
      instant = day == today ? min(noon, now) : noon
    }
    guard instant <= now else { throw .future(text) }
    return instant
  }

  private static func day(_ word: String, today: CalendarDay) -> CalendarDay? {
    switch word {
    case "today": today
    case "yesterday": today.adding(days: -1)
    default: CalendarDay(iso: word)
    }
  }

  private static func clock(_ word: String) -> (hour: Int, minute: Int)? {
    let parts = word.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
    else { return nil }
    return (hour, minute)
  }

  /// The instant a wall-clock time of `day` happens in `zone` (the earlier one in a repeated
  /// hour, the later side of a skipped one).
  private static func wallInstant(_ day: CalendarDay, hour: Int, minute: Int, zone: TimeZone) -> Int64? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let (year, month, dayOfMonth) = day.components
    let components = DateComponents(year: year, month: month, day: dayOfMonth, hour: hour, minute: minute)
    return calendar.date(from: components).map { Int64($0.timeIntervalSince1970) }
  }
}

extension LogTimeParser {
  /// `2025-06-01 21:30`, the wall-clock time of `instant` in `zone`.
  package static func text(_ instant: Int64, zone: TimeZone) -> String {
    String(iso(instant, zone: zone).prefix(16)).replacingOccurrences(of: "T", with: " ")
  }

  /// `2025-06-01T21:30:00-04:00`, ISO 8601 with the zone's offset at that instant.
  package static func iso(_ instant: Int64, zone: TimeZone) -> String {
    let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    let local = instant + Int64(offset)
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let seconds = Int(local - days * 86_400)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    let sign = offset < 0 ? "-" : "+"
    return CalendarDay(ordinal: Int(days)).iso
      + "T\(two(seconds / 3_600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
      + "\(sign)\(two(abs(offset) / 3_600)):\(two(abs(offset) / 60 % 60))"
  }
}
