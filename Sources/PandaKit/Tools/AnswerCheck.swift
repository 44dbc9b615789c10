import Foundation

/// Keeps the sentences of a model's answer that a person can trust: every figure, date and count
/// is in the tools' answers of this conversation or follows from them by the arithmetic people
/// do (a mean or total of a series' days, of its first or last days, of its weekdays or weekend
/// days; a difference or percent change; a minimum or maximum with its day; the days meeting a
/// condition among the days fetched), written as people write it (rounded, hedged, hours in
/// minutes); in its unit, and on its day when a day is named. No sentence diagnoses, speaks of
/// risk, or claims a streak or correlation no tool computed. An answer about the person with no
/// tool answer behind it is withheld whole. The rest is withheld, with the reason.
public struct AnswerCheck: Sendable {
  /// A sentence taken out of the answer, and why.
  public struct Withheld: Sendable, Equatable, Encodable {
    /// The sentence as the model wrote it.
    public var sentence: String
    /// Why, one of the reasons below.
    public var reason: String
  }

  /// Why a sentence is withheld.
  static let inventedFigure = "a figure not in your data"
  static let inventedDate = "a date not in the data fetched"
  static let diagnosis = "a diagnosis"
  static let risk = "a judgement of risk the figures cannot make"
  static let streak = "a streak no tool computed"
  static let correlation = "a correlation no tool computed"
  static let noToolCall = "no tool was called: nothing in the answer comes from your data"

  private let figures: AnswerFigures
  /// Whether any tool answered: without one, nothing about the person can be grounded.
  private let hasResults: Bool
  /// Clinician notes panda itself gave, passed on as they are.
  private let notes: [String]

  /// The check for answers drawn from `results`, the tools' structured answers.
  public init(results: [JSONValue]) {
    figures = AnswerFigures(results: results)
    hasResults = !results.isEmpty
    notes = figures.strings.filter { $0.count > 20 && MeaningCheck.diagnosis(in: $0, allowedNotes: []) != nil }
  }

  /// The answer split into what is shown and what is withheld.
  public func check(_ answer: String) -> (shown: String, withheld: [Withheld]) {
    let lines = answer.split(separator: "\n", omittingEmptySubsequences: false).map { Self.sentences(String($0)) }
    let all = lines.flatMap { $0 }
    // The values written anywhere in the answer that are figures themselves: a difference or
    // percent change between two of them is the reader's own arithmetic.
    let written = all.flatMap { sentence in
      Grounding.numbers(in: Self.withoutDates(sentence).text).filter(isDirectFigure).map(\.value)
    }
    if !hasResults, all.contains(where: Self.isAboutThePerson) {
      let withheld = all.map { Withheld(sentence: $0, reason: Self.noToolCall) }
      return ("", withheld)
    }
    var withheld: [Withheld] = []
    var shownLines: [String] = []
    for (index, sentences) in lines.enumerated() {
      var kept: [String] = []
      for sentence in sentences {
        if let reason = problem(sentence, written: written) {
          withheld.append(Withheld(sentence: sentence, reason: reason))
        } else {
          kept.append(sentence)
        }
      }
      let original = answer.split(separator: "\n", omittingEmptySubsequences: false)[index]
      let text = kept.joined(separator: " ")
      if original.allSatisfy(\.isWhitespace) {
        shownLines.append("")
      } else if !kept.isEmpty,
        !text.trimmingCharacters(in: CharacterSet(charactersIn: " -*•0123456789.")).isEmpty
      {
        let marker = original.prefix { " -*•".contains($0) }
        shownLines.append(text.hasPrefix(String(marker)) ? text : String(marker) + text)
      }
    }
    var shown = shownLines.joined(separator: "\n")
    while shown.contains("\n\n\n") { shown = shown.replacingOccurrences(of: "\n\n\n", with: "\n\n") }
    return (shown.trimmingCharacters(in: .whitespacesAndNewlines), withheld)
  }

  /// Why `sentence` cannot be shown, if it cannot; `written` are the figures the answer states.
  func problem(_ sentence: String, written: [Double] = []) -> String? {
    if MeaningCheck.diagnosis(in: sentence, allowedNotes: notes) != nil { return Self.diagnosis }
    let lowered = sentence.lowercased()
    if Self.riskTerms.contains(where: lowered.contains) { return Self.risk }
    if !hasResults { return Self.isAboutThePerson(sentence) ? Self.noToolCall : nil }
    if Self.streakTerms.contains(where: lowered.contains), !figures.keys.contains(where: { $0.contains("streak") }) {
      return Self.streak
    }
    if Self.correlationTerms.contains(where: lowered.contains),
      !figures.keys.contains(where: { $0.contains("correlation") })
    {
      return Self.correlation
    }
    let (text, dates) = Self.withoutDates(sentence)
    var named: [CalendarDay] = []
    for date in dates {
      let matching = figures.days.filter { date.matches($0) }
      if matching.isEmpty { return Self.inventedDate }
      named += matching
    }
    let numbers = Grounding.numbers(in: text)
    let thresholds = numbers.filter { !Self.countWords.contains($0.nextWord) && Self.family(of: $0) != nil }
    let counts = numbers.filter { Self.countWords.contains($0.nextWord) }
    for (position, number) in numbers.enumerated() {
      let previous = position > 0 ? numbers[position - 1] : nil
      if !isGrounded(number, after: previous, days: named, thresholds: thresholds, counts: counts, written: written) {
        return Self.inventedFigure
      }
    }
    // "no steps on 2025-06-10": a zero, on that day.
    for family in Self.zeroClaims(in: lowered) {
      let values =
        named.isEmpty ? figures.figures[family] ?? [] : named.flatMap { figures.dayValues[$0]?[family] ?? [] }
      if !values.contains(where: { $0 < 0.5 }) { return Self.inventedFigure }
    }
    return nil
  }

