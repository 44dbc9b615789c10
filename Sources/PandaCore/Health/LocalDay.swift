import Foundation

/// Calendar days in a time zone, with its daylight-saving rules.
package enum LocalDay {
  /// The `YYYY-MM-DD` day on which `instant` (seconds since 1970) falls in `zone`.
  package static func string(_ instant: Int64, in zone: TimeZone) -> String {
    day(of: instant, in: zone).iso
  }

  /// The day on which `instant` falls in `zone`.
  package static func day(of instant: Int64, in zone: TimeZone) -> CalendarDay {
    let offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
    let local = instant + offset
    return CalendarDay(ordinal: Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400))
  }

  /// The instant at which `day` starts in `zone`.
  package static func start(of day: CalendarDay, in zone: TimeZone) -> Int64 {
    let wall = Int64(day.ordinal) * 86_400
    let first = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall))))
    let second = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall - first))))
    let start = wall - second
    // Where the clocks jump from 23:59:59 to 01:00 (America/Santiago, America/Havana) midnight
    // never happens and `start` lands on the evening before: the day starts at the jump.
    if Self.day(of: start, in: zone) < day,
      let jump = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(start)))
    {
      let instant = Int64(jump.timeIntervalSince1970.rounded(.up))
      if Self.day(of: instant, in: zone) == day { return instant }
    }
    return start
  }
}

extension LocalDay {
  /// The instant of local noon on `day` in `zone` (clocks change at night, so noon always exists).
  package static func noon(of day: CalendarDay, in zone: TimeZone) -> Int64 {
    let wall = Int64(day.ordinal) * 86_400 + 43_200
    let first = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall))))
    return wall - Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall - first))))
  }
}
