import Foundation
import PandaCore

/// Highlights of the early warnings and the links between metrics, in the words `panda alerts`
/// and `panda relations` use.
extension Highlight {
  /// A link counts as strong, and may stand out, at this false-discovery q-value or below (five
  /// times stricter than the bar that lets `panda relations` report it).
  static let strongLinkQValue = 0.01

  /// An early warning still going on: the alert's own sentence.
  init(alert: HealthAlert) {
    self.init(
      kind: .alert, sentence: alert.sentence, metric: alert.signals.first?.metric,
      category: alert.signals.first.flatMap { MetricCatalogue.metric($0.metric)?.category }, detail: "alerts",
      strength: Double(alert.signals.count))
  }

  /// A link between two metrics, or of a tag or symptom (detailed under "What you logged"): the
  /// relation's own sentence; the clearer, the stronger.
  init(relation: MetricRelation) {
    self.init(
      kind: .link, sentence: relation.sentence, metric: relation.effect,
      category: MetricCatalogue.metric(relation.effect)?.category,
      detail: relation.taggedDays == nil ? "relations" : "logged",
      strength: -Foundation.log10(max(relation.qValue, 1e-300)))
  }

  /// The highlight candidates of an early-warning scan: the alert still going on, if any.
  package static func alerts(_ scan: AlertScan) -> [Highlight] {
    scan.alerts.filter(\.isActive).map(Highlight.init(alert:))
  }

  /// The highlight candidates of a search for links: the strong ones.
  package static func links(_ search: RelationSearch) -> [Highlight] {
    search.relations.filter { $0.qValue <= strongLinkQValue }.map(Highlight.init(relation:))
  }
}
