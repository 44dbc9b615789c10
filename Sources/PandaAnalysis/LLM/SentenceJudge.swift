import Foundation
import PandaCore

/// Judges each sentence of a model's insight reply on its own, before it is shown.
///
/// A sentence is kept only when panda can check all it says against the figures it sent:
///
/// - **Figures.** Each figure (digits in any script, `9.5k`, number words) is checked against the
///   metric the sentence names nearest to it (or the part's metric, or the request's only one),
///   in the unit written after it (a conversion only where that unit is one of the metric's),
///   as one of that metric's own figures: current, baseline, the difference, the percent
///   change, the window's total. A figure called a total must be one; a week's mean called a
///   month's is not. Counts of days and weeks must be the windows'. In advice and in a norm
///   about people, figures of panda's guideline table pass too. Within an early warning
///   (`InsightRequest.warning`), a signal's figures from the warning pass too, as do its days
///   and dates.
/// - **Periods and days.** Words for a period, a day or a weekday must name the windows the
///   request compared; a comparison with a period it did not send is withheld.
/// - **Directions and judgements.** Words of a rise or fall, of improving, declining or holding
///   steady, and praise, must agree with the figures and assessment of the metric they are said
///   of. A signal of the early warning the insight is written within is never praised or called
///   improving or steady; a rise or fall of it against its usual may follow the warning.
/// - **What cannot be checked.** A statement with no figure and no such word, a reading of
///   meaning into the figures ("suggests you are stressed", "in great shape"), a bound over
///   single days ("never fewer than"), a norm not in the table: withheld.
/// - **Medicine and language.** A diagnosis, a risk, a medication or a medical instruction, in
///   any of seven languages, and any text not in English: withheld. A clinician note panda
///   itself gives is passed on.
struct SentenceJudge {
  /// Why a sentence was withheld.
  enum Reason: String, CaseIterable, Sendable {
    case medical = "diagnosis, risk or medication"
    case notEnglish = "not English"
    case figure = "figure panda did not give"
    case unit = "wrong unit"
    case period = "wrong period or day"
    case direction = "wrong direction"
    case assessment = "disagrees with panda's assessment"
    case unverifiable = "cannot be checked"
    case guideline = "guideline not in panda's table"
  }

  /// A withheld sentence's reason, with what was wrong in words a model can act on.
  struct Verdict: Equatable, Sendable {
    var reason: Reason
    var detail: String
  }

  let request: InsightRequest
  private let notes: [String]
  private let trends: [String: MetricTrend]
  /// The signals of the early warning the request is written within, by metric.
  private let warned: [String: HealthAlert.Signal]

