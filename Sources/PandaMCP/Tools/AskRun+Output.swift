import PandaCore

extension AskRun {
  /// What an ask run found: panda's answer to each claim the model sent, or why nothing is shown,
  /// with every tool call the model made. `panda ask --format json` encodes it, and `panda ask`
  /// prints its `text`.
  package struct Output: Encodable {
    /// The question as asked.
    var question: String
    /// The day answered as of.
    var asOf: CalendarDay
    /// How the conversation ended.
    package var reply: ToolConversation.Reply
    /// Every call the model made, in order.
    var calls: [RecordedCall]
    /// Whether the model used every round of tool calls, so its claims were asked for without tools.
    package var roundsUsedUp: Bool

    /// Creates a value from its stored properties.
    init(
      question: String, asOf: CalendarDay, reply: ToolConversation.Reply, calls: [RecordedCall], roundsUsedUp: Bool
    ) {
      self.question = question
      self.asOf = asOf
      self.reply = reply
      self.calls = calls
      self.roundsUsedUp = roundsUsedUp
    }

    /// panda's answer to each claim, in the order sent; none when the model wrote words.
    var answers: [ClaimAnswer] {
      if case .answers(let answered) = reply { return answered }
      return []
    }
    /// The claims computed, each with panda's sentence.
    package var computed: [ClaimAnswer] { answers.filter { $0.sentence != nil } }
    /// The claims refused, each with its reason.
    package var refused: [ClaimAnswer] { answers.filter { $0.sentence == nil } }

    /// What panda says to a question no claim can answer.
    static let cannotAnswer = """
      panda answers from your recorded figures: means, totals, medians, lowest and highest days, days meeting a \
      level, the longest runs of such days, comparisons of two periods, workouts, and its own insights, links \
      and early warnings. It does not diagnose, advise on medication or predict; for those, talk to a clinician.
      """

    /// The answer as text: the sentences, one a line, then the claims that could not be computed
    /// with their reasons; `cannotAnswer` when the model sent no claim; `nil` when it wrote words,
    /// of which nothing is shown.
    package var text: String? {
      guard case .answers(let answered) = reply else { return nil }
      guard !answered.isEmpty else { return Self.cannotAnswer + "\n" }
      return Self.text(computed: computed, refused: refused)
    }

    /// The sentences, one a line, then the claims that could not be computed with their reasons.
    package static func text(computed: [ClaimAnswer], refused: [ClaimAnswer]) -> String {
      var lines = computed.compactMap(\.sentence)
      if !refused.isEmpty {
        if !lines.isEmpty { lines.append("") }
        let count = refused.count == 1 ? "1 claim" : "\(refused.count) claims"
        lines.append("\(count) could not be computed:")
        lines += refused.map { "- \(claimName($0.claim)): \($0.reason ?? "")" }
      }
      return lines.joined(separator: "\n") + "\n"
    }

    /// "a stat claim of steps", as a refused claim is listed (its words escaped and cut).
    static func claimName(_ claim: JSONValue) -> String {
      let kind = claim["kind"]?.stringValue.map { EchoedText.quoted($0, limit: 20) } ?? "a"
      let metric = claim["metric"]?.stringValue.map { " of \(EchoedText.quoted($0, limit: 40))" } ?? ""
      return "\(kind) claim\(metric)"
    }

    private enum CodingKeys: String, CodingKey { case question, asOf, claims, refused, toolCalls }

    /// The question, the day, every claim computed with its sentence, figure, unit and days, the
    /// refused ones with their reasons, and every tool call with its arguments and result.
    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(question, forKey: .question)
      try container.encode(asOf, forKey: .asOf)
      try container.encode(computed.map(Claim.init), forKey: .claims)
      try container.encode(refused.map { Refusal(claim: $0.claim, reason: $0.reason ?? "") }, forKey: .refused)
      try container.encode(
        calls.map { Call(name: $0.name, arguments: $0.arguments, result: $0.result) }, forKey: .toolCalls)
    }

    /// One computed claim in the JSON.
    private struct Claim: Encodable {
      var claim: JSONValue
      var sentence: String
      var value: Double?
      var unit: String?
      var from: CalendarDay?
      var to: CalendarDay?
      var days: Int?

      init(_ answer: ClaimAnswer) {
        claim = answer.claim
        sentence = answer.sentence ?? ""
        value = answer.value
        unit = answer.unit
        from = answer.from
        to = answer.to
        days = answer.days
      }

      enum CodingKeys: String, CodingKey { case claim, sentence, value, unit, from, to, days }

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(JSONFragment(claim), forKey: .claim)
        try container.encode(sentence, forKey: .sentence)
        try container.encode(value, forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(days, forKey: .days)
      }
    }

    /// One refused claim in the JSON.
    private struct Refusal: Encodable {
      var claim: JSONValue
      var reason: String

      enum CodingKeys: String, CodingKey { case claim, reason }

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(JSONFragment(claim), forKey: .claim)
        try container.encode(reason, forKey: .reason)
      }
    }

    /// One tool call in the JSON.
    private struct Call: Encodable {
      var name: String
      var arguments: JSONValue
      var result: ToolResult

      enum CodingKeys: String, CodingKey { case name, arguments, result, isError }

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(JSONFragment(arguments), forKey: .arguments)
        try container.encode(JSONFragment(result.structured ?? .string(result.text)), forKey: .result)
        try container.encode(result.isError, forKey: .isError)
      }
    }
  }
}
