import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

extension ClaimEvaluator {
  /// The days a tag or symptom was recorded on, and on which days of a span, from the day
  /// events `panda series tags` and `relations` read.
  struct TaggedDays {
    /// The event as the person's records name it.
    var event: DayEvent
    /// Its days in the span asked about, oldest first.
    var days: [CalendarDay]
  }

  /// The days of the tag or symptom `claim` names, in `range`. A name never recorded is refused
  /// with the names there are.
  func tagged(_ claim: Claim, in range: DayRange) throws -> TaggedDays {
    guard let name = claim.eventName else { throw ToolError("a \(claim.kind.rawValue) claim needs tag") }
    // Every event up to today, so that a name is known whenever it was recorded.
    let reader = DayEventReader(database: context.database, zone: context.daily.zone)
    let all = try reader.events(from: context.today.adding(days: -Self.eventHistory), through: context.today)
    let named = all.filter { $0.name == name && (claim.eventKind == nil || $0.kind == claim.eventKind) }
    // A name both logged as a tag and recorded as a symptom is the tag, unless the claim says symptom.
    guard let event = named.first(where: { $0.kind == .tag }) ?? named.first else {
      throw ToolError(Self.unknownEvent(name, kind: claim.eventKind, known: all))
    }
    let days = Set(named.filter { $0.key == event.key && range.contains($0.day) }.map(\.day))
    return TaggedDays(event: event, days: days.sorted())
  }

  /// The days looked back over for the tags and symptoms there are: a hundred years.
  static let eventHistory = 36_525

  /// Why a tag or symptom is refused: never recorded, with the names that were.
  static func unknownEvent(_ name: String, kind: DayEvent.Kind?, known: [DayEvent]) -> String {
    let what = kind.map { $0 == .tag ? "tag" : "symptom" } ?? "tag or symptom"
    var reason = "no \(what) called \(EchoedText.quoted(name, limit: 40)) was ever recorded"
    let tags = Set(known.filter { $0.kind == .tag }.map(\.name)).sorted()
    let symptoms = Set(known.filter { $0.kind == .symptom }.map(\.name)).sorted()
    if tags.isEmpty && symptoms.isEmpty {
      return reason + ": no tag was logged (panda log tag NAME) and Health has no symptom records"
    }
    var lists: [String] = []
    if !tags.isEmpty { lists.append("the tags logged are \(tags.joined(separator: ", "))") }
    if !symptoms.isEmpty {
      lists.append("the symptoms Health has are \(symptoms.map { "symptom:" + $0 }.joined(separator: ", "))")
    }
    reason += "; " + lists.joined(separator: ", and ")
    return reason
  }

  /// "you logged alcohol", "Health recorded headache".
  static func recorded(_ event: DayEvent) -> String {
    switch event.kind {
    case .tag: "you logged \(event.name)"
    case .symptom: "Health recorded \(event.name.replacingOccurrences(of: "-", with: " "))"
    }
  }

  /// `tag`: on how many days of the span a tag was logged or a symptom recorded, and which.
  func taggedDays(_ json: JSONValue, _ claim: Claim) throws -> ClaimAnswer {
    guard let range = claim.days else { throw ToolError("a tag claim needs from and to") }
    let found = try tagged(claim, in: range)
    let span = Self.span(range, on: nil)
    let counted = range.count.counted("day")
    let subject = Self.capitalized(Self.recorded(found.event))
    let sentence: String
    switch found.days.count {
    case 0:
      let none =
        found.event.kind == .tag
        ? "You did not log \(found.event.name)"
        : "Health recorded no \(found.event.name.replacingOccurrences(of: "-", with: " "))"
      sentence = "\(none) on any of the \(counted) \(span)."
    case 1 where range.count == 1:
      sentence = "\(subject) \(span)."
    default:
      var text = "\(subject) on \(found.days.count) of the \(counted) \(span)"
      if found.days.count <= Self.mostDaysListed { text += ": \(Self.dayList(found.days))" }
      sentence = text + "."
    }
    return .computed(
      json, sentence: sentence, value: Double(found.days.count), unit: "days", days: range, count: found.days.count)
  }

  /// The most days a tag claim lists by date.
  static let mostDaysListed = 10