  // MARK: Numbers

  private func isDirectFigure(_ number: Grounding.WrittenNumber) -> Bool {
    guard !number.isClockTime else { return false }
    let families = Self.family(of: number).map { [$0] } ?? Array(figures.figures.keys)
    return families.contains { family in
      Self.near(number, figures.figures[family] ?? [], scale: scale(number))
        || Self.near(number, figures.derived[family] ?? [], scale: scale(number))
    }
  }

  /// Minutes are checked against hours.
  private func scale(_ number: Grounding.WrittenNumber) -> Double {
    Self.minuteWords.contains(number.nextWord) ? 1.0 / 60 : 1
  }

  private func isGrounded(
    _ number: Grounding.WrittenNumber, after previous: Grounding.WrittenNumber?, days: [CalendarDay],
    thresholds: [Grounding.WrittenNumber], counts: [Grounding.WrittenNumber], written: [Double]
  ) -> Bool {
    if number.isClockTime { return false }
    let family = Self.family(of: number)
    // "6 h 11 min": the minutes of a figure in hours.
    if Self.minuteWords.contains(number.nextWord), let previous, Self.hourWords.contains(previous.nextWord) {
      return Self.near(number, figures.figures["minutePart"] ?? [], scale: 1)
    }
    if family == "count" {
      if Grounding.windowLengths.contains(number.value) { return true }
      if Self.near(number, figures.figures["count"] ?? [], scale: 1) { return true }
      return isConditionCount(number, thresholds: thresholds)
    }
    // A threshold of a count of days ("under 6 hours on 3 nights") is the condition, not a claim.
    if thresholds.contains(where: { $0 == number }) && isThresholdOfACount(number, counts: counts) { return true }
    if let family, !days.isEmpty {
      let values = days.flatMap { figures.dayValues[$0]?[family] ?? [] }
      if !values.isEmpty {
        return Self.near(number, values, scale: scale(number)) || isComparison(number, family: family, written: written)
      }
    }
    if family == nil, number.value >= 1900, number.value <= 2100, number.value.rounded() == number.value,
      figures.days.contains(where: { $0.components.year == Int(number.value) })
    {
      return true
    }
    let families = family.map { [$0] } ?? Array(figures.figures.keys.filter { $0 != "minutePart" })
    for candidate in families {
      if Self.near(number, figures.figures[candidate] ?? [], scale: scale(number)) { return true }
      if Self.near(number, figures.derived[candidate] ?? [], scale: scale(number)) { return true }
    }
    if GuidelineFigures.contains(number.value, unitWord: number.nextWord) { return true }
    if let family { return isComparison(number, family: family, written: written) }
    return families.contains { isComparison(number, family: $0, written: written) }
  }

  /// Whether the number is a difference or percent change of two figures: two headline figures
  /// of one unit (means, totals, changes), or two figures the answer itself states.
  private func isComparison(_ number: Grounding.WrittenNumber, family: String, written: [Double]) -> Bool {
    let operands = Array(Set((figures.headline[family] ?? []) + written)).sorted()
    guard operands.count > 1 else { return false }
    let value = number.value * scale(number)
    let tolerance = max(number.tolerance, number.cutStep) * scale(number) + 1e-9
    let isPercent = number.nextWord == "percent" || number.nextWord.isEmpty
    for (index, first) in operands.enumerated() {
      for second in operands[(index + 1)...] {
        if abs((second - first) - value) <= tolerance { return true }
        if isPercent, first > 0, abs((second - first) / first * 100 - number.value) <= max(number.tolerance, 0.5) {
          return true
        }
        if isPercent, second > 0, abs((second - first) / second * 100 - number.value) <= max(number.tolerance, 0.5) {
          return true
        }
      }
    }
    return false
  }

  /// Whether a count of days is the number of days of a series fetched that meet one of the
  /// sentence's conditions (at least, more than, under, below a threshold it names).
  private func isConditionCount(_ number: Grounding.WrittenNumber, thresholds: [Grounding.WrittenNumber]) -> Bool {
    if figures.series.contains(where: { Double($0.values.count) == number.value }) { return true }
    return thresholds.contains { threshold in
      guard let family = Self.family(of: threshold) else { return false }
      return conditionCounts(threshold, family: family).contains(number.value)
    }
  }

