import Foundation
import PandaCore

/// `--from` and `--to` for a command whose days may be open at either end (`export`, `log list`):
/// the first and last day asked for, each `nil` when left out.
struct DayBounds: Equatable, Sendable {
  /// The first day asked for; `nil` for no limit.
  var from: CalendarDay?
  /// The last day asked for, included; `nil` for no limit.
  var to: CalendarDay?

  /// The same limits as instants in `zone`: the start of `from`, and the start of the day after
  /// `to` (the first instant no longer included).
  func instants(in zone: TimeZone) -> (from: Int64?, to: Int64?) {
    (
      from.map { LocalDay.start(of: $0, in: zone) },
      to.map { LocalDay.start(of: $0.adding(days: 1), in: zone) }
    )
  }
}