  /// "3, 10 and 17 October 2025", "28 September 2025 and 3 October 2025".
  static func dayList(_ days: [CalendarDay]) -> String {
    var groups: [(year: Int, month: Int, days: [Int])] = []
    for day in days {
      let (year, month, dayOfMonth) = day.components
      if let last = groups.last, last.year == year, last.month == month {
        groups[groups.count - 1].days.append(dayOfMonth)
      } else {
        groups.append((year, month, [dayOfMonth]))
      }
    }
    return listed(
      groups.map { group in
        "\(listed(group.days.map(String.init))) \(monthNames[group.month - 1]) \(group.year)"
      })
  }

  /// "a", "a and b", "a, b and c".
  static func listed(_ items: [String]) -> String {
    guard items.count > 1, let last = items.last else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }

  /// `afterTag`: a metric on the days after a tag or symptom against the days after days
  /// without it, as `relations` pairs them: each day of the span with the next day's whole-day
  /// value (a night belongs to the day one wakes up); the difference of the means, and the
  /// Mann–Whitney test of the two groups for this one comparison.
  func afterTag(_ json: JSONValue, _ claim: Claim) throws -> ClaimAnswer {
    guard let range = claim.days, let metric = claim.metric else {
      throw ToolError("an afterTag claim needs tag, metric, from and to")
    }
    let found = try tagged(claim, in: range)
    let tagged = Set(found.days)
    let lastNext = min(range.last.adding(days: 1), context.today)
    var values: [CalendarDay: Double] = [:]
    if range.first.adding(days: 1) <= lastNext {
      for point in try DailyValueReader(database: context.database).points(
        metric: metric.id, from: range.first.adding(days: 1), through: lastNext)
      where !point.isPartial {
        values[point.day] = point.value
      }
    }
    var with: [Double] = []
    var without: [Double] = []
    for day in range {
      guard let value = values[day.adding(days: 1)] else { continue }
      if tagged.contains(day) { with.append(value) } else { without.append(value) }
    }
    let isSleep = metric.category == .sleep
    let event = Self.recorded(found.event)
    let span = Self.span(range, on: nil)
    guard !with.isEmpty else {
      throw ToolError(
        "no day \(span) on which \(event) is followed by a whole day of \(Self.subject(metric)) "
          + "(\(found.days.count.counted("day")) with it)")
    }
    let summed = MetricStatistics.isSummed(metric)
    let perDay = summed ? " a day" : ""
    let meanWith = with.reduce(0, +) / Double(with.count)
    var sentence =
      "On the \(with.count.counted(isSleep ? "night" : "day")) after "
      + "\(event) \(span), \(Self.subject(metric)) averaged \(figure(meanWith, metric))\(perDay)"
    guard !without.isEmpty else {
      return .computed(
        json, sentence: sentence + "; every day of the span had it, so there is nothing to compare with.",
        value: meanWith, unit: metric.unit, days: range, count: with.count)
    }
    let meanWithout = without.reduce(0, +) / Double(without.count)
    sentence +=
      "; on the \(without.count.counted(isSleep ? "night" : "day")) after days without it, "
      + "\(figure(meanWithout, metric))\(perDay)"
    let difference = shown(meanWith, metric) - shown(meanWithout, metric)
    if difference == 0 {
      sentence += ", the same."
    } else {
      let amount = self.amount(difference, metric)
      // A duration is longer or shorter, as the links say it.
      let word = metric.unit == "h" ? (difference > 0 ? "longer" : "shorter") : (difference > 0 ? "higher" : "lower")
      sentence += ": \(amount) \(word)."
    }
    let minimum = RelationFinder.minimumTaggedDays
    if with.count < minimum || without.count < minimum {
      sentence +=
        " That is too few days to tell it from chance: panda's links need \(minimum) on each side."
    } else if let test = GroupComparison.compare(with, without) {
      let p = test.pValue < 0.001 ? "p < 0.001" : "p = \(MetricFormatter.decimal(test.pValue, places: 3))"
      let chance = test.pValue < 0.05 ? "would seldom come by chance" : "could well come by chance"
      sentence += " A difference like this \(chance) (Mann–Whitney test of this one comparison, \(p))."
    }
    return .computed(json, sentence: sentence, value: meanWith, unit: metric.unit, days: range, count: with.count)
  }
}
