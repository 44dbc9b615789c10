import Foundation

/// The figures of a conversation's tool answers, and those that follow from them by the
/// arithmetic `panda ask` accepts: every number by its unit (hours also in minutes), the days
/// named and each day's values, and of each series of days its mean and total, of its first or
/// last days, of its weekdays, weekend days and each day of the week, and its minimum and maximum
/// with their days.
struct AnswerFigures {
  /// One day's value in one series.
  struct DayValue {
    var day: CalendarDay
    var value: Double
  }

  /// Every number returned, with its conversions, by unit family (see `family(of:)`).
  private(set) var figures: [String: [Double]] = [:]
  /// Figures computed from series (means, totals), by unit family.
  private(set) var derived: [String: [Double]] = [:]
  /// Numbers outside any series (means, totals, changes, counts): the operands of differences.
  private(set) var headline: [String: [Double]] = [:]
  /// Every day named in an answer: the days of series, and ranges' bounds.
  private(set) var days: Set<CalendarDay> = []
  /// Each day's values, by unit family.
  private(set) var dayValues: [CalendarDay: [String: [Double]]] = [:]
  /// Each series of days, with its unit family, for counts of days meeting a condition.
  private(set) var series: [(family: String, values: [DayValue])] = []
  /// Every string returned (sentences, names).
  private(set) var strings: [String] = []
  /// The keys of every object returned, lower-cased.
  private(set) var keys: Set<String> = []

  /// Series longer than this are not summed run by run.
  static let longestSeries = 400

  init(results: [JSONValue]) {
    for result in results { collect(result, unit: nil, key: "", inSeries: false) }
  }

  /// The family of a unit: hours and minutes are one (`time`, in hours), counts of days,
  /// workouts and metrics are `count`.
  static func family(of unit: String?) -> String {
    switch unit ?? "" {
    case "h", "hours", "min": "time"
    case "count", "steps": "steps"
    case "": "none"
    case let other: other
    }
  }

  /// A figure in `unit` as it lands in its family (minutes become hours).
  private static func normalized(_ value: Double, unit: String?) -> Double {
    unit == "min" ? value / 60 : value
  }

  private mutating func collect(_ value: JSONValue, unit: String?, key: String, inSeries: Bool) {
    switch value {
    case .number(let number):
      let lowered = key.lowercased()
      let counted =
        ["day", "count", "partial", "available", "total"].contains { lowered.contains($0) } && lowered != "total"
        || key == "workouts" || lowered == "days"
      var family = counted ? "count" : Self.family(of: unit)
      var normalizedValue = counted ? number : Self.normalized(number, unit: unit)
      if lowered.hasSuffix("minutes") {
        family = "time"
        normalizedValue = number / 60
      } else if lowered.hasSuffix("km") {
        family = "km"
      } else if lowered.hasSuffix("kcal") {
        family = "kcal"
      } else if lowered.contains("percent") {
        family = "%"
      }
      add(normalizedValue, family: family)
      if !inSeries { headline[family, default: []].append(abs(normalizedValue)) }
    case .string(let text):
      strings.append(text)
      if let day = CalendarDay(iso: String(text.prefix(10))) {
        days.insert(day)
      } else {
        for number in Grounding.numbers(in: text) where !number.isClockTime {
          add(number.value, family: Self.family(of: unit))
        }
      }
    case .array(let items):
      for item in items { collect(item, unit: unit, key: key, inSeries: true) }
      addSeries(items, unit: unit)
    case .object(let members):
      let inner = members["unit"]?.stringValue ?? unit
      for name in members.keys { keys.insert(name.lowercased()) }
      for (name, member) in members { collect(member, unit: inner, key: name, inSeries: inSeries) }
    case .bool, .null:
      break
    }
  }

  private mutating func add(_ number: Double, family: String) {
    let value = abs(number)
    figures[family, default: []] += [value, InsightPrompt.rounded(value)]
    if family == "time" {
      // 6.19 h is also written "6 h 11 min": the whole hours and the minutes apart.
      let minutes = (value * 60).rounded()
      figures["time", default: []] += [(minutes / 60).rounded(.down)]
      figures["minutePart", default: []] += [minutes.truncatingRemainder(dividingBy: 60)]
    }
  }

  private mutating func addDerived(_ number: Double, family: String) {
    derived[family, default: []].append(abs(number))
  }

  /// The series of an array of objects with a `day` or `date` and numbers beside it.
  private mutating func addSeries(_ items: [JSONValue], unit: String?) {
    guard items.count > 1 || items.first?["day"] != nil else { return }
    var bySeries: [String: [DayValue]] = [:]
    for item in items {
      guard case .object(let members) = item,
        let day = (members["day"] ?? members["date"])?.stringValue.flatMap({ CalendarDay(iso: String($0.prefix(10))) })
      else { continue }
      if members["isPartial"] == .bool(true) { continue }
      let itemUnit = members["unit"]?.stringValue ?? unit
      for (key, member) in members {
        guard let number = member.numberValue else { continue }
        var family = Self.family(of: itemUnit)
        var value = Self.normalized(number, unit: itemUnit)
        if key.lowercased().hasSuffix("minutes") {
          family = "time"
          value = number / 60
        } else if key.lowercased().hasSuffix("km") {
          family = "km"
        } else if key.lowercased().hasSuffix("kcal") {
          family = "kcal"
        }
        dayValues[day, default: [:]][family, default: []].append(abs(value))
        bySeries[key + "|" + family, default: []].append(DayValue(day: day, value: value))
      }
    }
    for (name, values) in bySeries where values.count > 1 && values.count <= Self.longestSeries {
      let family = String(name.split(separator: "|").last ?? "none")
      series.append((family, values))
      // A day's total when several entries share it (workouts): its sum.
      var perDay: [CalendarDay: Double] = [:]
      for entry in values { perDay[entry.day, default: 0] += entry.value }
      for (day, total) in perDay {
        dayValues[day, default: [:]][family, default: []].append(abs(total))
      }
      let ordered = values.map(\.value)
      for count in 1...ordered.count {
        for run in [ordered.prefix(count), ordered.suffix(count)] {
          let sum = run.reduce(0, +)
          addDerived(sum, family: family)
          addDerived(sum / Double(run.count), family: family)
        }
      }
      // Weekdays, weekend days, and each day of the week.
      let groups: [[Int]] = [[0, 1, 2, 3, 4], [5, 6]] + (0..<7).map { [$0] }
      for group in groups {
        let chosen = values.filter { group.contains(Self.weekday($0.day)) }.map(\.value)
        guard !chosen.isEmpty else { continue }
        addDerived(chosen.reduce(0, +), family: family)
        addDerived(chosen.reduce(0, +) / Double(chosen.count), family: family)
      }
    }
  }

  /// Monday is 0, Sunday 6.
  static func weekday(_ day: CalendarDay) -> Int {
    // Day 0 of the ordinals, 1970-01-01, was a Thursday.
    ((day.ordinal + 3) % 7 + 7) % 7
  }
}
