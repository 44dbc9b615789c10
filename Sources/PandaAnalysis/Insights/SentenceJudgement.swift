/// The sentences a model wrote for one insight: how many were judged, and how many were
/// withheld for each reason.
package struct SentenceJudgement: Codable, Sendable, Equatable {
  /// Sentences of the reply shown that were judged.
  var judged: Int
  /// Withheld sentences by reason ("figure panda did not give").
  var withheld: [String: Int]

  /// The reason for a sentence left out with the part it stood in, which failed a check of the
  /// whole part.
  static let partFailed = "its part failed a check"

  init(judged: Int, withheld: [String: Int]) {
    self.judged = judged
    self.withheld = withheld
  }

  /// Withheld sentences of every reason.
  var withheldCount: Int { withheld.values.reduce(0, +) }

  /// One line for standard error on what `judgements` withheld, or nil when nothing was:
  /// "withheld 5 of 62 sentences the model wrote (3 figure panda did not give, 2 not English)".
  package static func summary(_ judgements: [SentenceJudgement]) -> String? {
    var reasons: [String: Int] = [:]
    for judgement in judgements { reasons.merge(judgement.withheld, uniquingKeysWith: +) }
    let withheld = reasons.values.reduce(0, +)
    guard withheld > 0 else { return nil }
    let judged = judgements.map(\.judged).reduce(0, +)
    let why = reasons.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    return "withheld \(withheld) of \(judged) sentences the model wrote (\(why)); "
      + "the offline analyzer's words stand where a part was left empty"
  }
}
