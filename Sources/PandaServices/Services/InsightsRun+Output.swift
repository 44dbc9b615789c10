import PandaAnalysis
import PandaCore
import PandaStore

extension InsightsRun {
  /// What an insights run found: the insights, and from the same snapshot the early warnings,
  /// the links and where the data ends. Every front end words this one value, so they cannot
  /// tell different stories.
  package struct Output {
    /// The day analysed as of.
    package var asOf: CalendarDay
    /// Whether the run looked at today rather than a day in the past.
    var isAsOfToday: Bool
    /// The name of the provider that wrote the insights.
    package var provider: String
    /// Each job's insight, in report order.
    package var outcomes: [InsightOutcome]
    /// The daily values the insights were written from.
    package var snapshot: HealthSnapshot
    /// The early warnings and links found in `snapshot`.
    package var findings: ReportFindings
    /// Where the data ends.
    package var recency: DataRecency
    /// The units of the sentences.
    package var units: DisplayUnits

    /// The early warnings of the scan, ended ones included.
    var alerts: [HealthAlert] { findings.alerts.alerts }
    /// The links found between metrics.
    var links: [MetricRelation] { findings.relations.relations }
    /// The menstrual cycle's figures, where Health records it and the run covers every category.
    var cycle: CycleSummary? { findings.cycle }

    /// The insights report, in the three forms a front end prints.
    package var report: InsightsReport {
      InsightsReport(
        asOf: asOf, provider: provider, outcomes: outcomes, isAsOfToday: isAsOfToday, recency: recency, units: units,
        alerts: findings.alertHighlights, links: findings.linkHighlights, warnings: alerts, cycle: findings.cycle)
    }

    /// What stands out, most important first: the report's highlights.
    var highlights: [Highlight] { report.highlights }
  }
}
