import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

extension SeriesCommand {
  /// Whether `operand` asks for day events rather than a metric: `tags` (every tag and
  /// symptom), `tag:NAME` or `symptom:NAME`.
  static func isEvents(_ operand: String) -> Bool {
    operand == "tags" || operand.hasPrefix("tag:") || operand.hasPrefix("symptom:")
  }

  /// The days with tags and symptoms, as `series` prints them.
  package struct Events: Encodable {
    var name: String
    var from: CalendarDay
    var to: CalendarDay
    var events: [DayEvent]
  }

  /// `panda series tags` / `tag:NAME` / `symptom:NAME`: the days of the range with them.
  static func runEvents(_ operand: String, arguments: Arguments, console: Console) throws -> ExitCode {
    var wanted: String?
    if operand != "tags" {
      let parts = operand.split(separator: ":", maxSplits: 1).map(String.init)
      guard let name = try? LogTag.normalised(parts.count == 2 ? parts[1] : "") else {
        throw UsageError.malformedOperand(
          name: "METRIC", value: operand, expected: "tags, tag:NAME or symptom:NAME, e.g. tag:alcohol")
      }
      wanted = "\(parts[0]):\(name)"
    }
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let today = DailyContextOptions.today(in: context)
    let days = try DailyContextOptions.days(arguments, ending: today, length: 30, today: today, console: console)
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    let database = try DatabaseLocation.openForReading(path, context: context)
    let events = try DayEventReader(database: database, zone: context.zone).events(from: days.first, through: days.last)
      .filter { wanted == nil || $0.key == wanted }
    let series = Events(name: wanted ?? "tags", from: days.first, to: days.last, events: events)
    switch arguments.format {
    case .json: console.output(try JSONOutput.string(series) + "\n")
    case .csv:
      console.output("date,kind,name\n" + events.map { "\($0.day.iso),\($0.kind.rawValue),\($0.name)\n" }.joined())
    default: console.output(text(series))
    }
    return .success
  }

  /// One line per day with any: its tags, then what Health recorded.
  package static func text(_ series: Events) -> String {
    let title = series.name == "tags" ? "Tags and symptoms" : series.name
    let dayCount = Set(series.events.map(\.day)).count
    var text = "\(title), \(series.from.iso) to \(series.to.iso): "
    text += "\(dayCount.counted("day")) of \(series.from.days(to: series.to) + 1)\n"
    if series.events.isEmpty {
      return text + "None logged in these days. Log one with: panda log tag alcohol --at \"yesterday 21:00\"\n"
    }
    for (day, onDay) in Dictionary(grouping: series.events, by: \.day).sorted(by: { $0.key < $1.key }) {
      var parts: [String] = []
      let tags = onDay.filter { $0.kind == .tag }.map(\.name)
      let symptoms = onDay.filter { $0.kind == .symptom }.map(\.name)
      if !tags.isEmpty { parts.append("logged " + tags.joined(separator: ", ")) }
      if !symptoms.isEmpty { parts.append("Health: " + symptoms.joined(separator: ", ")) }
      text += "  \(day.iso)  \(parts.joined(separator: "; "))\n"
    }
    return text
  }
}
