import Foundation
import PandaCore
import PandaStore

extension StatusCommand {
  /// Every tag and symptom with its days, most days first; `nil` when there is none.
  static func eventCounts(_ database: Database, zone: TimeZone) throws -> [StatusReport.DayEventCount]? {
    let events = try DayEventReader(database: database, zone: zone).events(
      from: CalendarDay(ordinal: 0), through: CalendarDay(ordinal: 200 * 366))
    guard !events.isEmpty else { return nil }
    return Dictionary(grouping: events, by: \.key).values.compactMap { group -> StatusReport.DayEventCount? in
      guard let first = group.first, let last = group.last else { return nil }
      return StatusReport.DayEventCount(
        kind: first.kind.rawValue, name: first.name, days: group.count, first: first.day.iso, last: last.day.iso)
    }
    .sorted { ($1.days, $0.kind, $0.name) < ($0.days, $1.kind, $1.name) }
  }

  /// "Tags and symptoms (days): …", one line each; nothing when there are none.
  static func eventsText(_ report: StatusReport) -> String {
    guard let counts = report.dayEvents, !counts.isEmpty else { return "" }
    var text = "\nTags and symptoms (panda series tags lists their days):\n"
    let width = counts.map { $0.kind.count + $0.name.count + 1 }.max() ?? 0
    for count in counts {
      let days = count.days.grouped
      text += "  " + "\(count.kind) \(count.name)".padding(toLength: width, withPad: " ", startingAt: 0)
      text += String(repeating: " ", count: max(1, 8 - days.count)) + days
      text += count.days == 1 ? " day   " : " days  "
      text += "\(count.first) → \(count.last)\n"
    }
    return text
  }
}
