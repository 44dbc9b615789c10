/// Reads a model's reply: finds the JSON however it was wrapped, checks it against the schema,
/// and checks that every number it states is one panda gave and every assessment is panda's.
enum InsightReply {
  /// The insight, or what is wrong with the reply.
  enum Outcome: Equatable {
    case insight(Insight)
    case problems([String])
  }

  static func read(_ content: String, for request: InsightRequest) -> Outcome {
    guard let json = extractJSON(content) else {
      return .problems(["the reply holds no JSON object"])
    }
    let schemaProblems = InsightPrompt.schema(for: request).problems(in: json)
    guard schemaProblems.isEmpty else { return .problems(schemaProblems) }
    var problems: [String] = []
    var assessments: [MetricAssessment] = []
    let replies = json["metrics"]?.arrayValue ?? []
    for trend in request.trends {
      let matching = replies.filter { $0["metric"]?.stringValue == trend.metric }
      guard matching.count == 1, let reply = matching.first else {
        problems.append("metrics must describe \(trend.metric) exactly once")
        continue
      }
      let assessment = reply["assessment"]?.stringValue ?? ""
      if assessment != trend.assessment.rawValue {
        problems.append("\(trend.metric) is \(trend.assessment.rawValue), not \(assessment)")
      }
      assessments.append(MetricAssessment(trend: trend, message: reply["message"]?.stringValue ?? ""))
    }
    let encouragement = json["encouragement"]?.arrayValue?.compactMap(\.stringValue) ?? []
    let suggestions = json["suggestions"]?.arrayValue?.compactMap(\.stringValue) ?? []
    let summary = json["summary"]?.stringValue ?? ""
    let allowed = Grounding.allowedNumbers(request: request)
    for text in [summary] + assessments.map(\.message) + encouragement + suggestions {
      for number in Grounding.numbers(in: text) where !Grounding.matches(number, allowed: allowed) {
        problems.append("\(number.text) in \"\(text)\" is not one of the figures given")
      }
    }
    guard problems.isEmpty else { return .problems(problems) }
    return .insight(
      Insight(
        category: request.category, period: request.period, status: .ok, summary: summary, metrics: assessments,
        encouragement: encouragement, suggestions: suggestions))
  }

  /// The JSON object in `content`: the whole text, a fenced code block, or the outermost
  /// braces within prose.
  static func extractJSON(_ content: String) -> JSONValue? {
    if let value = JSONValue.parse(content), case .object = value { return value }
    var candidates: [Substring] = []
    if let fence = content.range(of: "```") {
      var inner = content[fence.upperBound...]
      if let newline = inner.firstIndex(of: "\n") { inner = inner[inner.index(after: newline)...] }
      if let end = inner.range(of: "```") { candidates.append(inner[..<end.lowerBound]) }
    }
    if let open = content.firstIndex(of: "{"), let close = content.lastIndex(of: "}"), open < close {
      candidates.append(content[open...close])
    }
    for candidate in candidates {
      if let value = JSONValue.parse(String(candidate)), case .object = value { return value }
    }
    return nil
  }
}

/// Checks that numbers in a model's words are figures panda gave it.
enum Grounding {
  /// A number as written, and its value.
  struct WrittenNumber: Equatable {
    var text: String
    var value: Double
    /// How far the written value may be from a figure and still be that figure rounded.
    var tolerance: Double
    /// The word after the number, in lower case ("days" in "7 days").
    var nextWord = ""
  }

  /// Every number in `text`: `8,432`, `6.5`, `12 %`; signs are ignored.
  static func numbers(in text: String) -> [WrittenNumber] {
    var numbers: [WrittenNumber] = []
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      guard characters[index].isASCII, characters[index].isNumber else {
        index += 1
        continue
      }
      var token = ""
      while index < characters.count {
        let character = characters[index]
        if character.isASCII && character.isNumber {
          token.append(character)
        } else if (character == "," || character == "."), index + 1 < characters.count,
          characters[index + 1].isASCII, characters[index + 1].isNumber
        {
          token.append(character)
        } else {
          break
        }
        index += 1
      }
      let plain = token.replacingOccurrences(of: ",", with: "")
      guard let value = Double(plain) else { continue }
      let tolerance: Double
      if let point = plain.firstIndex(of: ".") {
        let decimals = plain.distance(from: point, to: plain.endIndex) - 1
        var step = 1.0
        for _ in 0..<decimals { step /= 10 }
        tolerance = step / 2
      } else {
        // "8,400" may be 8,432 rounded to hundreds, but "30 minutes" is not 34: trailing zeros
        // allow rounding to them only up to 2 % of the number.
        var step = 1.0
        var digits = plain
        while digits.count > 1 && digits.hasSuffix("0") {
          digits.removeLast()
          step *= 10
        }
        tolerance = step == 1 ? 0.5 : max(0.5, min(step / 2, value * 0.02))
      }
      var wordStart = index
      while wordStart < characters.count && characters[wordStart] == " " { wordStart += 1 }
      var wordEnd = wordStart
      while wordEnd < characters.count && characters[wordEnd].isLetter { wordEnd += 1 }
      let nextWord = String(characters[wordStart..<wordEnd]).lowercased()
      numbers.append(WrittenNumber(text: token, value: value, tolerance: tolerance, nextWord: nextWord))
    }
    return numbers
  }

  /// The lengths of the windows, which a reply may name as such ("the last 7 days", "4 weeks").
  static let windowLengths: [Double] = [1, 3, 4, 7, 14, 28, 30, 90]
  private static let windowWords: Set<String> = ["day", "days", "night", "nights", "week", "weeks", "month", "months"]

  /// The figures a reply may state: the trend figures, in the other forms people write them too
  /// (minutes for hours, hours and minutes apart), and the thresholds in a clinician note passed
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
      if let percent = trend.changePercent { figures.append(abs(percent)) }
      if let slope = trend.slopePerDay { figures += [abs(slope), abs(slope * 7)] }
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

  static func matches(_ number: WrittenNumber, allowed: [Double]) -> Bool {
    if windowWords.contains(number.nextWord) && windowLengths.contains(number.value) { return true }
    return allowed.contains { abs($0 - number.value) <= number.tolerance + 1e-9 }
  }
}
