import PandaCore

/// Reading the figures of a sentence: digits in any script (already made ASCII), `9.5k`, number
/// words, times of day, dates, and the unit written after each.
extension SentenceJudge {
  /// One figure as written.
  struct Figure: Equatable {
    /// What a figure is.
    package enum Kind: Equatable {
      case amount
      case clock
      case date(CalendarDay?)
    }

    package var kind: Kind = .amount
    var value: Double
    /// How far the written value may be from a figure and still be that figure rounded.
    var tolerance: Double
    /// The step of the last written digit, when the figure may also have been cut to it.
    var cutStep: Double = 0
    /// The unit written after it (`km`, `h`, `%`, `days`), or nil.
    var unit: String?
    /// The word written after it, as the guideline table reads it.
    var nextWord = ""
    /// The index of its first token.
    var position: Int
    /// The index of its last token.
    var end: Int
    /// The comparison written before it ("more than", "under"), as up or down.
    var bound: TrendDirection?
  }

  /// The figures of `tokens`.
  static func figures(in tokens: [SentenceText.Token], year: Int) -> [Figure] {
    var figures: [Figure] = []
    var index = 0
    func word(_ at: Int) -> String { at >= 0 && at < tokens.count ? tokens[at].text : "" }
    func isNumber(_ at: Int) -> Bool { at >= 0 && at < tokens.count && tokens[at].kind == .number }
    while index < tokens.count {
      let token = tokens[index]
      let start = index
      var value: Double
      var tolerance: Double
      var cutStep = 0.0
      if token.kind == .number {
        // An ISO date: 2025-06-24.
        if token.text.count == 4, word(index + 1) == "-", isNumber(index + 2), word(index + 3) == "-",
          isNumber(index + 4)
        {
          let text = "\(token.text)-\(word(index + 2))-\(word(index + 4))"
          figures.append(
            Figure(
              kind: .date(CalendarDay(iso: text)), value: 0, tolerance: 0, position: start, end: index + 4))
          index += 5
          continue
        }
        // A time of day: 22:30.
        if word(index + 1) == ":", isNumber(index + 2) {
          figures.append(Figure(kind: .clock, value: token.value, tolerance: 0, position: start, end: index + 2))
          index += 3
          continue
        }
        value = token.value
        (tolerance, cutStep) = Self.tolerance(token)
        index += 1
      } else if token.kind == .word, let first = numberWords[token.text],
        token.text != "couple" || word(index - 1) == "a"
      {
        // Number words: "nine thousand four hundred", "twenty-one", "one and a half", "a dozen".
        var total = 0.0
        var current = first
        var last = index
        var next = index + 1
        while next < tokens.count {
          let text = tokens[next].text
          if text == "hundred" {
            current = max(current, 1) * 100
          } else if text == "thousand" {
            total += max(current, 1) * 1_000
            current = 0
          } else if text == "-" || text == "and" || text == "a", next + 1 < tokens.count,
            numberWords[tokens[next + 1].text] != nil
          {
            next += 1
            continue
          } else if let more = numberWords[text], text != "once", text != "twice" {
            current += more
          } else {
            break
          }
          last = next
          next += 1
        }
        value = total + current
        tolerance = 0.5
        cutStep = 0
        index = last + 1
      } else if token.kind == .word, token.text == "an" || token.text == "a", word(index + 1) == "hour" {
        value = 1
        tolerance = 0.5
        index += 1
      } else {
        index += 1
        continue
      }
      let hedged = hedges.contains(word(start - 1)) || (word(start - 1) == "to" && word(start - 2) == "close")
      if hedged { tolerance = max(tolerance, value * 0.05) }
      var figure = Figure(
        value: value, tolerance: tolerance, cutStep: cutStep, position: start, end: index - 1,
        bound: bound(before: start, in: tokens))
      // The unit after it.
      var after = index
      if word(after) == "-" { after += 1 }
      let unitWord = word(after)
      figure.nextWord = unitWord == "%" ? "%" : unitWord
      if unitWord == "%" || (unitWord == "per" && word(after + 1) == "cent") {
        figure.unit = "%"
        after += unitWord == "%" ? 1 : 2
      } else if unitWord == "km" && word(after + 1) == "/" && word(after + 2) == "h" {
        figure.unit = "km/h"
        after += 3
      } else if unitWord == "mg" && word(after + 1) == "/" && word(after + 2) == "dl" {
        figure.unit = "mg/dL"
        after += 3
      } else if unitWord == "ml" && word(after + 1) == "/" && word(after + 2) == "kg" {
        figure.unit = "ml/kg/min"
        after += 5
      } else if unitWord == "°" {
        figure.unit = "°C"
        after += word(after + 1) == "c" ? 2 : 1
      } else if unitWord == "bpm" || unitWord == "beats" {
        figure.unit = "bpm"
        after += 1
      } else if unitWord == "breaths" {
        figure.unit = "breaths/min"
        after += 1
      } else if let monthIndex = monthNames.firstIndex(of: unitWord), figure.value >= 1, figure.value <= 31,
        tokens[start].kind == .number
      {
        // "13 November": a date in the windows' year.
        let day = CalendarDay(iso: isoDate(year: year, month: monthIndex + 1, day: Int(figure.value)))
        figures.append(Figure(kind: .date(day), value: 0, tolerance: 0, position: start, end: after))
        index = after + 1
        continue
      } else if let unit = unitWords[unitWord] {
        figure.unit = unit
        after += 1
      }
      // "1 h 35 min", "7 hours and 10 minutes".
      if figure.unit == "h" {
        var minutesAt = after
        if word(minutesAt) == "and" { minutesAt += 1 }
        if isNumber(minutesAt), unitWords[word(minutesAt + 1)] == "min" {
          let minutes = tokens[minutesAt]
          figure.value += minutes.value / 60
          let (minuteTolerance, minuteCut) = Self.tolerance(minutes)
          figure.tolerance = minuteTolerance / 60
          figure.cutStep = minuteCut / 60
          after = minutesAt + 2
        }
      }
      // "November 13".
      if tokens[start].kind == .number, let previous = monthNames.firstIndex(of: word(start - 1)), figure.unit == nil,
        figure.value >= 1, figure.value <= 31, tokens[start].decimals == 0
      {
        let day = CalendarDay(iso: isoDate(year: year, month: previous + 1, day: Int(figure.value)))
        figures.append(Figure(kind: .date(day), value: 0, tolerance: 0, position: start - 1, end: start))
        index = max(index, after)
        continue
      }
      // A year on its own.
      if tokens[start].kind == .number, figure.unit == nil, tokens[start].text.count == 4,
        !tokens[start].text.contains(","),
        (1900...2100).contains(figure.value)
      {
        figure.unit = "year"
      }
      if figure.unit == "clock" { figure.kind = .clock }
      figure.end = max(figure.end, after - 1)
      figures.append(figure)
      index = max(index, after)
    }
    return figures
  }

