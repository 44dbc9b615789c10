import PandaCore

/// The days a period compares: the current window and the baseline before it.
struct TrendWindows: Sendable, Equatable, Codable {
  let current: ClosedRange<CalendarDay>
  let baseline: ClosedRange<CalendarDay>

  /// Any two stretches of days: `current`, compared with `baseline`.
  init(current: ClosedRange<CalendarDay>, baseline: ClosedRange<CalendarDay>) {
    self.current = current
    self.baseline = baseline
  }

  /// The windows of `period` ending on `lastDay`, the latest complete day.
  package static func of(period: InsightPeriod, lastDay: CalendarDay) -> TrendWindows {
    let currentStart = lastDay.adding(days: 1 - period.currentDays)
    return TrendWindows(
      current: currentStart...lastDay,
      baseline: currentStart.adding(days: -period.baselineDays)...currentStart.adding(days: -1))
  }
}
