import Foundation

/// Checks what a model's words mean, beyond their numbers: a message must not state the
/// opposite direction of its metric's change, must not call a stable metric clearly better or
/// worse, must not contradict panda's assessment, and no text may name a disease or diagnose.
enum MeaningCheck {
  private static let upWords: Set<String> = [
    "higher", "more", "up", "rose", "risen", "rise", "increased", "increase", "increasing", "above", "longer",
    "climbed", "gained", "grew", "rising", "raised",
  ]
  private static let downWords: Set<String> = [
    "lower", "less", "fewer", "down", "fell", "fallen", "dropped", "drop", "decreased", "decrease", "decreasing",
    "below", "shorter", "declined", "lost", "falling", "dipped", "reduced",
  ]
  private static let intensifiers: Set<String> = [
    "clearly", "significantly", "much", "markedly", "sharply", "substantially", "dramatically", "considerably",
    "far", "noticeably", "a lot",
  ]
  private static let comparatives: Set<String> = [
    "higher", "lower", "better", "worse", "more", "less", "up", "down", "above", "below", "fewer", "longer",
    "shorter",
  ]
  private static let betterWords = ["improv", "better"]
  private static let worseWords = ["worse", "worsen", "deteriorat"]

  /// Names of diseases and diagnosing phrases no insight may use; a clinician note panda gives
  /// itself is passed on as it is.
  static let diagnosisTerms: [String] = [
    "apnea", "apnoea", "diabetes", "diabetic", "hypertension", "hypotension", "arrhythmia", "atrial fibrillation",
    "afib", "a-fib", "tachycardia", "bradycardia", "heart disease", "heart condition", "heart failure",
    "heart attack", "cardiac", "stroke", "insomnia", "narcolepsy", "depression", "depressed", "anxiety disorder",
    "disorder", "syndrome", "disease", "infection", "covid", "copd", "asthma", "hypoxia", "hypoxemia", "cancer",
    "dementia", "obesity", "obese", "anemia", "anaemia", "thyroid", "you have a", "you may have", "you might have",
    "you suffer", "diagnos", "symptom of", "sign of a", "typical of",
  ]

  /// What is wrong with `message` about `trend`, if anything.
  static func problems(message: String, trend: MetricTrend, name: String) -> [String] {
    let words = self.words(message)
    var problems: [String] = []
    let saysUp = words.contains { upWords.contains($0) }
    let saysDown = words.contains { downWords.contains($0) }
    switch trend.direction {
    case .up where saysDown && !saysUp:
      problems.append("the message on \(name) says it went down, but it went up")
    case .down where saysUp && !saysDown:
      problems.append("the message on \(name) says it went up, but it went down")
    default:
      break
    }
    let lowered = message.lowercased()
    switch trend.assessment {
    case .stable:
      if claimsClearChange(words) || betterWords.contains(where: lowered.contains)
        || worseWords.contains(where: lowered.contains)
      {
        problems.append("\(name) is stable; the message must not call it clearly changed, better or worse")
      }
    case .improving:
      if worseWords.contains(where: lowered.contains) && !betterWords.contains(where: lowered.contains) {
        problems.append("\(name) is improving; the message calls it worse")
      }
    case .declining:
      if betterWords.contains(where: lowered.contains) && !worseWords.contains(where: lowered.contains) {
        problems.append("\(name) is declining; the message calls it better")
      }
    }
    return problems
  }

  /// The diagnosis `text` makes, if any; `allowedNotes` are clinician notes panda itself gives.
  static func diagnosis(in text: String, allowedNotes: [String]) -> String? {
    if allowedNotes.contains(where: { text.contains($0) }) { return nil }
    let lowered = text.lowercased()
    return diagnosisTerms.first { term in
      guard let range = lowered.range(of: term) else { return false }
      let before = range.lowerBound == lowered.startIndex ? " " : lowered[lowered.index(before: range.lowerBound)]
      return !before.isLetter
    }
  }

  private static func claimsClearChange(_ words: [String]) -> Bool {
    for (index, word) in words.enumerated() where comparatives.contains(word) && index > 0 {
      if intensifiers.contains(words[index - 1]) { return true }
      if index > 1 && intensifiers.contains(words[index - 2] + " " + words[index - 1]) { return true }
    }
    return false
  }

  private static func words(_ text: String) -> [String] {
    text.lowercased().split { !$0.isLetter && $0 != "-" }.map(String.init)
  }
}
