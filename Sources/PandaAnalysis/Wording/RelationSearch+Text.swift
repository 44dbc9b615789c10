import PandaCore

extension RelationSearch {
  /// The one line said when no pair could be tested; `nil` when some pair was.
  package var shortfallSentence: String? {
    guard tested == 0 else { return nil }
    let span = "\(from.iso) to \(to.iso)"
    guard let needed = daysNeeded, let best = shortPairs.max(by: { $0.days < $1.days }) else {
      return "No links to look for from \(span): they need sleep together with HRV or resting heart rate, "
        + "or daily activity together with sleep (an Apple Watch worn day and night records both)."
    }
    let cause = MetricCatalogue.metric(best.candidate.cause)?.name.lowercased() ?? best.candidate.cause
    let effect = MetricCatalogue.metric(best.candidate.effect)?.name.lowercased() ?? best.candidate.effect
    return "Not enough days to look for links yet: the closest pair (\(cause) with \(effect)) has "
      + "\(best.days) of the \(RelationFinder.minimumDays) paired days it needs, \(needed) more."
  }

  /// The links as text: a headline, one sentence per link, and what a link means.
  package var text: String {
    if let shortfallSentence { return shortfallSentence + "\n" }
    let span = "\(from.iso) to \(to.iso)"
    let pairs = "\(tested) pair\(tested == 1 ? "" : "s") tested"
    guard !relations.isEmpty else {
      return "No links from \(span): of \(pairs), none went together beyond what chance explains.\n"
    }
    let count = relations.count
    var text = "Links from \(span) (\(pairs), \(count) link\(count == 1 ? "" : "s") at a 5 % false-discovery rate):\n"
    for relation in relations { text += "  \(relation.sentence)\n" }
    text += "These went together in your days; that does not show that one causes the other.\n"
    return text
  }
}
