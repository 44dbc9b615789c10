/// Checks that numbers in a model's words are figures panda gave it, written as careful people
/// write them: rounded, converted between hours and minutes, or hedged with "about".
enum Grounding {
  /// A number as written, and its value.
  struct WrittenNumber: Equatable {
    var text: String
    var value: Double
    /// How far the written value may be from a figure and still be that figure rounded.
    var tolerance: Double
    /// The step of the last written digit, when the figure may also have been cut to it
    /// ("7.8" for 7.85, "94 minutes" for 94.5); 0 when it may not.
    var cutStep: Double = 0
    /// The word after the number, in lower case ("days" in "7 days").
    var nextWord = ""
    /// Whether the number is hedged ("about 50 minutes", "nearly 7 hours", "~8,000").
    var isApproximate = false
    /// Whether the number is a time of day ("22:30", "10 pm").
    var isClockTime = false
  }

  /// Where a text stands in a reply: figures about the person are checked everywhere; guideline
  /// figures and clock times are advice, allowed only in encouragement and suggestions.
  enum Context: Equatable {
    case figures
    case advice
  }

  private static let hedges: Set<String> = [
    "about", "around", "roughly", "nearly", "almost", "approximately", "some", "over", "under", "~",
  ]

  /// Every number in `text`: `8,432`, `6.5`, `12 %`, `22:30`; signs are ignored.
  static func numbers(in text: String) -> [WrittenNumber] {
    var numbers: [WrittenNumber] = []
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      guard isDigit(characters, index) else {
        index += 1
        continue
      }
      let start = index
      var token = ""
      while index < characters.count {
        let character = characters[index]
        if isDigit(characters, index) {
          token.append(character)
        } else if character == "," || character == ".", isDigit(characters, index + 1) {
          token.append(character)
        } else {
          break
        }
        index += 1
      }
      if index + 2 < characters.count, characters[index] == ":", isDigit(characters, index + 1),
        isDigit(characters, index + 2), !token.contains(".")
      {
        token += String(characters[index...(index + 2)])
        index += 3
        numbers.append(WrittenNumber(text: token, value: 0, tolerance: 0, isClockTime: true))
        continue
      }
      let plain = token.replacingOccurrences(of: ",", with: "")
      guard let value = Double(plain) else { continue }
      let nextWord = word(after: index, in: characters)
      let hedged = hedges.contains(word(before: start, in: characters)) || (start > 0 && characters[start - 1] == "~")
      let (tolerance, cutStep) = self.tolerance(plain, value: value, hedged: hedged)
      numbers.append(
        WrittenNumber(
          text: token, value: value, tolerance: tolerance, cutStep: cutStep, nextWord: nextWord, isApproximate: hedged,
          isClockTime: ["am", "pm", "a", "p", "o"].contains(nextWord) && value >= 1 && value <= 12
            && !plain.contains(".")))
    }
    return numbers
  }

  /// How far a written number may be from a figure: a reader accepts the figure rounded to the
  /// written digits, or cut to them ("7.8" or "7.9" for 7.85); "8,400" may be 8,432 rounded to
  /// hundreds, but "30 minutes" is not 34, so trailing zeros allow rounding only up to 2 % of the
  /// number; a hedged number ("about 50 minutes" for 48.6) may be 5 % off.
  private static func tolerance(_ plain: String, value: Double, hedged: Bool) -> (tolerance: Double, cutStep: Double) {
    var tolerance: Double
    var cutStep = 0.0
    if let point = plain.firstIndex(of: ".") {
      let decimals = plain.distance(from: point, to: plain.endIndex) - 1
      var step = 1.0
      for _ in 0..<decimals { step /= 10 }
      tolerance = step / 2
      cutStep = step
    } else {
      var step = 1.0
      var digits = plain
      while digits.count > 1 && digits.hasSuffix("0") {
        digits.removeLast()
        step *= 10
      }
      tolerance = step == 1 ? 0.5 : max(0.5, min(step / 2, value * 0.02))
      if step == 1 { cutStep = 1 }
    }
    if hedged { tolerance = max(tolerance, value * 0.05) }
    return (tolerance, cutStep)
  }

  private static func isDigit(_ characters: [Character], _ index: Int) -> Bool {
    index >= 0 && index < characters.count && characters[index].isASCII && characters[index].isNumber
  }

  private static func word(after index: Int, in characters: [Character]) -> String {
    var start = index
    while start < characters.count && characters[start] == " " { start += 1 }
    var end = start
    while end < characters.count && characters[end].isLetter { end += 1 }
    return String(characters[start..<end]).lowercased()
  }

  private static func word(before index: Int, in characters: [Character]) -> String {
    var end = index
    while end > 0 && characters[end - 1] == " " { end -= 1 }
    var start = end
    while start > 0 && characters[start - 1].isLetter { start -= 1 }
    return String(characters[start..<end]).lowercased()
  }

  /// The lengths of the windows, which a reply may name as such ("the last 7 days", "4 weeks").
  static let windowLengths: [Double] = [1, 3, 4, 7, 14, 28, 30, 90]
  private static let windowWords: Set<String> = ["day", "days", "night", "nights", "week", "weeks", "month", "months"]

  /// The figures a reply may state about the person: each trend figure as panda computed it and
  /// as the prompt states it (rounded to two decimals), the difference of current and baseline as
  /// shown rounded, in the other forms people write them too (minutes for hours, hours and
  /// minutes apart), and the thresholds in a clinician note passed
  /// on. Nothing else from the prompt: not its dates, day counts or series.
  static func allowedNumbers(request: InsightRequest) -> [Double] {
    var allowed: [Double] = []
    for trend in request.trends {
      if let metric = trend.catalogueMetric,
        let note = HeuristicPhrases.clinicianNote(metric: metric, value: trend.current)
      {
        allowed += numbers(in: note).map(\.value)
      }
    }
    for trend in request.trends {
      var figures = [trend.current, trend.baseline, abs(trend.change)]
      if let percent = trend.changePercent {
        figures += [abs(percent), InsightPrompt.rounded(abs(percent), places: 1)]
      }
      if let slope = trend.slopePerDay { figures += [abs(slope), abs(slope * 7)] }
      // The difference of the figures as shown: "1,506 steps more" for 12,203 against 10,697.
      for places in [0, 1] {
        figures.append(
          abs(
            InsightPrompt.rounded(trend.current, places: places) - InsightPrompt.rounded(trend.baseline, places: places)
          ))
      }
      if trend.unit == "h" {
        figures.append(abs((trend.current * 60).rounded() - (trend.baseline * 60).rounded()) / 60)
      }
      figures += figures.map { InsightPrompt.rounded($0) }
      for figure in figures {
        allowed.append(figure)
        switch trend.unit {
        case "h":
          let minutes = (figure * 60).rounded()
          allowed += [figure * 60, (minutes / 60).rounded(.down), minutes.truncatingRemainder(dividingBy: 60)]
        case "min":
          allowed.append(figure / 60)
        default:
          break
        }
      }
    }
    return allowed
  }

  /// Whether `number` is a figure panda gave, a window length named as such, or, in advice, a
  /// guideline figure or a time of day.
  static func matches(_ number: WrittenNumber, allowed: [Double], context: Context = .figures) -> Bool {
    if context == .advice {
      if number.isClockTime { return true }
      if GuidelineFigures.contains(number.value, unitWord: number.nextWord) { return true }
    }
    if number.isClockTime { return false }
    if windowWords.contains(number.nextWord) && windowLengths.contains(number.value) { return true }
    return allowed.contains { figure in
      abs(figure - number.value) <= number.tolerance + 1e-9
        || (figure >= number.value - 1e-9 && figure < number.value + number.cutStep - 1e-9)
    }
  }
}
