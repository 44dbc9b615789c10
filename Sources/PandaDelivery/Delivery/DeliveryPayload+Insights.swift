import PandaAnalysis
import PandaCore

extension DeliveryPayload {
  /// A metric's latest daily value, as stored.
  struct LatestValue: Sendable, Equatable {
    /// The metric.
    package var metric: Metric
    /// The day the value belongs to.
    package var day: CalendarDay
    /// The value, in the metric's unit.
    var value: Double

    /// A value as read.
    init(metric: Metric, day: CalendarDay, value: Double) {
      self.metric = metric
      self.day = day
      self.value = value
    }
  }

  /// What a run's insights deliver: one item per insight that was written (not those without
  /// data or that failed), a headline naming an early warning still going on and what declined, and per metric its latest daily
  /// value (rounded as panda shows it) with the assessment and sentence of the shortest period
  /// that assessed it; no assessment where that period had too few readings to call a trend.
  /// `highlights` are what stands out, which the digest opens with; `overview` the lines per
  /// category that follow them. `dataEnds` is the last day with data when it is before the
  /// latest complete day: a run without insights then says where the data ends.
  static func insights(
    asOf: CalendarDay, provider: String, outcomes: [InsightOutcome], latest: [LatestValue],
    highlights: [Highlight] = [], overview: [String]? = nil, dataEnds: CalendarDay? = nil
  ) -> DeliveryPayload {
    let written = outcomes.filter { $0.insight.status == .ok }
    let items = written.map { outcome in
      Item(
        category: outcome.insight.category.displayName.capitalizedFirst, period: outcome.insight.period.rawValue,
        summary: outcome.insight.summary,
        declined: outcome.insight.metrics.contains { $0.assessment == .declining })
    }
    // An early warning still going on leads: no headline says all is calm under one.
    let warnings = highlights.filter { $0.kind == .alert }.map(\.sentence)
    let warning =
      warnings.isEmpty
      ? nil
      : (warnings.count == 1 ? "An early warning is going on" : "\(warnings.count) early warnings are going on")
        + " as of \(asOf.iso): \(warnings.joined(separator: " "))"
    let said: String?
    if items.isEmpty {
      said =
        outcomes.contains { $0.insight.status == .failed }
        ? "panda could not write insights as of \(asOf.iso); `panda insights` says why."
        : dataEnds.map {
          "panda has no insights as of \(asOf.iso): your data ends on \($0.iso), "
            + "\(($0.days(to: asOf.adding(days: -1))).counted("day")) before \(asOf.adding(days: -1).iso)."
        } ?? "panda has no insights as of \(asOf.iso): no category had enough recent data."
    } else {
      // One mention per category: "Sleep (daily, weekly), Mindfulness (monthly)".
      var periods: [String: [String]] = [:]
      var categories: [String] = []
      for item in items where item.declined {
        if periods[item.category] == nil { categories.append(item.category) }
        periods[item.category, default: []].append(item.period)
      }
      let declined = categories.map { "\($0) (\(periods[$0, default: []].joined(separator: ", ")))" }
      if !declined.isEmpty {
        said = "Declined as of \(asOf.iso): \(declined.joined(separator: ", "))."
      } else {
        said =
          warning == nil
          ? "Nothing declined in the \(items.count) insight\(items.count == 1 ? "" : "s") as of \(asOf.iso)." : nil
      }
    }
    let headline = [warning, said].compactMap { $0 }.joined(separator: " ")
    // The shortest period speaks for a metric: its window is the closest to the latest value.
    let byPeriod = written.sorted { $0.job.period < $1.job.period }
    let readings = latest.map { latest in
      let assessment = byPeriod.lazy.compactMap { outcome in
        outcome.insight.metrics.first { $0.metric == latest.metric.id }
      }.first
      // A trend called on too few readings is no assessment; its sentence says so.
      let judged = assessment.map { ($0.trend.evidence ?? .enough) == .enough } ?? false
      return Reading(
        metric: latest.metric.id, name: latest.metric.name, unit: latest.metric.unit,
        value: MetricFormatter.shown(latest.value, unit: latest.metric.unit), date: latest.day.iso,
        stateClass: latest.metric.aggregation == .sum ? "total" : "measurement",
        assessment: judged ? assessment?.assessment.rawValue : nil, sentence: assessment?.message)
    }
    var payload = DeliveryPayload(
      day: asOf.iso, provider: provider, headline: headline, insights: items, readings: readings)
    payload.highlights = highlights
    payload.overview = overview
    return payload
  }
}
