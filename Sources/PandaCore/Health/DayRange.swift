/// The calendar days from `first` through `last`, never empty: the days a person asked about, or a
/// window of days looked at. Days are counted on the calendar, so a daylight-saving change inside
/// the range does not make a day more or less.
package struct DayRange: Hashable, Sendable, Sequence {
  /// The first day of the range.
  package let first: CalendarDay
  /// The last day of the range, on or after `first`.
  package let last: CalendarDay

  /// The days from `first` through `last`; `nil` when `last` comes before `first`.
  package init?(from first: CalendarDay, through last: CalendarDay) {
    guard first <= last else { return nil }
    self.first = first
    self.last = last
  }

  /// The `count` days that end on `last`; `count` is at least 1.
  package init(last: CalendarDay, count: Int) {
    self.first = last.adding(days: 1 - Swift.max(1, count))
    self.last = last
  }

  /// The days of a closed range, which is never empty.
  package init(_ days: ClosedRange<CalendarDay>) {
    first = days.lowerBound
    last = days.upperBound
  }

  /// The number of days, both ends included.
  package var count: Int { first.days(to: last) + 1 }

  /// Whether `day` lies in the range, both ends included.
  package func contains(_ day: CalendarDay) -> Bool { first <= day && day <= last }

  /// The same days as a closed range, for the code that takes one.
  package var closedRange: ClosedRange<CalendarDay> { first...last }

  /// The days in order, oldest first.
  package func makeIterator() -> Iterator { Iterator(day: first, last: last) }

  /// Walks the days of a range, oldest first.
  package struct Iterator: IteratorProtocol {
    fileprivate var day: CalendarDay
    fileprivate let last: CalendarDay

    /// The next day, or `nil` past the last.
    package mutating func next() -> CalendarDay? {
      guard day <= last else { return nil }
      defer { day = day.adding(days: 1) }
      return day
    }
  }

  /// The number of days, for `Array(range)` and friends.
  package var underestimatedCount: Int { count }
}
