import Foundation
import PandaCore

/// Builds the messages for an insight request: panda's figures and short series, and nothing
/// else (no names, no device strings, no free text from the export).
package struct InsightPrompt {
  let templates: PromptTemplates

  /// The reply schema for `request`: metric ids limited to the ones it has figures for.
  static func schema(for request: InsightRequest) -> JSONSchema {
    .object(properties: [
      ("summary", .string()),
      (
        "metrics",
        .array(
          items: .object(properties: [
            ("metric", .string(allowed: request.trends.map(\.metric))),
            ("assessment", .string(allowed: ["improving", "declining", "stable"])),
            ("message", .string()),
          ]))
      ),
      ("encouragement", .array(items: .string())),
      ("suggestions", .array(items: .string())),
    ])
  }

  /// An example reply of the right shape, with the request's metric ids and assessments filled
  /// in. The prompt shows this rather than the JSON Schema: given a schema, small models echo it
  /// back instead of answering.
  static func example(for request: InsightRequest) -> JSONValue {
    .object([
      "summary": .string("One sentence on how the person's \(request.category.displayName) went."),
      "metrics": .array(
        request.trends.map {
          .object([
            "metric": .string($0.metric), "assessment": .string($0.assessment.rawValue),
            "message": .string("One or two sentences on this metric, using the figures given."),
          ])
        }),
      "encouragement": .array([.string("Praise for what is improving, or leave the list empty.")]),
      "suggestions": .array([.string("A concrete step for what is declining, or leave the list empty.")]),
    ])
  }

  /// The figures handed to the model, as JSON.
  static func figures(for request: InsightRequest) -> JSONValue {
    .array(
      request.trends.map { trend in
        let metric = trend.catalogueMetric
        var members: [String: JSONValue] = [
          "metric": .string(trend.metric),
          "name": .string(metric?.name ?? trend.metric),
          "unit": .string(trend.unit),
          "current": .number(rounded(trend.current)),
          "baseline": .number(rounded(trend.baseline)),
          "change": .number(rounded(trend.change)),
          "direction": .string(trend.direction.rawValue),
          "assessment": .string(trend.assessment.rawValue),
          "daysWithData": .object([
            "current": .number(Double(trend.currentDays)), "baseline": .number(Double(trend.baselineDays)),
          ]),
          "recent": .array(trend.recent.map { $0.map { .number(rounded($0)) } ?? .null }),
        ]
        if let percent = trend.changePercent { members["changePercent"] = .number(rounded(percent, places: 1)) }
        if let slope = trend.slopePerDay { members["slopePerDay"] = .number(rounded(slope, places: 3)) }
        if let shift = trend.lutealShift, let adjusted = trend.lutealAdjustedChange {
          // The assessment already passed both comparisons: the model is told why a change in
          // the figures may be no change.
          members["lutealShift"] = .object([
            "shiftOnLutealDays": .number(rounded(shift)), "changeWithShiftTakenOff": .number(rounded(adjusted)),
            "note": .string(
              "Health's cycle records put some days in the luteal phase, which moves this metric; "
                + "the assessment takes the person's usual luteal shift off those days."),
          ])
        }
        if let metric, let note = HeuristicPhrases.clinicianNote(metric: metric, value: trend.current) {
          members["clinicianNote"] = .string(note)
        }
        return .object(members)
      })
  }

  /// The figures of the early warning `request` is written within, as JSON; `nil` outside one.
  /// The values are those of the warning's day furthest outside the usual range, against the
  /// person's usual over the weeks before it.
  static func warningFigures(for request: InsightRequest) -> JSONValue? {
    guard let warning = request.warning else { return nil }
    let alert = warning.alert
    var members: [String: JSONValue] = [
      "level": .string(alert.level.rawValue),
      "start": .string(alert.start.iso),
      "days": .number(Double(alert.days)),
      "goingOn": .bool(alert.isActive),
      "signals": .array(
        warning.signals.map { signal in
          let metric = MetricCatalogue.metric(signal.metric)
          var figures: [String: JSONValue] = [
            "metric": .string(signal.metric),
            "name": .string(metric?.name ?? signal.metric),
            "unit": .string(metric?.unit ?? ""),
            "value": .number(rounded(signal.value)),
            "usual": .number(rounded(signal.usual)),
            "difference": .number(rounded(signal.value - signal.usual)),
          ]
          if let percent = warningPercent(signal) { figures["percentFromUsual"] = .number(rounded(percent, places: 0)) }
          return .object(figures)
        }),
    ]
    if !alert.isActive { members["end"] = .string(alert.end.iso) }
    if let day = alert.backInRange { members["backInRange"] = .string(day.iso) }
    if let day = alert.noReadingsSince { members["noReadingsSince"] = .string(day.iso) }
    return .object(members)
  }

  /// The percent by which a signal of a warning is off its usual, where the warning words it so
  /// (HRV); `nil` for the others.
  static func warningPercent(_ signal: HealthAlert.Signal) -> Double? {
    guard signal.metric == "heart.hrv", signal.usual != 0 else { return nil }
    return abs(signal.value - signal.usual) / abs(signal.usual) * 100
  }

  static func rounded(_ value: Double, places: Int = 2) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return (value * scale).rounded() / scale
  }

  /// The system and user messages for `request`.
  package func messages(for request: InsightRequest) -> [ChatMessage] {
    [
      ChatMessage(role: "system", content: templates.files["system.md"] ?? ""),
      ChatMessage(
        role: "user",
        content: userMessage(
          for: request, figures: Self.figures(for: request).text,
          warning: warningSection(
            for: request,
            statement: request.warning.map { WarningStory.statement($0.alert, signals: $0.signals) } ?? "",
            figures: Self.warningFigures(for: request)?.text ?? ""))),
    ]
  }

  /// What the prompt for `request` says in its own words: the system prompt, the instructions
  /// with the example reply, the schema's texts and the repair request, without the figures or
  /// a clinician note in them. A reply sentence made of these is a copy, not an insight.
  func ownWords(for request: InsightRequest) -> [String] {
    [
      templates.files["system.md"] ?? "", userMessage(for: request, figures: "", warning: warningSection(for: request)),
      Self.repairInstruction,
    ]
      + Self.strings(in: Self.schema(for: request).json)
  }

  /// The sentences that stand in for the model's own: the example reply's and any description
  /// in the schema.
  static func placeholders(for request: InsightRequest) -> [String] {
    (strings(in: example(for: request)) + strings(in: schema(for: request).json)).filter { $0.contains(" ") }
  }

  /// The check of a reply's sentences against the prompt for `request`.
  func substanceCheck(for request: InsightRequest) -> SubstanceCheck {
    SubstanceCheck(promptTexts: ownWords(for: request), placeholders: Self.placeholders(for: request))
  }

  /// The last line of a repair request, after the list of problems.
  static let repairInstruction = "Reply again with the corrected JSON object only, using only the figures given."

  /// Every string in `value`, keys included.
  private static func strings(in value: JSONValue) -> [String] {
    switch value {
    case .string(let string): [string]
    case .array(let items): items.flatMap { strings(in: $0) }
    case .object(let members): members.flatMap { [$0.key] + strings(in: $0.value) }
    default: []
    }
  }

  /// The warning's section of the prompt for `request` (the `warning.md` template), with
  /// `statement` and `figures` in place of the warning's words and figures; empty outside a
  /// warning.
  private func warningSection(for request: InsightRequest, statement: String = "", figures: String = "") -> String {
    guard request.warning != nil else { return "" }
    return (templates.files["warning.md"] ?? "")
      .replacingOccurrences(of: "{{warning_statement}}", with: statement)
      .replacingOccurrences(of: "{{warning_figures}}", with: figures)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The period's template filled in for `request`, with `figures` in place of the figures and
  /// `warning` in place of the warning's section. A template without a place for the warning
  /// (an override written before there was one) gets it after the rest: the model hears it
  /// whatever the template.
  private func userMessage(for request: InsightRequest, figures: String, warning: String) -> String {
    var template = templates.files["\(request.period.rawValue).md"] ?? ""
    if !warning.isEmpty, !template.contains("{{warning}}") { template += "\n\n{{warning}}\n" }
    // Outside a warning its place goes with the blank line after it: the message is as it was.
    if warning.isEmpty { template = template.replacingOccurrences(of: "{{warning}}\n\n", with: "") }
    let missing = request.shortfalls.map(\.metric)
    return
      template
      .replacingOccurrences(of: "{{category}}", with: request.category.rawValue)
      .replacingOccurrences(
        of: "{{current_window}}",
        with: "\(request.windows.current.lowerBound.iso) to \(request.windows.current.upperBound.iso)"
      )
      .replacingOccurrences(
        of: "{{baseline_window}}",
        with: "\(request.windows.baseline.lowerBound.iso) to \(request.windows.baseline.upperBound.iso)"
      )
      .replacingOccurrences(of: "{{figures}}", with: figures)
      .replacingOccurrences(of: "{{warning}}", with: warning)
      .replacingOccurrences(
        of: "{{not_enough_data}}",
        with: missing.isEmpty
          ? "" : "Not enough data to judge: \(missing.joined(separator: ", ")). Do not describe these metrics."
      )
      .replacingOccurrences(of: "{{example}}", with: Self.example(for: request).text)
      .replacingOccurrences(of: "{{schema}}", with: Self.example(for: request).text)
  }

  /// Creates a value from its stored properties.
  package init(templates: PromptTemplates) {
    self.templates = templates
  }
}
