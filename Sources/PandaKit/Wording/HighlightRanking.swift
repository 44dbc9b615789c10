/// "What stands out": the candidates a run's insights offer, ranked by what matters to the person
/// and cut to a few. Built from the insights' own verdicts and figures, so a highlight and its
/// metric's detail can never disagree. A pure function of its inputs.
enum HighlightRanking {
  /// At most this many highlights, across all categories.
  static let limit = 5

  /// How many of each kind make the first pass, so that one kind cannot crowd out the others;
  /// slots left over go to the rest in ranking order.
  static let firstPass: [Highlight.Kind: Int] = [.alert: 2, .level: 2, .change: 3, .link: 1, .gap: 1]

  /// A gap is a category whose data ends this many days or more before the latest data...
  static let gapDays = 7
  /// ...and no more than this many: a measure given up long ago is no news.
  static let gapHorizon = 90

  /// The highlights of a run: `alerts` (active early warnings) and `links` (strong links between
  /// metrics) as their finders wrote them, with the levels, changes and gaps of `outcomes`.
  static func highlights(
    outcomes: [InsightOutcome], recency: DataRecency, asOf: CalendarDay, units: DisplayUnits,
    alerts: [Highlight] = [], links: [Highlight] = []
  ) -> [Highlight] {
    let candidates =
      alerts + levels(outcomes) + changes(outcomes, units: units) + links
      + gaps(outcomes, recency: recency, asOf: asOf)
    return ranked(candidates)
  }

  /// `candidates` in ranking order: kind first (an alert, a level, a change, a link, a gap), then
  /// strength; at most `limit`, each kind held to its first-pass share, and to one change per
  /// category, while others wait.
  static func ranked(_ candidates: [Highlight]) -> [Highlight] {
    let ordered = candidates.enumerated().sorted { lhs, rhs in
      if lhs.element.kind != rhs.element.kind { return lhs.element.kind < rhs.element.kind }
      if lhs.element.strength != rhs.element.strength { return lhs.element.strength > rhs.element.strength }
      return lhs.offset < rhs.offset
    }.map(\.element)
    var chosen: [Int] = []
    var taken: [Highlight.Kind: Int] = [:]
    var changed: Set<HealthCategory> = []
    for (index, candidate) in ordered.enumerated() where chosen.count < limit {
      guard taken[candidate.kind, default: 0] < firstPass[candidate.kind, default: 0] else { continue }
      if candidate.kind == .change, let category = candidate.category {
        guard !changed.contains(category) else { continue }
        changed.insert(category)
      }
      taken[candidate.kind, default: 0] += 1
      chosen.append(index)
    }
    for index in ordered.indices where chosen.count < limit && !chosen.contains(index) { chosen.append(index) }
    return chosen.sorted().map { ordered[$0] }
  }

  // MARK: Candidates

  /// The insights that can speak for a level or a change: written, over a week or a month (one
  /// day is not a level, and a day's difference is rarely what stands out), shortest first.
  private static func judged(_ outcomes: [InsightOutcome]) -> [InsightOutcome] {
    outcomes.filter { $0.insight.status == .ok && $0.job.period != .daily }.sorted { $0.job.period < $1.job.period }
  }

  /// Levels far outside their healthy range, in the words the insight's summary leads with; the
  /// shortest period speaks for a metric. Stronger the further outside.
  static func levels(_ outcomes: [InsightOutcome]) -> [Highlight] {
    var seen: Set<String> = []
    var found: [Highlight] = []
    for outcome in judged(outcomes) {
      for assessment in outcome.insight.metrics where !seen.contains(assessment.metric) {
        guard (assessment.trend.evidence ?? .enough) == .enough, let metric = assessment.trend.catalogueMetric,
          let sentence = HeuristicPhrases.farLevelLead(metric: metric, value: assessment.current)
        else { continue }
        seen.insert(assessment.metric)
        var distance = 0.0
        if let range = HeuristicPhrases.healthyRange(metric: metric) {
          let outside = max(range.lowerBound - assessment.current, assessment.current - range.upperBound, 0)
          let size = metric.meaningfulChange.threshold(baseline: assessment.baseline)
          distance = size > 0 ? outside / size : outside
        }
        found.append(
          Highlight(
            kind: .level, sentence: sentence, metric: metric.id, category: outcome.job.category,
            period: outcome.job.period, detail: Highlight.detail(outcome.job.category, outcome.job.period),
            strength: distance))
      }
    }
    return found
  }