  /// The comparison written just before the token at `start`: "more than", "over", "above",
  /// "at least" as up, "less than", "fewer than", "under", "below" as down.
  static func bound(before start: Int, in tokens: [SentenceText.Token]) -> TrendDirection? {
    func word(_ at: Int) -> String { at >= 0 && at < tokens.count ? tokens[at].text : "" }
    var at = start - 1
    if hedges.contains(word(at)) { at -= 1 }
    switch word(at) {
    case "over", "above", "exceeding", "beyond": return .up
    case "under", "below": return .down
    case "than":
      if ["more", "over", "higher", "longer", "greater"].contains(word(at - 1)) { return .up }
      if ["less", "fewer", "lower", "shorter"].contains(word(at - 1)) { return .down }
      return nil
    default: return nil
    }
  }

  /// How far a written number may be from a figure: rounded to the written digits, or cut to
  /// them ("7.8" for 7.85); trailing zeros allow rounding only up to 2 % of the number ("30
  /// minutes" is not 34); `9.5k` to its written digit of thousands.
  static func tolerance(_ token: SentenceText.Token) -> (tolerance: Double, cutStep: Double) {
    var step = 1.0
    if token.decimals > 0 {
      for _ in 0..<token.decimals { step /= 10 }
      if token.thousands { step *= 1_000 }
      return (step / 2, step)
    }
    if token.thousands { return (500, 1_000) }
    var digits = token.text.replacingOccurrences(of: ",", with: "")
    while digits.count > 1 && digits.hasSuffix("0") {
      digits.removeLast()
      step *= 10
    }
    if step == 1 { return (0.5, 1) }
    return (max(0.5, min(step / 2, token.value * 0.02)), 0)
  }

  private static func isoDate(year: Int, month: Int, day: Int) -> String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    return "\(year)-\(two(month))-\(two(day))"
  }
}
