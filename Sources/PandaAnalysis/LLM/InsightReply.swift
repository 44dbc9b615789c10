import PandaCore

/// Reads a model's reply: finds the JSON however it was wrapped, checks it against the schema,
/// then judges every sentence on its own (`SentenceJudge`: figures, units, periods, directions,
/// medicine, language) and leaves out those it withholds; each part must then carry panda's
/// assessment, mean what the figures say, and neither copy the prompt nor say nothing
/// (`SubstanceCheck`).
package enum InsightReply {
  /// A part of an insight a problem belongs to.
  enum Part: Hashable, Sendable {
    case summary
    case metric(String)
    case encouragement(Int)
    case suggestion(Int)

    /// The part's name in the report (`summary`, `metrics.sleep.asleep`, `suggestions[1]`).
    var path: String {
      switch self {
      case .summary: "summary"
      case .metric(let id): "metrics.\(id)"
      case .encouragement(let index): "encouragement[\(index)]"
      case .suggestion(let index): "suggestions[\(index)]"
      }
    }

    /// The metric of a metric's message; nil for the other parts.
    var metricID: String? {
      if case .metric(let id) = self { return id }
      return nil
    }

    /// Whether the part is an item of encouragement.
    var isEncouragement: Bool {
      if case .encouragement = self { return true }
      return false
    }
  }

  /// A problem with one part of a reply.
  struct Problem: Equatable, Sendable {
    var part: Part
    package var text: String
    /// Why a single sentence was withheld, when the problem is one: the rest of its part stays.
    var withheld: SentenceJudge.Reason? = nil

    /// Creates a value from its stored properties.
    init(part: Part, text: String, withheld: SentenceJudge.Reason? = nil) {
      self.part = part
      self.text = text
      self.withheld = withheld
    }
  }

  /// The insight as the model wrote it with the problems of its parts, or why the reply cannot
  /// be read at all.
  enum Outcome: Equatable {
    case insight(Insight, problems: [Problem])
    case unusable([String])
  }

  /// The insight in `content` with the problems of its parts, for `request` as `prompt` asked
  /// for it. Every sentence is tidied of stray characters first.
  static func read(
    _ content: String, for request: InsightRequest, prompt: InsightPrompt = InsightPrompt(templates: PromptTemplates())
  ) -> Outcome {
    guard let json = extractJSON(content) else {
      return .unusable(["the reply holds no JSON object"])
    }
    let schemaProblems = InsightPrompt.schema(for: request).problems(in: json)
    guard schemaProblems.isEmpty else { return .unusable(schemaProblems) }
    var problems: [Problem] = []
    let judge = SentenceJudge(request: request)
    var sentences = 0
    // The text of a part with every sentence the judge withholds left out; a part whose every
    // sentence is withheld is left empty and fails as a whole.
    func judged(_ text: String, part: Part) -> String {
      var kept: [String] = []
      let all = SentenceText.sentences(in: SentenceText.cleaned(text)).map(SubstanceCheck.tidied).filter { !$0.isEmpty }
      sentences += all.count
      for sentence in all {
        if let verdict = judge.verdict(on: sentence, in: part) {
          problems.append(
            Problem(part: part, text: "\"\(sentence)\" \(verdict.detail)", withheld: verdict.reason))
        } else {
          kept.append(sentence)
        }
      }
      if !all.isEmpty && kept.isEmpty {
        problems.append(
          Problem(part: part, text: "no sentence of \(part.path) could be checked against panda's figures"))
      }
      return kept.joined(separator: " ")
    }
    var assessments: [MetricAssessment] = []
    var undescribed = Set<String>()
    let replies = json["metrics"]?.arrayValue ?? []
    for trend in request.trends {
      let matching = replies.filter { $0["metric"]?.stringValue == trend.metric }
      guard matching.count == 1, let reply = matching.first else {
        problems.append(
          Problem(part: .metric(trend.metric), text: "metrics must describe \(trend.metric) exactly once"))
        undescribed.insert(trend.metric)
        assessments.append(MetricAssessment(trend: trend, message: ""))
        continue
      }
      let assessment = reply["assessment"]?.stringValue ?? ""
      if assessment != trend.assessment.rawValue {
        problems.append(
          Problem(
            part: .metric(trend.metric), text: "\(trend.metric) is \(trend.assessment.rawValue), not \(assessment)"))
      }
      let message = judged(reply["message"]?.stringValue ?? "", part: .metric(trend.metric))
      let name = trend.catalogueMetric?.name.lowercased() ?? trend.metric
      problems += MeaningCheck.problems(message: message, trend: trend, name: name).map {
        Problem(part: .metric(trend.metric), text: $0)
      }
      assessments.append(MetricAssessment(trend: trend, message: message))
    }
    let encouragement = (json["encouragement"]?.arrayValue?.compactMap(\.stringValue) ?? []).enumerated().map {
      judged($0.element, part: .encouragement($0.offset))
    }
    let suggestions = (json["suggestions"]?.arrayValue?.compactMap(\.stringValue) ?? []).enumerated().map {
      judged($0.element, part: .suggestion($0.offset))
    }
    let summary = judged(json["summary"]?.stringValue ?? "", part: .summary)
    let notes = request.trends.compactMap { trend in
      trend.catalogueMetric.flatMap { HeuristicPhrases.clinicianNote(metric: $0, value: trend.current) }
    }
    let substance = prompt.substanceCheck(for: request)
    // A metric missing from the reply already has its problem.
    var texts: [(Part, String)] = [(.summary, summary)]
    texts += assessments.filter { !undescribed.contains($0.metric) }.map { (.metric($0.metric), $0.message) }
    texts += encouragement.enumerated().map { (.encouragement($0.offset), $0.element) }
    texts += suggestions.enumerated().map { (.suggestion($0.offset), $0.element) }
    for (part, text) in texts where !(text.isEmpty && problems.contains { $0.part == part }) {
      if let problem = substance.problem(in: text) {
        problems.append(Problem(part: part, text: problem))
      }
      if let term = MeaningCheck.diagnosis(in: text, allowedNotes: notes) {
        problems.append(Problem(part: part, text: "\"\(text)\" names a disease or diagnoses (\(term)); never diagnose"))
      }
    }
    var insight = Insight(
      category: request.category, period: request.period, status: .ok, summary: summary, metrics: assessments,
      encouragement: encouragement, suggestions: suggestions)
    var withheld: [String: Int] = [:]
    for reason in problems.compactMap(\.withheld) { withheld[reason.rawValue, default: 0] += 1 }
    insight.judgement = SentenceJudgement(judged: sentences, withheld: withheld)
    return .insight(insight, problems: problems)
  }

  /// The model's insight with every part that has a problem replaced by the offline analyzer's
  /// (`offline`), and the names of the parts replaced. Failing encouragement or suggestions are
  /// dropped; a list left empty takes the offline analyzer's list.
  static func merge(_ insight: Insight, problems: [Problem], offline: Insight) -> Insight {
    let failing = Set(problems.filter { $0.withheld == nil }.map(\.part))
    guard !failing.isEmpty else { return insight }
    var merged = insight
    // The sentences kept in a part that fails as a whole are not shown either.
    var dropped = 0
    func count(_ text: String) -> Int { SentenceText.sentences(in: text).count }
    if failing.contains(.summary) { dropped += count(insight.summary) }
    for metric in insight.metrics where failing.contains(.metric(metric.metric)) { dropped += count(metric.message) }
    for (index, text) in insight.encouragement.enumerated() where failing.contains(.encouragement(index)) {
      dropped += count(text)
    }
    for (index, text) in insight.suggestions.enumerated() where failing.contains(.suggestion(index)) {
      dropped += count(text)
    }
    if dropped > 0 {
      merged.judgement?.withheld[SentenceJudgement.partFailed, default: 0] += dropped
    }
    var replaced: [String] = []
    if failing.contains(.summary) {
      merged.summary = offline.summary
      replaced.append(Part.summary.path)
    }
    for index in merged.metrics.indices where failing.contains(.metric(merged.metrics[index].metric)) {
      let id = merged.metrics[index].metric
      merged.metrics[index].message = offline.metrics.first { $0.metric == id }?.message ?? ""
      replaced.append(Part.metric(id).path)
    }
    func keep(_ items: [String], offline: [String], part: (Int) -> Part, name: String) -> [String] {
      let kept = items.enumerated().filter { !failing.contains(part($0.offset)) }.map(\.element)
      guard kept.count < items.count else { return items }
      if kept.isEmpty && !offline.isEmpty {
        replaced.append(name)
        return offline
      }
      return kept
    }
    merged.encouragement = keep(
      insight.encouragement, offline: offline.encouragement, part: Part.encouragement, name: "encouragement")
    merged.suggestions = keep(
      insight.suggestions, offline: offline.suggestions, part: Part.suggestion, name: "suggestions")
    merged.offlineParts = replaced
    return merged
  }

  /// The JSON object in `content`: the whole text, a fenced code block, or the outermost
  /// braces within prose.
  package static func extractJSON(_ content: String) -> JSONValue? {
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
