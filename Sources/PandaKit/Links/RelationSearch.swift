/// What a search for links found: the links, how many pairs were tested, and for the pairs that
/// could not be tested yet, how many paired days they have.
public struct RelationSearch: Sendable, Equatable {
  /// A candidate pair with data on both sides but too few paired days to test.
  public struct ShortPair: Sendable, Equatable {
    public var candidate: RelationCandidate
    /// Paired whole days it has.
    public var days: Int
  }

  /// The days searched: the causes' days, the effects' days following them by the lag.
  public var from: CalendarDay
  public var to: CalendarDay
  /// Pairs tested, the family the false-discovery bar is set over.
  public var tested: Int
  /// The links found, clearest first.
  public var relations: [MetricRelation]
  /// Pairs with data on both sides but fewer than `RelationFinder.minimumDays` paired days.
  public var shortPairs: [ShortPair]

  /// When no pair could be tested: how many more paired days the closest pair needs (`nil`
  /// when a pair was tested, or when no pair has data on both sides at all).
  public var daysNeeded: Int? {
    guard tested == 0, let best = shortPairs.map(\.days).max() else { return nil }
    return RelationFinder.minimumDays - best
  }
}
