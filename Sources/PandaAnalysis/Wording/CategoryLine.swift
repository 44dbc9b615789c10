import PandaCore

/// One line of the short insights report for a category with data: the most important thing its
/// cards say, in one sentence with its figures. In order: a signal of an early warning still
/// going on, or of one that ended within the week, data that stopped arriving, a level outside its healthy range, the largest claim of
/// change over the week or the month, a clear difference that is neither good nor bad news, and
/// otherwise the category's lead figure, with why a difference worth mentioning is not yet a
/// clear change. A pure function of the run's outcomes.
struct CategoryLine: Equatable {
  /// What the line's mark says.
  enum Mark: Equatable {
    /// A warning, a gap or a level: something to look at.
    case attention
    /// A change for the better.
    case improving
    /// A change for the worse.
    case declining
    /// Nothing clear either way.
    case neutral
  }

  /// The category.
  var category: HealthCategory
  /// What the mark says.
  var mark: Mark
  /// The sentence: "Time asleep down this week, declining: 6 h 10 min vs your usual 6 h 50 min."
  var sentence: String

  /// The lines of the categories of `outcomes` that had data, in report order; `missing` are the
  /// categories without, which get no line here. `warnings` are the early warnings still going
  /// on; `asOf` and `recency` place a gap as "What stands out" does.
  static func all(
    outcomes: [InsightOutcome], missing: [HealthCategory], recency: DataRecency, asOf: CalendarDay,
    units: DisplayUnits, warnings: [HealthAlert] = []
  ) -> [CategoryLine] {
    var categories: [HealthCategory] = []
    for outcome in outcomes where !categories.contains(outcome.job.category) && !missing.contains(outcome.job.category)
    {
      categories.append(outcome.job.category)
    }
    return categories.map { category in
      line(
        category, outcomes: outcomes.filter { $0.job.category == category }, recency: recency, asOf: asOf,
        units: units, warnings: warnings)
    }
  }

  private static func line(
    _ category: HealthCategory, outcomes: [InsightOutcome], recency: DataRecency, asOf: CalendarDay,
    units: DisplayUnits, warnings: [HealthAlert]
  ) -> CategoryLine {
    // An early warning's own figures: the cards point to it, and so does this line.
    for alert in warnings where alert.isActive {
      guard let signal = alert.signals.first(where: { MetricCatalogue.metric($0.metric)?.category == category })
      else { continue }
      let since = alert.days == 1 ? "on \(alert.start.iso)" : "since \(alert.start.iso)"
      let figure = AlertPhrases.figure(signal, first: true).capitalizedFirst
      return CategoryLine(category: category, mark: .attention, sentence: "\(figure) \(since): the warning above.")
    }
    // One that ended within the week: the weekly card tells it, and so does this line.
    let week = asOf.adding(days: -InsightPeriod.weekly.currentDays)
    for alert in warnings.reversed() where !alert.isActive && alert.end >= week {
      guard let signal = alert.signals.first(where: { MetricCatalogue.metric($0.metric)?.category == category })
      else { continue }
      let span = alert.days == 1 ? "on \(alert.start.iso)" : "from \(alert.start.iso) to \(alert.end.iso)"
      let back = alert.backInRange.map { ", back in range since \($0.iso)" } ?? ""
      let figure = AlertPhrases.figure(signal, first: true).capitalizedFirst
      return CategoryLine(
        category: category, mark: .attention, sentence: "\(figure) \(span): an early warning\(back).")
    }
    if !HighlightRanking.gaps(outcomes, recency: recency, asOf: asOf).isEmpty, let last = recency.byCategory[category] {
      let days = last.days(to: min(recency.lastDay ?? last, asOf.adding(days: -1)))
      return CategoryLine(
        category: category, mark: .attention,
        sentence: "No data since \(last.iso), \(days.counted("day")) before your latest data.")
    }
    let written = outcomes.filter { $0.insight.status == .ok }
    if let level = HighlightRanking.levels(written).first {
      return CategoryLine(category: category, mark: .attention, sentence: level.sentence)
    }
    let judged = written.filter { $0.job.period != .daily }.sorted { $0.job.period < $1.job.period }
    if let change = HighlightRanking.changes(judged, units: units).max(by: { $0.strength < $1.strength }),
      let outcome = judged.first(where: { $0.job.period == change.period }),
      let assessment = outcome.insight.metrics.first(where: { $0.metric == change.metric }),
      let metric = assessment.trend.catalogueMetric
    {
      // The direction in plain words, the verdict beside it: a resting heart rate that went
      // down is improving.
      let (now, usual, _) = MetricFigures.figures(assessment, period: outcome.job.period, units: units)
      let way = assessment.change > 0 ? "up" : "down"
      let improving = assessment.assessment == .improving
      return CategoryLine(
        category: category, mark: improving ? .improving : .declining,
        sentence:
          "\(metric.name) \(way) \(outcome.job.period.summaryPhrase), \(improving ? "improving" : "declining"): "
          + "\(now) vs your usual \(usual).")
    }
    // A clear difference that is neither better nor worse (weight), the largest.
    let clear = judged.flatMap { outcome in
      outcome.insight.metrics.filter { HeuristicPhrases.verdict($0.trend) == .clear }.map { (outcome, $0) }
    }
    if let (outcome, assessment) = clear.max(by: { $0.1.trend.weight < $1.1.trend.weight }),
      let metric = assessment.trend.catalogueMetric
    {
      let (now, usual, change) = MetricFigures.figures(assessment, period: outcome.job.period, units: units)
      let way = assessment.change > 0 ? "higher" : "lower"
      return CategoryLine(
        category: category, mark: .neutral,
        sentence:
          "\(metric.name) \(way) than usual \(outcome.job.period.summaryPhrase): \(now) vs your usual \(usual), \(change)."
      )
    }
    // Nothing clear: the category's first metric with enough readings, over the shortest period.
    let catalogue = MetricCatalogue.metrics(in: category).map(\.id)
    let compared = (judged + written.filter { $0.job.period == .daily }).flatMap { outcome in
      outcome.insight.metrics.filter { ($0.trend.evidence ?? .enough) == .enough }.map { (outcome, $0) }
    }
    let lead = compared.min { lhs, rhs in
      (catalogue.firstIndex(of: lhs.1.metric) ?? .max) < (catalogue.firstIndex(of: rhs.1.metric) ?? .max)
    }
    guard let (outcome, assessment) = lead, let metric = assessment.trend.catalogueMetric else {
      let when = judged.first?.job.period.summaryPhrase ?? written.first?.job.period.summaryPhrase
      return CategoryLine(
        category: category, mark: .neutral,
        sentence: "Too few readings to call a trend" + (when.map { " \($0)" } ?? "") + ".")
    }
    let (now, usual, _) = MetricFigures.figures(assessment, period: outcome.job.period, units: units)
    let when = outcome.job.period.summaryPhrase
    guard HeuristicPhrases.verdict(assessment.trend) == .withinNoise else {
      return CategoryLine(
        category: category, mark: .neutral,
        sentence: "No clear change \(when): \(HeuristicPhrases.lowercasedName(metric)) \(now) vs your usual \(usual).")
    }
    // A difference worth mentioning that is not yet clear says why, as its card does.
    let why =
      assessment.trend.daysVaryALot
      ? "but your days vary a lot, so it is not a clear change yet" : "not a clear change yet"
    return CategoryLine(
      category: category, mark: .neutral, sentence: "\(metric.name) \(now) \(when) vs your usual \(usual), \(why).")
  }
}
