import PandaCore
import PandaStore

/// Every comparison a full report makes as of a snapshot's day, every category over every
/// period whichever of them a run shows, and the one bar they set together for a change to be
/// claimed (see `FalseClaimControl`): a report on one category claims what the whole report would.
package struct ReportTrends: Sendable {
  /// The p-value a change must reach to be claimed in this report.
  let bar: Double
  private let outcomes: [Key: TrendCalculator.Outcome]
  /// The menstrual cycles Health records, which the trends of the metrics the luteal phase
  /// moves take into account (`nil` without any).
  private let cycles: CycleCalendar?

  private struct Key: Hashable, Sendable {
    var metric: String
    var period: InsightPeriod
  }

  private init(bar: Double, outcomes: [Key: TrendCalculator.Outcome], cycles: CycleCalendar?) {
    self.bar = bar
    self.outcomes = outcomes
    self.cycles = cycles
  }

  /// The report's comparisons and their Benjamini–Hochberg bar over the p-values of those with
  /// enough readings; where Health records the menstrual cycle, with the person's luteal shift
  /// taken into account (see `TrendCalculator.trend`).
  package static func of(_ snapshot: HealthSnapshot) -> ReportTrends {
    let lastDay = snapshot.asOf.adding(days: -1)
    let cycles = snapshot.cycles
    var outcomes: [Key: TrendCalculator.Outcome] = [:]
    var pValues: [Double] = []
    for category in HealthCategory.analysed {
      for series in snapshot.series(in: category) where series.metric.isTrended {
        for period in InsightPeriod.allCases {
          let outcome = TrendCalculator.trend(series, period: period, lastDay: lastDay, cycles: cycles)
          outcomes[Key(metric: series.metric.id, period: period)] = outcome
          if case .trend(let trend) = outcome, trend.evidence == .enough, let p = trend.pValue {
            pValues.append(p)
          }
        }
      }
    }
    return ReportTrends(bar: FalseClaimControl.bar(for: pValues), outcomes: outcomes, cycles: cycles)
  }

  /// The trend of `series` over `period` held to the report's bar, or why there is none.
  func outcome(_ series: MetricSeries, period: InsightPeriod, lastDay: CalendarDay) -> TrendCalculator.Outcome {
    switch outcomes[Key(metric: series.metric.id, period: period)] {
    case .trend(let trend):
      return .trend(TrendCalculator.judged(trend, metric: series.metric, bar: bar))
    case .shortfall(let shortfall):
      return .shortfall(shortfall)
    case nil:
      return TrendCalculator.trend(series, period: period, lastDay: lastDay, bar: bar, cycles: cycles)
    }
  }

  /// Whether the claims of `insight`, made under the bar of the run that wrote it, are the ones
  /// this report's bar makes of the same figures: a cached insight is reused only then.
  func holds(_ insight: Insight) -> Bool { Self.holds(insight, under: bar) }

  /// Whether the claims of `insight` are the ones `bar` makes of its figures; an insight cached
  /// before p-values were recorded never is.
  static func holds(_ insight: Insight, under bar: Double) -> Bool {
    insight.metrics.allSatisfy { assessment in
      let trend = assessment.trend
      guard trend.evidence == .enough, let size = trend.size, size != .negligible else { return true }
      guard let p = trend.pValue else { return false }
      return (size == .clear) == (p <= bar)
    }
  }
}
