import PandaAnalysis
import PandaCore
import PandaStore

/// "What you logged": the tags and symptoms of a span of days, each with its days, and the links
/// of tags and symptoms the search for links found (the sentences `panda relations` prints).
/// `summary(of:over:search:)` is a pure function of the day events and the search, so the report
/// words what was found once.
package struct LoggedSummary: Sendable, Equatable {
  /// One tag or symptom over the span: on how many days, the first and the last.
  package struct Count: Sendable, Equatable {
    package var kind: DayEvent.Kind
    /// The name as logged or as Health names it (`alcohol`, `sore-throat`).
    package var name: String
    /// Days with it in the span.
    var days: Int
    var first: CalendarDay
    var last: CalendarDay

    /// "alcohol: 14 days, from 2025-04-03 to 2025-06-28"; "fever: 1 day, 2025-06-01".
    var line: String {
      let shown = kind == .symptom ? name.replacingOccurrences(of: "-", with: " ") : name
      let span = days == 1 ? first.iso : "from \(first.iso) to \(last.iso)"
      return "\(shown): \(days.counted("day")), \(span)"
    }
  }

  /// The days counted.
  var days: DayRange
  /// Each tag and symptom with days in `days`, most days first, then by name.
  package var counts: [Count]
  /// The links of tags and symptoms that passed the bar, clearest first.
  package var links: [MetricRelation]
  /// The search the links come from: its window and the pairs it tested.
  var search: RelationSearch
  /// Whether any tag or symptom had enough days in the search's window to be tested
  /// (`RelationFinder.minimumTaggedDays`).
  var anyTested: Bool

  /// A summary as given.
  init(days: DayRange, counts: [Count], links: [MetricRelation], search: RelationSearch, anyTested: Bool) {
    self.days = days
    self.counts = counts
    self.links = links
    self.search = search
    self.anyTested = anyTested
  }

  /// The tags and symptoms of `events` in `days`, with the links of `search` whose cause is a tag
  /// or symptom; `events` may reach beyond `days` (over the search's window).
  static func summary(of events: [DayEvent], over days: DayRange, search: RelationSearch) -> LoggedSummary {
    var byKey: [String: Count] = [:]
    for event in events where days.contains(event.day) {
      if var count = byKey[event.key] {
        count.days += 1
        count.first = min(count.first, event.day)
        count.last = max(count.last, event.day)
        byKey[event.key] = count
      } else {
        byKey[event.key] = Count(kind: event.kind, name: event.name, days: 1, first: event.day, last: event.day)
      }
    }
    let window = DayRange(search.from...search.to)
    let daysInWindow = Dictionary(grouping: events.filter { window.contains($0.day) }, by: \.key)
    return LoggedSummary(
      days: days,
      counts: byKey.values.sorted { ($1.days, $0.name) < ($0.days, $1.name) },
      links: search.relations.filter { $0.taggedDays != nil },
      search: search,
      anyTested: daysInWindow.values.contains { Set($0.map(\.day)).count >= RelationFinder.minimumTaggedDays })
  }

  /// Whether there is nothing to show: no tag or symptom in the span and no link of one.
  package var isEmpty: Bool { counts.isEmpty && links.isEmpty }

  /// The tags, then the symptoms, each as its line.
  package var tagLines: [String] { counts.filter { $0.kind == .tag }.map(\.line) }
  /// The symptoms Health recorded, each as its line.
  package var symptomLines: [String] { counts.filter { $0.kind == .symptom }.map(\.line) }

  /// What the links rest on, or why there are none, in one sentence.
  package var linkNote: String {
    let span = "from \(search.from.iso) to \(search.to.iso)"
    if !links.isEmpty {
      return "Each compares the days after a tag or symptom with the days after none, \(span), under the one bar "
        + "against chance set over all \(search.tested) pairs tested: what went together, not what caused what."
    }
    if anyTested {
      return "No tag or symptom went with the next night's sleep or the next day's HRV, resting heart rate or "
        + "steps beyond chance, \(span) (\(search.tested) pairs tested under one bar)."
    }
    return "A tag or symptom is compared with the next night and day once it has "
      + "\(RelationFinder.minimumTaggedDays) days with it and \(RelationFinder.minimumTaggedDays) without "
      + "\(span); none has yet."
  }
}
