import Foundation

/// Keeps the sentences of a model's answer that a person can trust: every figure is one the
/// tools returned, or follows from them as people compute (a mean or a sum of a series' days,
/// its first or last days, a difference, a percent change, hours in minutes), written as people write it
/// (rounded, hedged); and no sentence diagnoses. The rest is withheld, with the reason.
public struct AnswerCheck: Sendable {
  /// A sentence taken out of the answer, and why.
  public struct Withheld: Sendable, Equatable, Encodable {
    /// The sentence as the model wrote it.
    public var sentence: String
    /// Why: `a figure not in your data` or `a diagnosis`.
    public var reason: String
  }

  /// Why a sentence is withheld.
  static let inventedFigure = "a figure not in your data"
  static let diagnosis = "a diagnosis"

  /// The figures the tools returned, with their unit conversions.
  private let figures: [Double]
  /// Means and sums of consecutive values of one series.
  private let derived: [Double]
  /// The figures as returned, sorted, by unit: differences and percent changes are taken
  /// between figures of one unit only.
  private let groups: [String: [Double]]
  /// Clinician notes panda itself gave, passed on as they are.
  private let notes: [String]

  /// The check for answers drawn from `results`, the tools' structured answers.
  public init(results: [JSONValue]) {
    var collector = FigureCollector()
    for result in results { collector.collect(result, unit: nil) }
    figures = collector.figures
    derived = collector.derived
    groups = collector.groups.mapValues { Array(Set($0.filter(\.isFinite))).sorted() }
    notes = collector.strings.filter { $0.count > 20 && MeaningCheck.diagnosis(in: $0, allowedNotes: []) != nil }
  }

  /// The answer split into what is shown and what is withheld.
  public func check(_ answer: String) -> (shown: String, withheld: [Withheld]) {
    var withheld: [Withheld] = []
    var lines: [String] = []
    for line in answer.split(separator: "\n", omittingEmptySubsequences: false) {
      var kept: [String] = []
      for sentence in Self.sentences(String(line)) {
        if let reason = problem(sentence) {
          withheld.append(Withheld(sentence: sentence.trimmingCharacters(in: .whitespaces), reason: reason))
        } else {
          kept.append(sentence)
        }
      }
      let text = kept.joined(separator: " ")
      // A list item left with nothing but its marker goes too.
      if !kept.isEmpty || String(line).allSatisfy(\.isWhitespace) {
        if !text.trimmingCharacters(in: CharacterSet(charactersIn: " -*•0123456789.")).isEmpty || text.isEmpty {
          lines.append(text)
        }
      }
    }
    var shown = lines.joined(separator: "\n")
    while shown.contains("\n\n\n") { shown = shown.replacingOccurrences(of: "\n\n\n", with: "\n\n") }
    return (shown.trimmingCharacters(in: .whitespacesAndNewlines), withheld)
  }

  /// Why `sentence` cannot be shown, if it cannot.
  func problem(_ sentence: String) -> String? {
    if MeaningCheck.diagnosis(in: sentence, allowedNotes: notes) != nil { return Self.diagnosis }
    for number in Grounding.numbers(in: sentence) where !isGrounded(number) { return Self.inventedFigure }
    return nil
  }

  private func isGrounded(_ number: Grounding.WrittenNumber) -> Bool {
    if number.isClockTime { return false }
    if Grounding.matches(number, allowed: figures) || Grounding.matches(number, allowed: derived) { return true }
    if GuidelineFigures.contains(number.value, unitWord: number.nextWord) { return true }
    return isDifference(number) || isPercentChange(number)
  }

  /// Whether the number is the difference of two figures of one unit (hours may be written in
  /// minutes).
  private func isDifference(_ number: Grounding.WrittenNumber) -> Bool {
    groups.contains { unit, sorted in
      let scale = unit == "h" && number.nextWord.hasPrefix("min") ? 1.0 / 60 : 1
      let low = (number.value - number.tolerance) * scale
      let high = (number.value + max(number.tolerance, number.cutStep)) * scale
      guard high > 0 else { return false }
      return sorted.contains { figure in
        Self.hasFigure(in: (figure + max(low, 0) - 1e-9)...(figure + high + 1e-9), sorted: sorted)
      }
    }
  }

