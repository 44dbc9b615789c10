/// What a card says of a metric that is a signal of an early warning still going on: the
/// warning's own figures and a pointer to it, in place of the card's comparison, whose windows
/// and baseline differ. The card and the warning then tell one story.
package enum WarningReference {
  /// The sentence that stands for `metric`'s card sentence while one of `warnings` that is still
  /// going on has it among its signals; `nil` otherwise.
  static func sentence(metric: String, during warnings: [HealthAlert]) -> String? {
    for warning in warnings where warning.isActive {
      guard let signal = warning.signals.first(where: { $0.metric == metric }) else { continue }
      let since = warning.days == 1 ? "on \(warning.start.iso)" : "since \(warning.start.iso)"
      return
        "Part of the warning above: \(since), \(AlertPhrases.figure(signal, first: true)). "
        + "`panda alerts` has the detail."
    }
    return nil
  }

  /// The metrics that are signals of an early warning still going on: no change of theirs
  /// stands out beside the warning, whose figures say it.
  package static func warnedMetrics(_ warnings: [HealthAlert]) -> Set<String> {
    Set(warnings.filter(\.isActive).flatMap { $0.signals.map(\.metric) })
  }

}
