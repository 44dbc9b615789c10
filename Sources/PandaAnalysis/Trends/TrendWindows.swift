import PandaCore

/// The days a period compares: the current window and the baseline before it.
package struct TrendWindows: Sendable, Equatable, Codable {
  package let current: ClosedRange<CalendarDay>
  package let baseline: ClosedRange<CalendarDay>

  /// The windows ending on `lastDay`, the latest complete day.
  package init(period: InsightPeriod, lastDay: CalendarDay) {
    let currentStart = lastDay.adding(days: 1 - period.currentDays)
    current = currentStart...lastDay
    baseline = currentStart.adding(days: -period.baselineDays)...currentStart.adding(days: -1)
  }

  /// Any two stretches of days: `current`, compared with `baseline`.
  init(current: ClosedRange<CalendarDay>, baseline: ClosedRange<CalendarDay>) {
    self.current = current
    self.baseline = baseline
  }
}
