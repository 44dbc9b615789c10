/// The last day with data, overall and per category, as of a day: what a report names when an
/// export is older than the days it analyses.
public struct DataRecency: Sendable, Equatable {
  /// The last day with any data on or before the day asked about.
  public var lastDay: CalendarDay?
  /// The last day with data of each category that has any.
  public var byCategory: [HealthCategory: CalendarDay]

  /// Reads the last day of every catalogue metric on or before `asOf`: one indexed lookup each.
  public static func load(database: Database, asOf: CalendarDay) throws -> DataRecency {
    var byCategory: [HealthCategory: CalendarDay] = [:]
    for metric in MetricCatalogue.all {
      let row = try database.firstRow(
        "SELECT max(day) AS last_day FROM daily_values WHERE metric = ? AND day <= ?",
        [.text(metric.id), .text(asOf.iso)])
      guard let day = row?.text("last_day").flatMap(CalendarDay.init(iso:)) else { continue }
      byCategory[metric.category] = max(byCategory[metric.category] ?? day, day)
    }
    return DataRecency(lastDay: byCategory.values.max(), byCategory: byCategory)
  }

  /// Lines a report prints when the data ends before `lastCompleteDay`: the last day with data,
  /// the categories that end earlier than that, and how to look at that time. Empty when the
  /// data is current.
  public func staleNotice(lastCompleteDay: CalendarDay) -> [String] {
    guard let lastDay, lastDay < lastCompleteDay else { return [] }
    let gap = lastDay.days(to: lastCompleteDay)
    var lines = [
      "Your data ends on \(lastDay.iso), \(DataGuidance.count(gap, "day")) before \(lastCompleteDay.iso); "
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
}
