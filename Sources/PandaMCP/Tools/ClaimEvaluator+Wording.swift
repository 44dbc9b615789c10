import PandaAnalysis
import PandaCore

extension ClaimEvaluator {
  /// The days of the week, Monday first.
  static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
  /// The months.
  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// "your steps", "your resting heart rate", "your HRV": the metric's name as a sentence names it.
  static func subject(_ metric: Metric) -> String {
    let name = metric.name
    let second = name.dropFirst().first
    let lowered = second.map(\.isLowercase) == true ? name.prefix(1).lowercased() + name.dropFirst() : name
    return "your " + lowered
  }

  /// `text` with its first letter upper case.
  static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

  /// "14 November 2026", or "Tuesday 14 November 2026".
  static func written(_ day: CalendarDay, weekday: Bool = false) -> String {
    let (year, month, dayOfMonth) = day.components
    let date = "\(dayOfMonth) \(monthNames[month - 1]) \(year)"
    return weekday ? "\(weekdayNames[Self.weekday(day)]) \(date)" : date
  }

  /// "from 13 to 19 November 2026", "from 28 October to 3 November 2026", "on 14 November 2026",
  /// followed by the days of the week counted: "on weekdays", "on Mondays".
  static func span(_ range: DayRange, on: String?) -> String {
    let (firstYear, firstMonth, firstDay) = range.first.components
    let (lastYear, lastMonth, _) = range.last.components
    var text: String
    if range.count == 1 {
      text = "on \(written(range.first, weekday: true))"
    } else if firstYear != lastYear {
      text = "from \(written(range.first)) to \(written(range.last))"
    } else if firstMonth != lastMonth {
      text = "from \(firstDay) \(monthNames[firstMonth - 1]) to \(written(range.last))"
    } else {
      text = "from \(firstDay) to \(written(range.last))"
    }
    switch on {
    case nil: break
    case "weekdays"?: text += ", weekdays only"
    case "weekends"?: text += ", weekend days only"
    case let day?: text += ", \(capitalized(day))s only"
    }
    return text
  }

  /// "(7 days)", "(6 days; 1 partly recorded day left out)", "(5 of 7 days had data)".
  package static func dayCount(_ selection: Selection) -> String {
    var text = selection.whole.count.counted("day")
    let missing = selection.calendarDays - selection.whole.count - selection.partial
    if selection.partial > 0 { text += "; \(selection.partial.counted("partly recorded day")) left out" }
    if missing > 0 { text += "; \(missing.counted("day")) without data" }
    return "(\(text))"
  }

  /// `traditionalStrengthTraining` as words: "traditional strength training".
  static func words(_ name: String) -> String {
    var text = ""
    for character in name {
      if character.isUppercase && !text.isEmpty { text += " " }
      text += character.lowercased()
    }
    return text
  }
}