  /// A judge of sentences about `request`'s figures.
  init(request: InsightRequest) {
    self.request = request
    notes = request.trends.compactMap { trend in
      trend.catalogueMetric.flatMap { HeuristicPhrases.clinicianNote(metric: $0, value: trend.current) }
    }
    trends = Dictionary(request.trends.map { ($0.metric, $0) }, uniquingKeysWith: { first, _ in first })
    warned = Dictionary(
      (request.warning?.signals ?? []).map { ($0.metric, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// Why `sentence`, written in `part` of the reply, must be withheld; nil when it may be shown.
  /// `sentence` is one sentence, already cleaned (`SentenceText.cleaned`).
  func verdict(on sentence: String, in part: InsightReply.Part) -> Verdict? {
    if notes.contains(where: { sentence.contains($0) }) { return nil }
    if let verdict = languageVerdict(sentence) { return verdict }
    let folded = sentence.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
    let tokens = SentenceText.tokens(sentence)
    let allWords = tokens.filter { $0.kind == .word }.map(\.text)
    if let term = medicalTerm(folded: folded) {
      return Verdict(reason: .medical, detail: "names a diagnosis, risk or medication (\(term)); never do")
    }
    let isAdvice = Self.isAdvice(allWords, part: part)
    let isGuideline =
      allWords.contains { Self.guidelineWords.contains($0) }
      && (!allWords.contains { Self.personWords.contains($0) }
        || allWords.contains { ["adults", "people", "experts", "recommend", "recommended", "guidelines"].contains($0) })
    let isStatement = !isAdvice && !isGuideline
    let mentions = Self.mentions(in: tokens)
    let defaults = defaultMetrics(part: part)
    // The words of a metric's name ("cardio fitness", "flights climbed") say nothing themselves.
    var consumed = Set(mentions.flatMap { $0.position...$0.end })
    let words = tokens.enumerated().filter { $0.element.kind == .word && !consumed.contains($0.offset) }.map(
      \.element.text)

    if isStatement, let verdict = periodVerdict(tokens) { return verdict }
    if isStatement, let phrase = Self.boundPhrases.first(where: { Self.contains(words, $0) }) {
      return Verdict(
        reason: .unverifiable,
        detail: "claims \"\(phrase.joined(separator: " "))\" over single days, which panda did not send")
    }
    if let word = words.first(where: {
      Self.interpretiveWords.contains($0) && !(isAdvice && Self.adviceInterpretiveWords.contains($0))
    }) {
      return Verdict(reason: .unverifiable, detail: "reads \"\(word)\" into the figures, which panda cannot check")
    }

    let year = request.windows.current.upperBound.components.year
    var figures = Self.figures(in: tokens, year: year).filter { !consumed.contains($0.position) }
    // "7 to 9 hours": the first figure of a range takes the unit of the second.
    for index in figures.indices.dropLast() where figures[index].unit == nil {
      let next = figures[index + 1]
      let between = figures[index].end + 1
      if next.position == between + 1, ["to", "or", "and", "-", "–"].contains(tokens[between].text) {
        figures[index].unit = next.unit
      }
    }
    for figure in figures {
      switch check(
        figure, tokens: tokens, words: words, mentions: mentions, defaults: defaults, isAdvice: isAdvice,
        isGuideline: isGuideline)
      {
      case .failed(let verdict): return verdict
      case .passed(let used):
        if used, figure.bound != nil {
          // "more than 7 hours": the comparison is the figure's, not a direction.
          for at in max(0, figure.position - 3)..<figure.position { consumed.insert(at) }
        }
      }
    }

    var checkedSomething = !figures.isEmpty
    // Directions, assessments and praise, each said of the metric nearest to it.
    for (index, token) in tokens.enumerated() where token.kind == .word && !consumed.contains(index) {
      let word = token.text
      let previous = index > 0 ? tokens[index - 1].text : ""
      let next = index + 1 < tokens.count ? tokens[index + 1].text : ""
      var direction: TrendDirection?
      if Self.upWords.contains(word), isStatement || Self.pastChangeWords.contains(word) {
        let phrasal = ["keep", "it", "wake", "woke", "set", "pick", "build", "warm", "sign", "catch", "back", "follow"]
        if !(word == "up" && (phrasal.contains(previous) || next == "to")) { direction = .up }
      } else if Self.downWords.contains(word), isStatement || Self.pastChangeWords.contains(word) {
        let phrasal = ["wind", "winding", "slow", "sit", "calm", "lie", "settle", "settling", "cut", "note", "write"]
        if !(word == "down" && phrasal.contains(previous)) { direction = .down }
      }
      let associated = associatedMetrics(at: index, mentions: mentions, defaults: defaults)
      if let direction {
        checkedSomething = true
        for metric in associated {
          guard let trend = trends[metric] else {
            return Verdict(reason: .unverifiable, detail: "says \"\(word)\" of a metric panda sent no figures for")
          }
          if trend.direction != direction && !followsWarning(metric, direction: direction, words: words) {
            let actual = trend.direction == .flat ? "did not change" : "went \(trend.direction.rawValue)"
            return Verdict(
              reason: .direction, detail: "says \"\(word)\" of \(name(metric)), which \(actual)")
          }
        }
        continue
      }
      // Praise in advice counts when it names a metric ("Keep up your great exercise habit!").
      if isAdvice && !part.isEncouragement {
        guard !mentions.isEmpty, Self.praiseWords.contains(word) else { continue }
      }
      var assessment: Assessment?
      if Self.improvingStems.contains(where: word.hasPrefix) {
        assessment = .improving
      } else if Self.decliningStems.contains(where: word.hasPrefix) {
        assessment = .declining
      } else if Self.stableWords.contains(word) && !(word == "same" && previous != "the") {
        assessment = .stable
      }
      if let assessment {
        checkedSomething = true
        for metric in associated {
          guard let trend = trends[metric] else {
            return Verdict(reason: .unverifiable, detail: "judges a metric panda sent no figures for")
          }
          if warned[metric] != nil, assessment != .declining {
            return Verdict(
              reason: .assessment,
              detail: "calls \(name(metric)) \(assessment.rawValue), but it is a signal of the early warning")
          }
          let agrees = assessment == .stable ? trend.assessment == .stable : trend.assessment == assessment
          if !agrees {
            return Verdict(
              reason: .assessment,
              detail: "calls \(name(metric)) \(assessment.rawValue), but it is \(trend.assessment.rawValue)")
          }
        }
        continue
      }
      if Self.praiseWords.contains(word) || (word == "keep" && next == "it") || (word == "keep" && next == "up") {
        checkedSomething = true
        let praised = mentions.isEmpty ? (part.metricID.map { [$0] } ?? request.trends.map(\.metric)) : associated
        for metric in praised {
          guard let trend = trends[metric] else {
            return Verdict(reason: .unverifiable, detail: "praises a metric panda sent no figures for")
          }
          if trend.assessment == .declining {
            return Verdict(reason: .assessment, detail: "praises \(name(metric)), which is declining")
          }
          if warned[metric] != nil {
            return Verdict(reason: .assessment, detail: "praises \(name(metric)), a signal of the early warning")
          }
        }
      }
    }
    if isGuideline && figures.isEmpty {
      return Verdict(reason: .guideline, detail: "states a norm with no figure from panda's guideline table")
    }
    if isStatement && !checkedSomething {
      return Verdict(
        reason: .unverifiable, detail: "states something about the person with no figure or direction panda can check")
    }
    return nil
  }

  /// A figure's check: `true` when it was one of a metric's figures or a guideline's, `false`
  /// when it passed as something else (a count of days, a time in advice).
  private func check(
    _ figure: Figure, tokens: [SentenceText.Token], words: [String], mentions: [Mention],
    defaults: [String], isAdvice: Bool, isGuideline: Bool
  ) -> FigureCheck {
    let written = tokens[figure.position...min(figure.end, tokens.count - 1)].map(\.text).joined(separator: " ")
    switch figure.kind {
    case .clock:
      return isAdvice
        ? FigureCheck.passed(false)
        : FigureCheck.failed(Verdict(reason: .period, detail: "states a time of day, \(written)"))
    case .date(let day):
      let windows = request.windows
      guard let day, windows.current.contains(day) || windows.baseline.contains(day) || warningDays.contains(day)
      else {
        return FigureCheck.failed(
          Verdict(reason: .period, detail: "names a date outside the days compared, \(written)"))
      }
      return FigureCheck.passed(false)
    case .amount:
      break
    }
    let adviceLike = isAdvice || isGuideline
    if adviceLike, GuidelineFigures.contains(figure.value, unitWord: figure.nextWord),
      figure.unit != nil || isGuideline, guidelineFitsTopic(figure, words: words, mentions: mentions)
    {
      return FigureCheck.passed(true)
    }
    switch figure.unit {
    case "days", "weeks", "months":
      return windowCountAgrees(figure)
        ? FigureCheck.passed(false)
        : FigureCheck.failed(Verdict(reason: .period, detail: "\(written) is not a length of the days compared"))
    case "year", "years":
      return FigureCheck.failed(Verdict(reason: .period, detail: "names a year, which panda did not compare"))
    case "times", "other", "clock", "s":
      if adviceLike, figure.value <= 3 { return FigureCheck.passed(false) }
      return FigureCheck.failed(Verdict(reason: .figure, detail: "\(written) is not one of panda's figures"))
    default:
      break
    }
    if isAdvice, figure.value <= 3, figure.unit == nil || figure.unit == "workouts" { return FigureCheck.passed(false) }
    // The metric the figure is said of.
    let before = mentions.last { $0.position <= figure.position }
    let after = mentions.first { $0.position > figure.end && $0.position <= figure.end + 4 }
    var candidates: [String] = []
    if let before { candidates += metrics(of: before) }
    if let after, after.metric != before?.metric { candidates += metrics(of: after) }
    func fits(_ metric: String) -> Bool {
      guard let unit = figure.unit, let trend = trends[metric] else { return false }
      return Self.conversions(unit: trend.unit)[unit] != nil || (unit == "%" && trend.changePercent != nil)
    }
    // "You walked 7.07 km": a name whose unit cannot be the figure's gives way to the one metric
    // named or sent whose unit can.
    if figure.unit != nil, !candidates.isEmpty, !candidates.contains(where: fits) {
      let others = Set(mentions.flatMap(metrics(of:)) + defaults).filter(fits)
      if others.count == 1 { candidates = Array(others) }
    }
    if candidates.isEmpty {
      candidates = defaults
      if candidates.count > 1 {
        let compatible = candidates.filter(fits)
        guard compatible.count == 1 else {
          return FigureCheck.failed(
            Verdict(reason: .unverifiable, detail: "\(written) is not said of any one metric panda sent"))
        }
        candidates = compatible
      }
    }
    var unitProblem = false
    for metric in candidates {
      guard let trend = trends[metric] else { continue }
      switch roles(of: figure, for: trend) {
      case nil:
        unitProblem = true
      case let roles? where roles.isEmpty:
        if let bound = figure.bound, boundHolds(figure, bound: bound, trend: trend) { return FigureCheck.passed(true) }
      case let roles?:
        if let verdict = kindVerdict(roles: roles, words: words, written: written, metric: metric) {
          return FigureCheck.failed(verdict)
        }
        if Self.statesADifference(figure, tokens: tokens), roles.isDisjoint(with: [.change, .percent]) {
          return FigureCheck.failed(
            Verdict(reason: .figure, detail: "gives \(written) as a difference, but it is not \(name(metric))'s change")
          )
        }
        return FigureCheck.passed(true)
      }
    }
    if isGuideline {
      return FigureCheck.failed(
        Verdict(reason: .guideline, detail: "\(written) is not a figure of panda's guideline table"))
    }
    let names = candidates.map(name).joined(separator: " or ")
    if candidates.allSatisfy({ trends[$0] == nil }) {
      return FigureCheck.failed(
        Verdict(reason: .figure, detail: "\(written) is said of \(names), which panda sent no figures for"))
    }
    if unitProblem {
      return FigureCheck.failed(Verdict(reason: .unit, detail: "\(written) is not in a unit of \(names)"))
    }
    return FigureCheck.failed(Verdict(reason: .figure, detail: "\(written) is not one of panda's figures for \(names)"))
  }

  /// Whether a guideline figure belongs to what the sentence is about: hours said of sleep must
  /// be the sleep guideline's (7 to 9), unless they are about the time before bed; steps must
  /// be the steps guideline's.
  private func guidelineFitsTopic(_ figure: Figure, words: [String], mentions: [Mention]) -> Bool {
    let aboutSleep = mentions.contains { $0.metric.hasPrefix("sleep.") }
    if aboutSleep, figure.unit == "h" || figure.nextWord == "to" || figure.nextWord == "or" {
      let beforeBed = words.contains("before") || words.contains("caffeine") || words.contains("screens")
      return beforeBed || [7, 8, 9].contains(figure.value)
    }
    if figure.unit == "steps" || mentions.contains(where: { $0.metric == "activity.steps" }) && figure.unit == nil {
      return [6_000, 7_000, 8_000, 10_000].contains(figure.value)
    }
    return true
  }

  /// The kinds of figure of `trend` that `figure` is (current, baseline, difference, percent,
  /// total); empty when it is none; nil when its unit is not one of the metric's.
  private func roles(of figure: Figure, for trend: MetricTrend) -> Set<Role>? {
    var candidates: [(Double, Role)] = []
    var factor = 1.0
    if figure.unit == "%" && trend.unit != "%" {
      let percents = [trend.changePercent, warned[trend.metric].flatMap(InsightPrompt.warningPercent)].compactMap {
        $0
      }
      guard !percents.isEmpty else { return nil }
      for percent in percents {
        candidates += [
          (abs(percent), .percent), (InsightPrompt.rounded(abs(percent), places: 1), .percent),
          (InsightPrompt.rounded(abs(percent), places: 0), .percent),
        ]
      }
    } else {
      if let unit = figure.unit {
        guard let conversion = Self.conversions(unit: trend.unit)[unit] else { return nil }
        factor = conversion
      }
      candidates = [(trend.current, .current), (trend.baseline, .baseline), (abs(trend.change), .change)]
      for places in [0, 1] {
        candidates.append(
          (
            abs(
              InsightPrompt.rounded(trend.current, places: places)
                - InsightPrompt.rounded(trend.baseline, places: places)), .change
          ))
      }
      if trend.unit == "h" {
        candidates.append((abs((trend.current * 60).rounded() - (trend.baseline * 60).rounded()) / 60, .change))
      }
      if let slope = trend.slopePerDay { candidates += [(abs(slope), .change), (abs(slope * 7), .change)] }
      if trend.unit == "%", let percent = trend.changePercent { candidates.append((abs(percent), .percent)) }
      if let signal = warned[trend.metric] {
        // The warning's figures, as its sentence gives them (to one place) and as sent.
        candidates += [
          (signal.value, .current), (signal.usual, .baseline), (abs(signal.value - signal.usual), .change),
        ]
        for places in [0, 1] {
          candidates.append(
            (
              abs(
                InsightPrompt.rounded(signal.value, places: places)
                  - InsightPrompt.rounded(signal.usual, places: places)),
              .change
            ))
          candidates.append((InsightPrompt.rounded(abs(signal.value - signal.usual), places: places), .change))
        }
      }
      if let aggregation = trend.catalogueMetric?.aggregation, aggregation == .sum || aggregation == .duration,
        request.period != .daily
      {
        candidates.append((trend.current * Double(trend.currentDays), .total))
      }
      candidates += candidates.map { (InsightPrompt.rounded($0.0), $0.1) }
    }
    let value = figure.value * factor
    let tolerance = figure.tolerance * factor
    let cut = figure.cutStep * factor
    return Set(
      candidates.filter { candidate, _ in
        abs(candidate - value) <= tolerance + 1e-9 || (candidate >= value - 1e-9 && candidate < value + cut - 1e-9)
      }.map(\.1))
  }

  /// Whether `figure` is written as a difference: "7 km more", "up 651", "rose by 9 %", "an
  /// extra 2 km".
  static func statesADifference(_ figure: Figure, tokens: [SentenceText.Token]) -> Bool {
    let next = figure.end + 1 < tokens.count ? tokens[figure.end + 1].text : ""
    let previous = figure.position > 0 ? tokens[figure.position - 1].text : ""
    let after: Set<String> = [
      "more", "less", "fewer", "higher", "lower", "longer", "shorter", "above", "below", "up", "down", "extra",
    ]
    return after.contains(next) || ["by", "up", "down", "extra", "another"].contains(previous)
  }

  /// Whether "more than 7 hours" (`bound` up) or "under 8,000" (down) holds of `trend`'s
  /// current figure.
  private func boundHolds(_ figure: Figure, bound: TrendDirection, trend: MetricTrend) -> Bool {
    var factor = 1.0
    if let unit = figure.unit {
      guard let conversion = Self.conversions(unit: trend.unit)[unit] else { return false }
      factor = conversion
    }
    let value = figure.value * factor
    switch bound {
    case .up: return trend.current > value
    case .down: return trend.current < value
    case .flat: return false
    }
  }

  /// A figure's kinds against the words that call it something: a total must be one, a
  /// day's or a mean figure must not be a total, the baseline must not be called this period's.
  private func kindVerdict(roles: Set<Role>, words: [String], written: String, metric: String) -> Verdict? {
    let callsTotal = words.contains { Self.totalWords.contains($0) } || Self.contains(words, ["in", "all"])
    if callsTotal && roles.isDisjoint(with: [.total, .change, .percent]) {
      return Verdict(reason: .period, detail: "calls \(written) a total, but it is \(name(metric))'s figure per day")
    }
    let callsPerDay =
      words.contains { Self.perDayWords.contains($0) } || Self.contains(words, ["a", "day"])
      || Self.contains(words, ["per", "day"]) || Self.contains(words, ["a", "night"])
      || Self.contains(words, ["per", "night"]) || Self.contains(words, ["each", "day"])
    if roles == [.total] && callsPerDay {
      return Verdict(reason: .period, detail: "calls \(written) a figure per day, but it is the period's total")
    }
    if roles == [.baseline] && !words.contains(where: { Self.baselineWords.contains($0) })
      && currentPeriodNamed(words)
    {
      return Verdict(
        reason: .period, detail: "gives \(written), the figure of the days before, as this period's")
    }
    return nil
  }

  /// Whether `words` name the current window ("this week", "yesterday", "this month").
  private func currentPeriodNamed(_ words: [String]) -> Bool {
    switch request.period {
    case .daily: words.contains("yesterday") || Self.contains(words, ["last", "night"])
    case .weekly:
      words.contains("week") || Self.contains(words, ["7", "days"]) || Self.contains(words, ["seven", "days"])
    case .monthly: words.contains("month") || Self.contains(words, ["30", "days"])
    }
  }

  /// Whether a count of days, weeks or months is one of the windows' lengths or days with data.
  private func windowCountAgrees(_ figure: Figure) -> Bool {
    let period = request.period
    var allowed: [Double]
    switch figure.unit {
    case "days":
      allowed = [Double(period.currentDays), Double(period.baselineDays)]
      allowed += request.trends.flatMap { [Double($0.currentDays), Double($0.baselineDays)] }
      if let alert = request.warning?.alert { allowed.append(Double(alert.days)) }
    case "weeks":
      allowed = period == .weekly ? [1, 4] : period == .daily ? [2] : []
    default:
      allowed = period == .monthly ? [1, 3] : []
    }
    return allowed.contains { abs($0 - figure.value) < 1e-9 }
  }

  /// A verdict on words of periods and days the request did not compare.
  private func periodVerdict(_ tokens: [SentenceText.Token]) -> Verdict? {
    let words = tokens.map(\.text)
    var forbidden: Set<String> = ["tomorrow", "year", "years", "yearly", "annual", "annually", "fortnight", "decade"]
    switch request.period {
    case .daily: forbidden.formUnion(["week", "weekly", "month", "months", "monthly", "today", "tonight"])
    case .weekly:
      forbidden.formUnion(["yesterday", "today", "tonight", "month", "months", "monthly", "weekend", "weekends"])
    case .monthly: forbidden.formUnion(["yesterday", "today", "tonight", "week", "weekly", "weekend", "weekends"])
    }
    if let word = words.first(where: { forbidden.contains($0) }) {
      return Verdict(
        reason: .period, detail: "says \"\(word)\", a period this \(request.period.rawValue) insight did not compare")
    }
    if request.period != .daily, Self.contains(words, ["last", "night"]) {
      return Verdict(reason: .period, detail: "says \"last night\" of a \(request.period.rawValue) figure")
    }
    let lastDay = request.windows.current.upperBound
    let weekdayIndex = ((lastDay.ordinal + 3) % 7 + 7) % 7
    for (index, day) in Self.weekdays.enumerated() where words.contains(day) || words.contains(day + "s") {
      if request.period != .daily || index != weekdayIndex {
        return Verdict(reason: .period, detail: "puts a figure on \(day.capitalized), a day panda did not single out")
      }
    }
    // A calendar month ("in November", "your November total") is not a window panda compared.
    for (index, word) in words.enumerated() {
      guard Self.monthNames.contains(word) else { continue }
      let previous = index > 0 ? tokens[index - 1] : nil
      let next = index + 1 < tokens.count ? tokens[index + 1] : nil
      // "13 November" and "November 13" are dates, checked as figures.
      if previous?.kind == .number || next?.kind == .number { continue }
      if word == "may" || word == "march" {
        guard let previous,
          ["in", "this", "last", "since", "during", "of", "for", "through", "until", "early", "late"]
            .contains(previous.text)
        else { continue }
      }
      return Verdict(reason: .period, detail: "names \(word.capitalized), a calendar month panda did not compare")
    }
    // A comparison with a period panda did not send: "than last week", "since last month".
    let comparing: Set<String> = ["than", "since", "compared", "versus", "vs", "from", "to", "with", "over", "on"]
    for (index, word) in words.enumerated() where ["last", "previous", "prior", "past"].contains(word) {
      guard index + 1 < words.count else { continue }
      let unit = words[index + 1]
      let current = request.period == .weekly ? "week" : request.period == .monthly ? "month" : "night"
      guard unit == current || unit == "day" else { continue }
      let before = words[max(0, index - 3)..<index]
      if before.contains(where: comparing.contains) && !before.contains("over") {
        return Verdict(reason: .period, detail: "compares with the \(word) \(unit), which panda did not send")
      }
    }
    // "the previous 7 days": the days before the current window are the baseline's, of its length.
    let baselineLengths: [String: Set<Double>] =
      switch request.period {
      case .daily: ["days": [14], "weeks": [2]]
      case .weekly: ["days": [28], "weeks": [4]]
      case .monthly: ["days": [90], "months": [3], "weeks": []]
      }
    for (index, token) in tokens.enumerated()
    where ["previous", "prior", "preceding"].contains(token.text) && index + 2 < tokens.count {
      let count = tokens[index + 1]
      let unit = Self.unitWords[tokens[index + 2].text] ?? ""
      let value = count.kind == .number ? count.value : Self.numberWords[count.text]
      guard let value, ["days", "weeks", "months"].contains(unit) else { continue }
      if !(baselineLengths[unit] ?? []).contains(value) {
        return Verdict(
          reason: .period,
          detail: "compares with the \(token.text) \(count.text) \(tokens[index + 2].text), which panda did not send")
      }
    }
    if Self.contains(words, ["week", "before"]) || Self.contains(words, ["month", "before"]) {
      return Verdict(reason: .period, detail: "compares with a single period before, which panda did not send")
    }
    return nil
  }

  /// A verdict when `sentence` is not English: letters outside ASCII, or more function words of
  /// another language than of English.
  private func languageVerdict(_ sentence: String) -> Verdict? {
    if sentence.unicodeScalars.contains(where: { $0.value > 0x7F && $0.properties.isAlphabetic }) {
      return Verdict(reason: .notEnglish, detail: "is not in English")
    }
    let words = SentenceText.tokens(sentence).filter { $0.kind == .word }.map(\.text)
    let foreign = words.filter { Self.foreignWords.contains($0) && !Self.englishWords.contains($0) }.count
    let english = words.filter { Self.englishWords.contains($0) }.count
    if foreign >= 2 && foreign >= english {
      return Verdict(reason: .notEnglish, detail: "is not in English")
    }
    return nil
  }

  /// The medical term in `folded` (lower case, accents folded), if any.
  private func medicalTerm(folded: String) -> String? {
    let words = SentenceText.tokens(folded).filter { $0.kind == .word }.map(\.text)
    if let word = words.first(where: { Self.medicalWords.contains($0) }) { return word }
    let joined = " " + words.joined(separator: " ")
    return Self.medicalStems.first { joined.contains(" " + $0) }
  }

  /// The metrics a sentence of `part` is about when it names none.
  private func defaultMetrics(part: InsightReply.Part) -> [String] {
    if let metric = part.metricID { return [metric] }
    return request.trends.map(\.metric)
  }

  /// The metrics a word at `index` is said of: the nearest named one, else the defaults.
  private func associatedMetrics(at index: Int, mentions: [Mention], defaults: [String])
    -> [String]
  {
    guard let nearest = mentions.min(by: { abs($0.position - index) < abs($1.position - index) }) else {
      return defaults
    }
    return metrics(of: nearest)
  }

  /// The days of the early warning the request is written within that its sentence names: its
  /// first and last, and when its signals came back or their readings stopped.
  private var warningDays: Set<CalendarDay> {
    guard let alert = request.warning?.alert else { return [] }
    return Set([alert.start, alert.end] + [alert.backInRange, alert.noReadingsSince].compactMap { $0 })
  }

  /// Whether a rise or fall said of `metric` is its move against its usual in the early warning
  /// the request is written within, said as such ("above your usual", "since the warning").
  private func followsWarning(_ metric: String, direction: TrendDirection, words: [String]) -> Bool {
    guard let signal = warned[metric], words.contains("usual") || words.contains("warning") else { return false }
    return direction == (signal.value >= signal.usual ? .up : .down)
  }

  private func name(_ metric: String) -> String {
    MetricCatalogue.metric(metric)?.name.lowercased() ?? metric
  }

  /// The outcome of a figure's check: passed as one of a metric's or a guideline's figures
  /// (`true`) or as something else (`false`), or failed.
  private enum FigureCheck {
    case passed(Bool)
    case failed(Verdict)
  }

  /// The kinds of figure a metric has.
  enum Role: Hashable {
    case current, baseline, change, percent, total
  }

  /// The metrics `tokens` name, with the index of each name's first token; a longer name wins.
  static func mentions(in tokens: [SentenceText.Token]) -> [Mention] {
    let words = tokens.map(\.text)
    var taken = Set<Int>()
    var found: [Mention] = []
    for (name, metric) in metricNames {
      guard words.count >= name.count else { continue }
      for start in 0...(words.count - name.count) where Array(words[start..<(start + name.count)]) == name {
        let range = Set(start..<(start + name.count))
        guard range.isDisjoint(with: taken) else { continue }
        taken.formUnion(range)
        found.append(
          Mention(
            position: start, end: start + name.count - 1, metric: metric,
            isGeneric: name.count == 1 && genericNames.contains(name[0])))
      }
    }
    return found.sorted { $0.position < $1.position }
  }

  /// A metric named in a sentence, and where.
  struct Mention {
    var position: Int
    var end: Int
    var metric: String
    /// Whether the name is a whole category's as much as one metric's ("sleep", "walked").
    var isGeneric: Bool
  }

  /// Names that stand for their category when panda sent no figures for the metric they name.
  static let genericNames: Set<String> = ["sleep", "slept", "sleeping", "walked", "walking", "asleep", "heart"]

  /// The metrics a mention stands for: its own, or, for a generic name whose metric panda did
  /// not send, the category's metrics that it did send.
  private func metrics(of mention: Mention) -> [String] {
    guard mention.isGeneric, trends[mention.metric] == nil,
      let category = MetricCatalogue.metric(mention.metric)?.category
    else { return [mention.metric] }
    let sent = request.trends.filter { $0.catalogueMetric?.category == category }.map(\.metric)
    return sent.isEmpty ? [mention.metric] : sent
  }

  /// Whether a sentence gives advice: it starts with an imperative or holds "try", "could",
  /// "consider". Encouragement is judged as a statement about the person.
  static func isAdvice(_ words: [String], part: InsightReply.Part) -> Bool {
    guard let first = words.first else { return false }
    if adviceStarts.contains(first) { return true }
    if case .suggestion = part, !words.contains(where: personWords.contains) { return true }
    if words.contains(where: adviceWords.contains) { return true }
    return contains(words, ["you", "can"]) || contains(words, ["can", "help"]) || contains(words, ["may", "help"])
  }

  /// Words that make a sentence about the person.
  static let personWords: Set<String> = ["you", "your", "you've", "you're", "yours", "you'd", "yourself"]

  /// Whether `words` hold `phrase` as consecutive words.
  package static func contains(_ words: [String], _ phrase: [String]) -> Bool {
    guard !phrase.isEmpty, words.count >= phrase.count else { return false }
    return (0...(words.count - phrase.count)).contains { Array(words[$0..<($0 + phrase.count)]) == phrase }
  }
}
