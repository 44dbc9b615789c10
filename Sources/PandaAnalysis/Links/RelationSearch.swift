import PandaCore

/// What a search for links found: the links, how many pairs were tested, and for the pairs that
/// could not be tested yet, how many paired days they have.
package struct RelationSearch: Sendable, Equatable {
  /// A candidate pair with data on both sides but too few paired days to test.
  struct ShortPair: Sendable, Equatable {
    var candidate: RelationCandidate
    /// Paired whole days it has.
    var days: Int
  }

  /// The days searched: the causes' days, the effects' days following them by the lag.
  package var from: CalendarDay
  package var to: CalendarDay
  /// Pairs tested, the family the false-discovery bar is set over.
  package var tested: Int
  /// The links found, clearest first.
  package var relations: [MetricRelation]
  /// Pairs with data on both sides but fewer than `RelationFinder.minimumDays` paired days.
  var shortPairs: [ShortPair]

  /// When no pair could be tested: how many more paired days the closest pair needs (`nil`
  /// when a pair was tested, or when no pair has data on both sides at all).
  var daysNeeded: Int? {
    guard tested == 0, let best = shortPairs.map(\.days).max() else { return nil }
    return RelationFinder.minimumDays - best
  }

  /// Creates a value from its stored properties.
  init(from: CalendarDay, to: CalendarDay, tested: Int, relations: [MetricRelation], shortPairs: [ShortPair]) {
    self.from = from
    self.to = to
    self.tested = tested
    self.relations = relations
    self.shortPairs = shortPairs
  }
}
