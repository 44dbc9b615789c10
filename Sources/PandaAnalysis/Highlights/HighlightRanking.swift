import PandaCore

/// "What stands out": the candidates a run's insights offer, ranked by what matters to the person
/// and cut to a few. Built from the insights' own verdicts and figures, so a highlight and its
/// metric's detail can never disagree. A pure function of its inputs.
package enum HighlightRanking {
  /// At most this many highlights, across all categories, unless more alerts and levels than
  /// that must all be said.
  static let limit = 5

  /// How many of each kind a round of the categories takes while others wait, so that one kind
  /// cannot crowd out the others; slots left over go to the rest in ranking order.
  static let firstPass: [Highlight.Kind: Int] = [.alert: 2, .level: 2, .change: 3, .link: 1, .gap: 1]

  /// A gap is a category whose data ends this many days or more before the latest data...
  static let gapDays = 7
  /// ...and no more than this many: a measure given up long ago is no news.
  static let gapHorizon = 90

  /// The highlights of a run: `alerts` (active early warnings) and `links` (strong links between
  /// metrics) as their finders wrote them, with the levels, changes and gaps of `outcomes`. The
  /// change of a `warned` metric, a signal of an early warning still going on, is left to the
  /// warning's own figures.
  package static func highlights(
    outcomes: [InsightOutcome], recency: DataRecency, asOf: CalendarDay, units: DisplayUnits,
    alerts: [Highlight] = [], links: [Highlight] = [], warned: Set<String> = []
  ) -> [Highlight] {
    let changes = changes(outcomes, units: units).filter { !warned.contains($0.metric ?? "") }
    let candidates =
      alerts + levels(outcomes) + changes + links + gaps(outcomes, recency: recency, asOf: asOf)
    return ranked(candidates)
  }

  /// `candidates` in ranking order: kind first (an alert, a level, a change, a link, a gap), then
  /// strength. Every alert and every level is kept, however many: they are what a person must
  /// not miss. The other slots, up to `limit` in all, go round the categories: every category
  /// gets one item before any gets a second, and within a round each kind is held to its
  /// first-pass share while others wait.
  static func ranked(_ candidates: [Highlight]) -> [Highlight] {
    let ordered = candidates.enumerated().sorted { lhs, rhs in
      if lhs.element.kind != rhs.element.kind { return lhs.element.kind < rhs.element.kind }
      if lhs.element.strength != rhs.element.strength { return lhs.element.strength > rhs.element.strength }
      return lhs.offset < rhs.offset
    }.map(\.element)
    var chosen = ordered.indices.filter { ordered[$0].isNeverLeftOut }
    var perCategory: [HealthCategory: Int] = [:]
    var perKind: [Highlight.Kind: Int] = [:]
    for index in chosen {
      if let category = ordered[index].category { perCategory[category, default: 0] += 1 }
      perKind[ordered[index].kind, default: 0] += 1
    }
    var waiting = ordered.indices.filter { !ordered[$0].isNeverLeftOut }
    while chosen.count < limit, !waiting.isEmpty {
      // The fewest items of its category so far, then within its kind's share, then rank; an
      // item about no category is a category of its own.
      func key(_ index: Int) -> (Int, Int, Int) {
        let candidate = ordered[index]
        let round = candidate.category.map { perCategory[$0, default: 0] } ?? 0
        let over = perKind[candidate.kind, default: 0] < firstPass[candidate.kind, default: 0] ? 0 : 1
        return (round, over, index)
      }
      guard let next = waiting.min(by: { key($0) < key($1) }) else { break }
      waiting.removeAll { $0 == next }
      chosen.append(next)
      if let category = ordered[next].category { perCategory[category, default: 0] += 1 }
      perKind[ordered[next].kind, default: 0] += 1
    }
    return chosen.sorted().map { ordered[$0] }
  }

  /// A metric that says again what another says, as the day's steps and the distance walked:
  /// it takes no slot of its own when the other changed the same way. Only pairs where one is
  /// close to a fixed multiple of the other: walking distance is steps times stride, a
  /// workout's distance and energy grow with its minutes, body mass index is weight over a
  /// fixed height. Active energy and exercise minutes are not a pair: active energy counts every
  /// movement of the day, exercise only the brisk minutes.
  static let repeats: [String: String] = [
    "activity.distance": "activity.steps", "activity.workoutDistance": "activity.workoutMinutes",
    "activity.workoutEnergy": "activity.workoutMinutes", "body.bmi": "body.bodyMass",
  ]

  // MARK: Candidates

  /// The insights that can speak for a level or a change: written, over a week or a month (one
  /// day is not a level, and a day's difference is rarely what stands out), shortest first.
  private static func judged(_ outcomes: [InsightOutcome]) -> [InsightOutcome] {
    outcomes.filter { $0.insight.status == .ok && $0.job.period != .daily }.sorted { $0.job.period < $1.job.period }
  }

  /// Levels far outside their healthy range, in the words the insight's summary leads with, and
  /// every figure a card flags as worth mentioning to a clinician, in the card's words; the
  /// shortest period speaks for a metric, a week or a month with enough readings before a day or
  /// a few readings. Stronger the further outside.
  static func levels(_ outcomes: [InsightOutcome]) -> [Highlight] {
    var seen: Set<String> = []
    var found: [Highlight] = []
    func add(_ outcome: InsightOutcome, _ assessment: MetricAssessment, _ metric: Metric, _ sentence: String) {
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
    for outcome in judged(outcomes) {
      for assessment in outcome.insight.metrics where !seen.contains(assessment.metric) {
        guard (assessment.trend.evidence ?? .enough) == .enough, let metric = assessment.trend.catalogueMetric,
          let lead = HeuristicPhrases.farLevelLead(metric: metric, value: assessment.current)
        else { continue }
        let note = HeuristicPhrases.clinicianNote(metric: metric, value: assessment.current)
        add(outcome, assessment, metric, note.map { "\(lead) \($0)" } ?? lead)
      }
    }
    // A card says to see a clinician on any figure past the threshold, a day's or a few
    // readings' too: what a card flags is never missing from the top.
    let written = outcomes.filter { $0.insight.status == .ok }.sorted { lhs, rhs in
      (lhs.job.period == .daily ? 1 : 0, lhs.job.period) < (rhs.job.period == .daily ? 1 : 0, rhs.job.period)
    }
    for outcome in written {
      for assessment in outcome.insight.metrics where !seen.contains(assessment.metric) {
        guard let metric = assessment.trend.catalogueMetric,
          let note = HeuristicPhrases.clinicianNote(metric: metric, value: assessment.current)
        else { continue }
        let value = MetricFormatter.string(assessment.current, unit: metric.unit)
        add(outcome, assessment, metric, "\(metric.name) \(outcome.job.period.currentPhrase): \(value). \(note)")
      }
    }
    return found
  }

  /// Changes the insights call improving or declining, one per metric (the period where it is
  /// largest), ranked by size in worth-mentioning thresholds; a metric already named for its
  /// level is not named again, nor one that repeats another which changed the same way
  /// (`repeats`).
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
      if let other = repeats[id], let repeated = best[other]?.assessment,
        (repeated.change > 0) == (assessment.change > 0)
      {
        return nil
      }
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
          "No \(name) since \(last.iso), \(days.counted("day")) before your latest data: "
          + "the device or app that recorded it may have stopped writing to Health.",
        category: category, period: detail, detail: Highlight.detail(category, detail), strength: 1 / Double(days))
    }
  }
}