  /// Whether the number is the percent change from one figure to another of the same unit.
  private func isPercentChange(_ number: Grounding.WrittenNumber) -> Bool {
    guard number.nextWord == "percent" || number.nextWord.isEmpty else { return false }
    let low = max(0, number.value - number.tolerance) / 100
    let high = (number.value + max(number.tolerance, number.cutStep)) / 100
    return groups.values.contains { sorted in
      sorted.contains { base in
        guard base > 0 else { return false }
        return Self.hasFigure(in: (base * (1 + low) - 1e-9)...(base * (1 + high) + 1e-9), sorted: sorted)
          || (low < 1
            && Self.hasFigure(in: (base * (1 - min(high, 1)) - 1e-9)...(base * (1 - low) + 1e-9), sorted: sorted))
      }
    }
  }

  /// Whether some figure of `sorted` lies in `range` (a binary search).
  private static func hasFigure(in range: ClosedRange<Double>, sorted: [Double]) -> Bool {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low] <= range.upperBound
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

/// Gathers the figures of tool answers: every number (with hours also in minutes and minutes
/// in hours), the parts of every date, the figures in every sentence, and the means and sums
/// of each series' days.
private struct FigureCollector {
  var figures: [Double] = []
  var derived: [Double] = []
  var strings: [String] = []
  /// The numbers as returned, by unit (`count` for counts of days or workouts).
  var groups: [String: [Double]] = [:]
  /// Series longer than this are not summed run by run (daily_values returns at most 366 days).
  static let longestSeries = 400

  mutating func collect(_ value: JSONValue, unit: String?, key: String = "") {
    switch value {
    case .number(let number):
      // Counts of days, workouts or metrics are not in the object's unit.
      let lowered = key.lowercased()
      let counted = ["day", "count", "partial", "available"].contains { lowered.contains($0) } || key == "workouts"
      let numberUnit = counted ? "count" : unit
      groups[numberUnit ?? "", default: []].append(abs(number))
      add(number, unit: numberUnit)
    case .string(let text):
      strings.append(text)
      if let day = CalendarDay(iso: text) {
        let parts = day.components
        figures += [Double(parts.year), Double(parts.month), Double(parts.day)]
      } else {
        figures += Grounding.numbers(in: text).filter { !$0.isClockTime }.map(\.value)
      }
    case .array(let items):
      for item in items { collect(item, unit: unit, key: key) }
      addRuns(items, unit: unit)
    case .object(let members):
      let inner = members["unit"]?.stringValue ?? unit
      for (name, member) in members { collect(member, unit: inner, key: name) }
    case .bool, .null:
      break
    }
  }

  private mutating func add(_ number: Double, unit: String?) {
    let candidates = [number, abs(number), InsightPrompt.rounded(abs(number))]
    for figure in candidates {
      figures.append(figure)
      switch unit {
      case "h":
        let minutes = (figure * 60).rounded()
        figures += [figure * 60, (minutes / 60).rounded(.down), minutes.truncatingRemainder(dividingBy: 60)]
      case "min":
        figures.append(figure / 60)
      default:
        break
      }
    }
  }

  /// The means and sums of a series' days (the values under one key of an array of objects, or
  /// an array of numbers): all of them, the first few and the last few. Not every run: means of
  /// every stretch would cover so much of the range that any invented figure would pass.
  private mutating func addRuns(_ items: [JSONValue], unit: String?) {
    guard items.count > 1, items.count <= Self.longestSeries else { return }
    var series: [String: [Double]] = [:]
    if items.allSatisfy({ $0.numberValue != nil }) {
      series[""] = items.compactMap(\.numberValue)
    } else if case .object(let first) = items[0] {
      for key in first.keys {
        let values = items.compactMap { $0[key]?.numberValue }
        if values.count == items.count { series[key] = values }
      }
    }
    for (_, values) in series {
      var runs: [ArraySlice<Double>] = []
      for count in 2...values.count {
        runs.append(values.prefix(count))
        runs.append(values.suffix(count))
      }
      for run in runs {
        let sum = run.reduce(0, +)
        for figure in [sum, sum / Double(run.count)] {
          derived.append(abs(figure))
          if unit == "h" { derived.append(abs(figure) * 60) }
          if unit == "min" { derived.append(abs(figure) / 60) }
        }
      }
    }
  }
}