  /// Whether one of the sentence's counts of days is the count of days meeting `threshold`.
  private func isThresholdOfACount(_ threshold: Grounding.WrittenNumber, counts: [Grounding.WrittenNumber]) -> Bool {
    guard let family = Self.family(of: threshold) else { return false }
    let found = conditionCounts(threshold, family: family)
    return counts.contains { found.contains($0.value) }
  }

  /// The counts of days at or above, above, below or at or under `threshold` in each series of
  /// its unit.
  private func conditionCounts(_ threshold: Grounding.WrittenNumber, family: String) -> [Double] {
    let limit = threshold.value * scale(threshold)
    return figures.series.filter { $0.family == family }.flatMap { series -> [Double] in
      let values = series.values.map(\.value)
      return [
        values.filter { $0 >= limit }, values.filter { $0 > limit }, values.filter { $0 < limit },
        values.filter { $0 <= limit },
      ].map { Double($0.count) }
    }
  }

  private static func near(_ number: Grounding.WrittenNumber, _ values: [Double], scale: Double) -> Bool {
    let value = number.value * scale
    let tolerance = number.tolerance * scale + 1e-9
    let cut = number.cutStep * scale
    return values.contains { figure in
      abs(figure - value) <= tolerance || (figure >= value - 1e-9 && figure < value + cut - 1e-9)
    }
  }

  // MARK: Words

  private static let hourWords: Set<String> = ["h", "hr", "hrs", "hour", "hours"]
  private static let minuteWords: Set<String> = ["min", "mins", "minute", "minutes"]
  private static let countWords: Set<String> = [
    "day", "days", "night", "nights", "times", "workouts", "workout", "runs", "run", "walks", "walk", "sessions",
    "session", "weeks", "week", "months", "month", "metrics", "readings",
  ]

  /// The unit family a number's next word names, if it names one.
  static func family(of number: Grounding.WrittenNumber) -> String? {
    let word = number.nextWord
    if hourWords.contains(word) || minuteWords.contains(word) { return "time" }
    if countWords.contains(word) { return "count" }
    switch word {
    case "steps", "step": return "steps"
    case "km", "kilometres", "kilometers", "kilometre", "kilometer": return "km"
    case "kcal", "calories", "cal", "kilocalories": return "kcal"
    case "bpm", "beats": return "bpm"
    case "ms", "milliseconds": return "ms"
    case "kg", "kilograms", "kilos": return "kg"
    case "flights", "floors": return "flights"
    case "percent": return "%"
    default: return nil
    }
  }

  private static func zeroClaims(in lowered: String) -> [String] {
    let words = lowered.split { !$0.isLetter }.map(String.init)
    var families: [String] = []
    for (index, word) in words.enumerated() where ["no", "zero"].contains(word) && index + 1 < words.count {
      let number = Grounding.WrittenNumber(text: "0", value: 0, tolerance: 0, nextWord: words[index + 1])
      if let family = family(of: number), family != "count" { families.append(family) }
    }
    return families
  }

  static let riskTerms = [
    "dangerous", "danger", "at risk", "risk of", "risky", "high risk", "unhealthy", "alarming", "worrying",
    "burnout", "burn-out", "overtrain", "sleep deprivation", "sleep-deprived", "sleep deprived", "deficien",
    "abnormal", "life-threatening", "emergency", "fatal", "health problem", "harmful", "red flag", "warning sign",
  ]
  static let streakTerms = ["streak", "in a row", "consecutive", "straight days", "straight nights"]
  static let correlationTerms = [
    "correlat", "linked to", "associated with", "relationship between", "tied to", "caused", "because of your",
    "due to your", "led to", "goes hand in hand",
  ]

  /// Whether a sentence speaks of the person or their data (second person, a figure, a health word).
  static func isAboutThePerson(_ sentence: String) -> Bool {
    let words = Set(sentence.lowercased().split { !$0.isLetter && $0 != "'" }.map(String.init))
    if !words.isDisjoint(with: ["you", "your", "you're", "you've", "yours", "my", "i"]) { return true }
    if sentence.contains(where: \.isNumber) { return true }
    return !words.isDisjoint(with: [
      "sleep", "slept", "steps", "heart", "rate", "hrv", "workout", "workouts", "weight", "calories", "walked",
    ])
  }

  /// The sentences of one line: split after `.`, `!` or `?` followed by a space or the end,
  /// never inside a number (`6.5`).
  static func sentences(_ line: String) -> [String] {
    var sentences: [String] = []
    var current = ""
    let characters = Array(line)
    for (index, character) in characters.enumerated() {
      current.append(character)
      let next = index + 1 < characters.count ? characters[index + 1] : " "
      if ".!?".contains(character) && next == " " {
        sentences.append(current.trimmingCharacters(in: .whitespaces))
        current = ""
      }
    }
    if !current.trimmingCharacters(in: .whitespaces).isEmpty {
      sentences.append(current.trimmingCharacters(in: .whitespaces))
    }
    return sentences
  }
}
