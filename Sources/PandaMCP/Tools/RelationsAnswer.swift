import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// What `panda relations` and the `relations` tool answer: the links found over a window of
/// days, read from the database, with one line saying why there are none to look for.
package struct RelationsAnswer: Encodable {
  package var asOf: CalendarDay
  package var from: CalendarDay
  package var to: CalendarDay
  package var tested: Int
  package var relations: [MetricRelation]
  /// When no pair could be tested: why, in one line.
  package var note: String?

  /// The search behind the answer (not encoded).
  package let search: RelationSearch

  private enum CodingKeys: String, CodingKey {
    case asOf, from, to, tested, relations, note
  }

  /// Reads the candidate pairs' daily values around `window`, and the tags and symptoms in it
  /// (days counted in `zone`), and looks for links.
  package static func load(database: Database, asOf: CalendarDay, window: DayRange, zone: TimeZone) throws
    -> RelationsAnswer
  {
    let reader = DailyValueReader(database: database)
    // The usual of a day is a centred median: read a week beyond the window on either side.
    let series = try reader.series(
      RelationCandidate.metrics, from: window.first.adding(days: -DayToDayVariation.halfWidth),
      through: window.last.adding(days: DayToDayVariation.halfWidth))
    let events = try DayEventReader(database: database, zone: zone).events(from: window.first, through: window.last)
    let search = RelationFinder.find(in: series, window: window, events: events)
    var note: String?
    if search.tested == 0 {
      note = shortfall(search)
      // Data that ends before the window (an old export) is worth pointing at.
      let coverage = try reader.coverage()
      let pairsWithData = RelationCandidate.all.filter { coverage[$0.cause] != nil && coverage[$0.effect] != nil }
      let latest = pairsWithData.compactMap { pair in
        [coverage[pair.cause]?.last, coverage[pair.effect]?.last].compactMap { $0 }.min()
      }.max()
      if let latest, latest < window.first {
        note =
          (note ?? "")
          + " Your latest days with both are from \(latest.iso): try --as-of \(latest.adding(days: 1).iso)."
      }
    }
    return RelationsAnswer(
      asOf: asOf, from: window.first, to: window.last, tested: search.tested, relations: search.relations,
      note: note, search: search)
  }

  /// The one line said when no pair could be tested.
  package static func shortfall(_ search: RelationSearch) -> String {
    let span = "\(search.from.iso) to \(search.to.iso)"
    guard let needed = search.daysNeeded, let best = search.shortPairs.max(by: { $0.days < $1.days }) else {
      return "No links to look for from \(span): they need sleep together with HRV or resting heart rate, "
        + "or daily activity together with sleep (an Apple Watch worn day and night records both)."
    }
    let cause = MetricCatalogue.metric(best.candidate.cause)?.name.lowercased() ?? best.candidate.cause
    let effect = MetricCatalogue.metric(best.candidate.effect)?.name.lowercased() ?? best.candidate.effect
    return "Not enough days to look for links yet: the closest pair (\(cause) with \(effect)) has "
      + "\(best.days) of the \(RelationFinder.minimumDays) paired days it needs, \(needed) more."
  }

  /// Creates a value from its stored properties.
  package init(
    asOf: CalendarDay, from: CalendarDay, to: CalendarDay, tested: Int, relations: [MetricRelation],
    note: String? = nil, search: RelationSearch
  ) {
    self.asOf = asOf
    self.from = from
    self.to = to
    self.tested = tested
    self.relations = relations
    self.note = note
    self.search = search
  }
}
