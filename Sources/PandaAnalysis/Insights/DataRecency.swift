import Foundation
import PandaCore
import PandaStore

/// The last day with data, overall and per category, as of a day: what a report names when an
/// export is older than the days it analyses.
package struct DataRecency: Sendable, Equatable {
  /// The last day with any data on or before the day asked about.
  package var lastDay: CalendarDay?
  /// The last day with data of each category that has any.
  var byCategory: [HealthCategory: CalendarDay]

  /// Reads the last day of every catalogue metric on or before `asOf`: one indexed lookup each.
  /// Days after the last recorded (imported or received) sample in `zone` do not count: an entry
  /// logged by hand today does not make an old export's data end today.
  package static func load(database: Database, asOf: CalendarDay, zone: TimeZone) throws -> DataRecency {
    let recorded = try lastRecordedDay(database: database, zone: zone)
    let through = recorded.map { min($0, asOf) } ?? asOf
    var byCategory: [HealthCategory: CalendarDay] = [:]
    let reader = DailyValueReader(database: database)
    for metric in MetricCatalogue.all {
      guard let day = try reader.lastDay(metric: metric.id, onOrBefore: through) else { continue }
      byCategory[metric.category] = max(byCategory[metric.category] ?? day, day)
    }
    return DataRecency(lastDay: byCategory.values.max(), byCategory: byCategory)
  }

  /// The last day with data as of `today`: what `latest` names in a date option. `nil` when
  /// nothing has been imported.
  package static func latestDay(database: Database, today: CalendarDay, zone: TimeZone) throws -> CalendarDay? {
    try load(database: database, asOf: today, zone: zone).lastDay
  }

  /// The day in `zone` of the last sample not logged by hand (logged samples belong to import
  /// 0), imported or pushed, `nil` when there is none: one index walk per sample type.
  static func lastRecordedDay(database: Database, zone: TimeZone) throws -> CalendarDay? {
    let imported = try SampleTable(database: database).latestImportedStart()
    let pushed = try PushedSampleTable(database: database).latestStart()
    guard let last = [imported, pushed].compactMap({ $0 }).max() else { return nil }
    return LocalDay.day(of: last, in: zone)
  }

  /// Lines a report prints when the data ends before `lastCompleteDay`: the last day with data,
  /// the categories that end earlier than that, and how to look at that time. Empty when the
  /// data is current.
  package func staleNotice(lastCompleteDay: CalendarDay) -> [String] {
    guard let lastDay, lastDay < lastCompleteDay else { return [] }
    let gap = lastDay.days(to: lastCompleteDay)
    var lines = [
      "Your data ends on \(lastDay.iso), \(gap.counted("day")) before \(lastCompleteDay.iso); "
        + "panda insights --as-of \(lastDay.adding(days: 1).iso) looks at that time."
    ]
    let earlier = HealthCategory.analysed.compactMap { category -> String? in
      guard let day = byCategory[category], day < lastDay else { return nil }
      return "\(category.displayName) \(day.iso)"
    }
    if !earlier.isEmpty {
      lines.append("Some categories end earlier: " + earlier.joined(separator: ", ") + ".")
    }
    return lines
  }

  /// Creates a value from its stored properties.
  init(lastDay: CalendarDay? = nil, byCategory: [HealthCategory: CalendarDay]) {
    self.lastDay = lastDay
    self.byCategory = byCategory
  }
}
