import Foundation

/// Calendar days in a time zone, with its daylight-saving rules.
enum LocalDay {
  /// The `YYYY-MM-DD` day on which `instant` (seconds since 1970) falls in `zone`.
  static func string(_ instant: Int64, in zone: TimeZone) -> String {
    day(of: instant, in: zone).iso
  }

  /// The day on which `instant` falls in `zone`.
  static func day(of instant: Int64, in zone: TimeZone) -> CalendarDay {
    let offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
    let local = instant + offset
    return CalendarDay(ordinal: Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400))
  }

  /// The instant at which `day` starts in `zone`.
  static func start(of day: CalendarDay, in zone: TimeZone) -> Int64 {
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
  static func noon(of day: CalendarDay, in zone: TimeZone) -> Int64 {
    let wall = Int64(day.ordinal) * 86_400 + 43_200
    let first = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall))))
    return wall - Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall - first))))
  }
}

/// The local midnights of a run of days, so that instants can be put on days without asking the
/// time zone for every sample.
struct DayGrid: Sendable {
  /// The first day of the grid.
  let first: CalendarDay
  /// `boundaries[i]` is the instant day `first + i` starts; one more than there are days.
  let boundaries: [Int64]

  /// The zone the days are in.
  let zone: TimeZone

  init(from first: CalendarDay, through last: CalendarDay, zone: TimeZone) {
    self.first = first
    self.zone = zone
    boundaries = (0...max(0, first.days(to: last) + 1)).map { LocalDay.start(of: first.adding(days: $0), in: zone) }
  }

  /// How many days the grid covers.
  var count: Int { boundaries.count - 1 }

  /// The day at `index`.
  func day(_ index: Int) -> CalendarDay { first.adding(days: index) }

  /// The index of the day holding `instant`, or `nil` outside the grid.
  func index(of instant: Int64) -> Int? {
    guard let firstBoundary = boundaries.first, let lastBoundary = boundaries.last,
      instant >= firstBoundary, instant < lastBoundary
    else { return nil }
    var low = 0
    var high = boundaries.count - 1
    while high - low > 1 {
      let middle = (low + high) / 2
      if boundaries[middle] <= instant { low = middle } else { high = middle }
    }
    return low
  }

  /// The start of the day at `index` (the end of the grid for `count`).
  func start(_ index: Int) -> Int64 { boundaries[index] }
}