  /// Changes the insights call improving or declining, one per metric (the period where it is
  /// largest), ranked by size in worth-mentioning thresholds; a metric already named for its
  /// level is not named again.
  static func changes(_ outcomes: [InsightOutcome], units: DisplayUnits) -> [Highlight] {
    let named = Set(levels(outcomes).compactMap(\.metric))
    var best: [String: (outcome: InsightOutcome, assessment: MetricAssessment)] = [:]
    var order: [String] = []
    for outcome in judged(outcomes) {
      for assessment in outcome.insight.metrics
      where assessment.assessment != .stable && !named.contains(assessment.metric) {
        if let current = best[assessment.metric] {
          if assessment.trend.weight > current.assessment.trend.weight {
            best[assessment.metric] = (outcome, assessment)
          }
        } else {
          best[assessment.metric] = (outcome, assessment)
          order.append(assessment.metric)
        }
      }
    }
    return order.compactMap { id in
      guard let (outcome, assessment) = best[id], let metric = assessment.trend.catalogueMetric else { return nil }
      return Highlight(
        kind: .change, sentence: changeSentence(assessment, metric: metric, period: outcome.job.period, units: units),
        metric: id, category: outcome.job.category, period: outcome.job.period,
        detail: Highlight.detail(outcome.job.category, outcome.job.period), strength: assessment.trend.weight)
    }
  }

  /// "Resting heart rate went the wrong way this week: 64 bpm vs your usual 60 bpm, +4 bpm (+7 %)."
  /// The verdict is the insight's, the figures are those its detail shows.
  static func changeSentence(
    _ assessment: MetricAssessment, metric: Metric, period: InsightPeriod, units: DisplayUnits
  ) -> String {
    let (now, usual, change) = MetricFigures.figures(assessment, period: period, units: units)
    let verdict = assessment.assessment == .improving ? "improved" : "went the wrong way"
    return "\(metric.name) \(verdict) \(period.summaryPhrase): \(now) vs your usual \(usual), \(change)."
  }

  /// Categories whose data stopped arriving while other data kept coming: between `gapDays` and
  /// `gapHorizon` days before the latest data, for a category measured day by day. The most
  /// recent stop ranks first.
  static func gaps(_ outcomes: [InsightOutcome], recency: DataRecency, asOf: CalendarDay) -> [Highlight] {
    guard let latest = recency.lastDay else { return [] }
    let reference = min(latest, asOf.adding(days: -1))
    var categories: [HealthCategory] = []
    for outcome in outcomes where !categories.contains(outcome.job.category) { categories.append(outcome.job.category) }
    return categories.compactMap { category in
      guard let last = recency.byCategory[category],
        MetricCatalogue.metrics(in: category).contains(where: { !$0.isOccasional })
      else { return nil }
      let days = last.days(to: reference)
      guard days >= gapDays && days <= gapHorizon else { return nil }
      let name = category == .body ? "body measurements" : category.dataName
      let detail = outcomes.filter { $0.job.category == category }.map(\.job.period).max() ?? .monthly
      return Highlight(
        kind: .gap,
        sentence:
          "No \(name) since \(last.iso), \(DataGuidance.count(days, "day")) before your latest data: "
          + "the device or app that recorded it may have stopped writing to Health.",
        category: category, period: detail, detail: Highlight.detail(category, detail), strength: 1 / Double(days))
    }
  }
}
