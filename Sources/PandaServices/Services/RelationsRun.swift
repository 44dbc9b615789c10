import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// The relations job, built once from typed inputs and shared by every front end: `panda
/// relations` and the MCP `relations` tool adapt it and add nothing of their own. A run reads the
/// candidate pairs' daily values around its window and the tags and symptoms in it, and looks for
/// links.
package struct RelationsRun {
  /// The day looked as of.
  var asOf: CalendarDay
  /// The days searched.
  var window: DayRange
  /// The zone the tags' and symptoms' days are counted in.
  var zone: TimeZone

  /// A run over `window` as of `asOf`, counting days in `zone`.
  package init(asOf: CalendarDay, window: DayRange, zone: TimeZone) {
    self.asOf = asOf
    self.window = window
    self.zone = zone
  }

  /// Runs the job on `database`.
  package func run(on database: Database) throws -> Output {
    let reader = DailyValueReader(database: database)
    // The usual of a day is a centred median: read a week beyond the window on either side.
    let series = try reader.series(
      RelationCandidate.metrics, from: window.first.adding(days: -DayToDayVariation.halfWidth),
      through: window.last.adding(days: DayToDayVariation.halfWidth))
    let events = try DayEventReader(database: database, zone: zone).events(from: window.first, through: window.last)
    let search = RelationFinder.find(in: series, window: window, events: events)
    var note = search.shortfallSentence
    if note != nil {
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
    return Output(
      asOf: asOf, from: window.first, to: window.last, tested: search.tested, relations: search.relations,
      note: note, search: search)
  }
}
