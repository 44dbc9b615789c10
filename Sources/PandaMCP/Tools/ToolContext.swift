import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// What every tool answers from: the database (opened read-only), the day that counts as today,
/// and the settings the command line would use.
package final class ToolContext {
  /// The database, read-only.
  let database: Database
  /// The time zone and source priority of the daily values.
  let daily: DailyContext
  /// The day that counts as today: no date after it is accepted.
  package let today: CalendarDay
  /// The units the insights' sentences are written in; figures stay in the catalogue's units.
  let units: DisplayUnits
  /// The daily goals set, shown with the insights.
  let goals: [GoalTarget]

  /// - Parameters:
  ///   - today: the latest day a caller may name (the real today, or `--as-of`).
  package init(
    database: Database, daily: DailyContext, today: CalendarDay, units: DisplayUnits = .metric,
    goals: [GoalTarget] = []
  ) {
    self.database = database
    self.daily = daily
    self.today = today
    self.units = units
    self.goals = goals
  }
}
