import PandaCore
import PandaStore

/// Looks for links between a behaviour and a response in the daily series: deterministic, no I/O.
///
/// Each metric is reduced to its day-to-day variation (`DayToDayVariation`: a 15-day centred
/// median and the weekly rhythm taken away), partly recorded days left out. For every candidate
/// pair (`RelationCandidate.all`) with at least `minimumDays` paired whole days, the rank
/// correlation of the two variations is tested, its degrees of freedom lowered by how much each
/// side's days follow each other (lags 1 to 7); one Benjamini–Hochberg bar (`FalseClaimControl`) at 5 % is set over all
/// pairs tested. Every pair that passes is reported; its size is the slope of the response's
/// variation on the cause's (`RelationSlope`: Theil–Sen, with whole-number values spread over
/// their step so that ties cannot pull it to 0).
package enum RelationFinder {
  /// Paired whole days a pair needs before it is tested: below four weeks a correlation of 0.4
  /// is still chance.
  package static let minimumDays = 28

  /// The default window: the 365 days up to the day before `asOf`.
  package static func defaultWindow(asOf: CalendarDay) -> DayRange {
    DayRange(last: asOf.adding(days: -1), count: 365)
  }

  /// The links in `series` whose cause's day lies in `window` (and effect's day too).
  /// Tags and symptoms (`events`) are tested too (`tagTests`), under the same bar.
  package static func find(
    in series: [MetricSeries], window: DayRange,
    candidates: [RelationCandidate] = RelationCandidate.all, events: [DayEvent] = []
  ) -> RelationSearch {
    let byID = Dictionary(series.map { ($0.metric.id, $0) }, uniquingKeysWith: { first, _ in first })
    var variations: [String: DayToDayVariation] = [:]
    func variation(_ id: String) -> DayToDayVariation? {
      if let known = variations[id] { return known }
      guard let series = byID[id], !series.points.isEmpty else { return nil }
      let computed = DayToDayVariation.variation(of: series.points, metric: series.metric, days: window)
      variations[id] = computed
      return computed
    }

    var autocorrelationsByID: [String: [Double]] = [:]
    func autocorrelations(_ id: String, _ variation: DayToDayVariation) -> [Double] {
      if let known = autocorrelationsByID[id] { return known }
      let computed = variation.autocorrelations
      autocorrelationsByID[id] = computed
      return computed
    }

    // The step each effect is recorded in (whole bpm), over the whole days searched.
    var resolutions: [String: Double] = [:]
    func resolution(_ id: String) -> Double {
      if let known = resolutions[id] { return known }
      let values = byID[id]?.points.filter { !$0.isPartial && window.contains($0.day) }.map(\.value) ?? []
      let computed = RelationSlope.resolution(of: values)
      resolutions[id] = computed
      return computed
    }

    struct Tested {
      var candidate: RelationCandidate
      var pairs: [RelationPair]
      var correlation: Double
      var pValue: Double
    }
    var tested: [Tested] = []
    var short: [RelationSearch.ShortPair] = []
    for candidate in candidates {
      guard let cause = variation(candidate.cause), let effect = variation(candidate.effect) else { continue }
      let pairs = pairedDays(cause: cause, effect: effect, lagDays: candidate.lagDays, window: window)
      guard pairs.count >= minimumDays else {
        if !pairs.isEmpty { short.append(.init(candidate: candidate, days: pairs.count)) }
        continue
      }
      // A side without spread (a habit never done in the window) cannot be tested.
      guard let correlation = RankCorrelation.spearman(pairs.map(\.cause), pairs.map(\.effect)) else { continue }
      let effective = RankCorrelation.effectiveCount(
        pairs.count, first: autocorrelations(candidate.cause, cause), second: autocorrelations(candidate.effect, effect)
      )
      tested.append(
        Tested(
          candidate: candidate, pairs: pairs, correlation: correlation,
          pValue: RankCorrelation.pValue(correlation, effectiveCount: effective)))
    }

    let tagTests = tagTests(events: events, window: window, variation: variation)
    // One bar over every pair tested, tags and symptoms included.
    let qValues = FalseClaimControl.qValues(for: tested.map(\.pValue) + tagTests.map(\.comparison.pValue))
    var relations: [(relation: MetricRelation, correlation: Double)] = []
    for (index, test) in tagTests.enumerated()
    where qValues[tested.count + index] <= FalseClaimControl.falseDiscoveryRate {
      guard let effectMetric = byID[test.effect]?.metric else { continue }
      let relation = MetricRelation(
        cause: test.cause, effect: test.effect, lagDays: 1, days: test.days, slope: test.comparison.shift,
        causeUnit: "", effectUnit: effectMetric.unit, qValue: qValues[tested.count + index],
        sentence: RelationPhrases.sentence(
          event: test.event, effect: effectMetric, shift: test.comparison.shift, tagged: test.tagged, days: test.days),
        pairs: test.pairs, taggedDays: test.tagged)
      relations.append((relation, test.comparison.rankCorrelation))
    }
    for (index, test) in tested.enumerated() where qValues[index] <= FalseClaimControl.falseDiscoveryRate {
      guard
        let slope = RelationSlope.slope(
          test.pairs.map { ($0.cause, $0.effect) }, resolution: resolution(test.candidate.effect),
          correlation: test.correlation),
        let causeMetric = byID[test.candidate.cause]?.metric, let effectMetric = byID[test.candidate.effect]?.metric
      else { continue }
      let relation = MetricRelation(
        cause: causeMetric.id, effect: effectMetric.id, lagDays: test.candidate.lagDays, days: test.pairs.count,
        slope: slope, causeUnit: causeMetric.unit, effectUnit: effectMetric.unit, qValue: qValues[index],
        sentence: RelationPhrases.sentence(
          cause: causeMetric, effect: effectMetric, lagDays: test.candidate.lagDays, slope: slope,
          days: test.pairs.count),
        pairs: test.pairs)
      relations.append((relation, test.correlation))
    }
    relations.sort { ($0.relation.qValue, -abs($0.correlation)) < ($1.relation.qValue, -abs($1.correlation)) }
    return RelationSearch(
      from: window.first, to: window.last, tested: tested.count + tagTests.count, relations: relations.map(\.relation),
      shortPairs: short)
  }

  /// The days in `window` on which both sides have a deviation from their usual, the effect's
  /// `lagDays` after the cause's: what a pair is tested on, oldest first.
  static func pairedDays(
    cause: DayToDayVariation, effect: DayToDayVariation, lagDays: Int, window: DayRange
  ) -> [RelationPair] {
    var pairs: [RelationPair] = []
    for day in window where day.adding(days: lagDays) <= window.last {
      if let x = cause.deviation(on: day), let y = effect.deviation(on: day.adding(days: lagDays)) {
        pairs.append(RelationPair(day: day, cause: x, effect: y))
      }
    }
    return pairs
  }

  /// The links in a snapshot's series (see `find(in:window:candidates:)`).
  package static func find(in snapshot: HealthSnapshot, window: DayRange, events: [DayEvent] = []) -> RelationSearch {
    find(in: snapshot.series, window: window, events: events)
  }
}
