import Foundation

/// The local midnights of a run of days, so that instants can be put on days without asking the
/// time zone for every sample.
package struct DayGrid: Sendable {
  /// The first day of the grid.
  package let first: CalendarDay
  /// `boundaries[i]` is the instant day `first + i` starts; one more than there are days.
  let boundaries: [Int64]

  /// The zone the days are in.
  package let zone: TimeZone

  package init(from first: CalendarDay, through last: CalendarDay, zone: TimeZone) {
    self.first = first
    self.zone = zone
    boundaries = (0...max(0, first.days(to: last) + 1)).map { LocalDay.start(of: first.adding(days: $0), in: zone) }
  }

  /// How many days the grid covers.
  package var count: Int { boundaries.count - 1 }

  /// The day at `index`.
  package func day(_ index: Int) -> CalendarDay { first.adding(days: index) }

  /// The index of the day holding `instant`, or `nil` outside the grid.
  package func index(of instant: Int64) -> Int? {
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
  package func start(_ index: Int) -> Int64 { boundaries[index] }
}
