import Foundation
import LoopbackHTTPKit
import Synchronization
import Testing

@testable import PandaAnalysis
@testable import PandaCLI
@testable import PandaCore
@testable import PandaTestSupport

/// A scripted chat-completions model for `panda insights`: it reads the figures from the prompt
/// and writes good sentences from them (true figures in their units and periods, directions and
/// encouragement that agree with the assessment); the adversarial one plants three of the
/// mistakes competent models make into each otherwise good reply, and keeps them in its repair.
final class ScriptedInsightModel: Sendable {
  /// The kinds of mistake planted, one sentence each.
  enum Mistake: String, CaseIterable, Sendable {
    case wrongDay, wrongUnit, wrongPeriod, meanCalledTotal, totalCalledDailyMean, wrongPercent
    case wrongAmountDirection, wrongDirection, wrongCounts, neverFewer, aboutRounded, claimWithoutFigure
    case prediabetic, medication, otherLanguage, disguised, praiseAgainstAssessment, impossibleAmount
    case guidelineNotInTable, unsentComparison
  }

  let adversarial: Bool
  /// Every planted sentence, with its kind.
  let planted = Mutex<[(Mistake, String)]>([])
  /// Every good sentence written.
  let good = Mutex<[String]>([])

  init(adversarial: Bool) {
    self.adversarial = adversarial
  }

  /// The server's answer to `request`.
  func reply(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
    let messages = JSONValue.parse(request.text)?["messages"]?.arrayValue ?? []
    // The first user message: a repair request gets the same reply again, mistakes and all.
    let prompt = messages.first { $0["role"]?.stringValue == "user" }?["content"]?.stringValue ?? ""
    let isRepair = messages.count > 2
    let period = ["daily", "weekly", "monthly"].first { prompt.contains("the \($0) insight") } ?? "weekly"
    let figuresLine = prompt.split(separator: "\n").first { $0.hasPrefix("[{") }.map(String.init) ?? "[]"
    let figures = JSONValue.parse(figuresLine)?.arrayValue ?? []
    let seed = figuresLine.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF_FFFF }

    var summary: [String] = []
    var messagesByMetric: [(metric: JSONValue, assessment: JSONValue, sentences: [String])] = []
    var encouragement: [String] = []
    var suggestions: [String] = []
    var written: [String] = []
    for figure in figures {
      let sentences = goodSentences(figure, period: period)
      written += sentences
      messagesByMetric.append((figure["metric"] ?? .null, figure["assessment"] ?? .null, sentences))
      let name = Self.name(figure)
      switch figure["assessment"]?.stringValue {
      case "improving":
        let line = "Well done: your \(name) is improving."
        encouragement.append(line)
        written.append(line)
      case "declining":
        let steps = [
          "Try a short walk after lunch.", "Take the stairs when you can.", "Keep a steady bedtime.",
          "Set a reminder to stand and stretch each hour.",
        ]
        suggestions.append(steps[suggestions.count % steps.count])
      default:
        break
      }
    }
    if let first = figures.first {
      let line =
        "Your \(Self.name(first)) came to \(Self.number(first["current"]?.numberValue ?? 0))"
        + " \(Self.unit(first)) \(Self.currentPhrase(period))."
      summary.append(line)
      written.append(line)
    }
    if !isRepair { good.withLock { $0 += written } }

    if adversarial, !figures.isEmpty {
      for slot in 0..<3 {
        let kinds = Mistake.allCases
        var attempt = 0
        while attempt < kinds.count {
          let kind = kinds[(seed + slot * 7 + attempt) % kinds.count]
          var index = (seed / 7 + slot + attempt) % figures.count
          // Praise against the assessment needs a declining metric.
          if kind == .praiseAgainstAssessment,
            let declining = figures.firstIndex(where: { $0["assessment"]?.stringValue == "declining" })
          {
            index = declining
          }
          if let sentence = Self.plant(kind, figure: figures[index], period: period, variant: seed + slot) {
            if !isRepair { planted.withLock { $0.append((kind, sentence)) } }
            switch (slot + seed) % 4 {
            case 0: summary.append(sentence)
            case 1: messagesByMetric[index].sentences.append(sentence)
            case 2: encouragement.append(sentence)
            default: suggestions.append(sentence)
            }
            break
          }
          attempt += 1
        }
      }
    }
    let reply = JSONValue.object([
      "summary": .string(summary.joined(separator: " ")),
      "metrics": .array(
        messagesByMetric.map {
          .object([
            "metric": $0.metric, "assessment": $0.assessment, "message": .string($0.sentences.joined(separator: " ")),
          ])
        }),
      "encouragement": .array(encouragement.map(JSONValue.string)),
      "suggestions": .array(suggestions.map(JSONValue.string)),
    ])
    return .respond(status: 200, body: chatCompletion(reply.text))
  }

  /// A careful writer's sentences on one metric: its figures with their unit and periods, the
  /// difference with its direction and percent, and its assessment.
  func goodSentences(_ figure: JSONValue, period: String) -> [String] {
    let name = Self.name(figure)
    let unit = Self.unit(figure)
    let current = figure["current"]?.numberValue ?? 0
    let baseline = figure["baseline"]?.numberValue ?? 0
    var sentences = [
      "Your \(name) came to \(Self.number(current)) \(unit) \(Self.currentPhrase(period)), against"
        + " \(Self.number(baseline)) over \(Self.baselinePhrase(period))."
    ]
    let change = abs(figure["change"]?.numberValue ?? 0)
    switch figure["direction"]?.stringValue {
    case "up", "down":
      let word = figure["direction"]?.stringValue == "up" ? "higher" : "lower"
      var line = "That is \(Self.number(change)) \(unit) \(word) than usual"
      if let percent = figure["changePercent"]?.numberValue {
        line += ", or \(Self.number(abs(percent))) %"
      }
      sentences.append(line + ".")
    default:
      break
    }
    switch figure["assessment"]?.stringValue {
    case "improving": sentences.append("Your \(name) is improving.")
    case "declining": sentences.append("Your \(name) is declining.")
    default: sentences.append("Your \(name) is holding steady.")
    }
    return sentences
  }

  /// One planted sentence of `kind` on `figure`, or nil when the kind cannot be false of it.
  static func plant(_ kind: Mistake, figure: JSONValue, period: String, variant: Int) -> String? {
    let name = Self.name(figure)
    let unit = Self.unit(figure)
    let metricUnit = figure["unit"]?.stringValue ?? ""
    let current = figure["current"]?.numberValue ?? 0
    let baseline = figure["baseline"]?.numberValue ?? 0
    let change = abs(figure["change"]?.numberValue ?? 0)
    let direction = figure["direction"]?.stringValue ?? "flat"
    let days = figure["daysWithData"]?["current"]?.numberValue ?? 1
    let sums: Set<String> = ["steps", "km", "kcal", "min", "hours", "flights", "mL"]
    let metric = figure["metric"]?.stringValue ?? ""
    func unlike(_ value: Double) -> Bool {
      [current, baseline, change].allSatisfy { abs($0 - value) > max(0.1 * abs($0), 0.1) }
    }
    switch kind {
    case .wrongDay:
      switch period {
      case "daily": return "Last week your \(name) came to \(number(current)) \(unit)."
      case "weekly": return "On Monday your \(name) came to \(number(current)) \(unit)."
      default: return "Yesterday your \(name) came to \(number(current)) \(unit)."
      }
    case .wrongUnit:
      let swaps: [String: (String, Double)] = [
        "km": ("miles", 1.609_344), "h": ("minutes", 1.0 / 60), "min": ("hours", 60.0), "steps": ("km", 0),
        "bpm": ("ms", 0), "ms": ("bpm", 0), "kcal": ("kg", 0), "%": ("bpm", 0), "kg": ("lb", 0.453_592_37),
        "hours": ("minutes", 0), "flights": ("km", 0),
      ]
      guard let (wrong, factor) = swaps[metricUnit], factor == 0 || unlike(current * factor) else { return nil }
      return "Your \(name) came to \(number(current)) \(wrong) \(currentPhrase(period))."
    case .wrongPeriod:
      return period == "monthly"
        ? "This week your \(name) came to \(number(current)) \(unit)."
        : "This month your \(name) came to \(number(current)) \(unit)."
    case .meanCalledTotal:
      guard period != "daily", sums.contains(metricUnit), days > 1 else { return nil }
      return "You had a total of \(number(current)) \(unit) of \(name) \(currentPhrase(period))."
    case .totalCalledDailyMean:
      guard period != "daily", sums.contains(metricUnit), days > 1, unlike(current * days) else { return nil }
      return "Your \(name) came to \(number(current * days)) \(unit) a day on average \(currentPhrase(period))."
    case .wrongPercent:
      guard direction != "flat", let percent = figure["changePercent"]?.numberValue else { return nil }
      return "Your \(name) \(direction == "up" ? "rose" : "fell") by \(number(abs(percent) + 8.8)) %."
    case .wrongAmountDirection:
      guard direction != "flat", change > 0 else { return nil }
      return "That is \(number(change)) \(unit) \(direction == "up" ? "less" : "more") \(name) than usual."
    case .wrongDirection:
      return "Your \(name) \(direction == "up" ? "fell" : "rose") \(currentPhrase(period))."
    case .wrongCounts:
      return "You did 3 runs, 150 minutes in all \(currentPhrase(period))."
    case .neverFewer:
      return "Your \(name) never fell below \(number(current * 0.9)) \(unit) \(currentPhrase(period))."
    case .aboutRounded:
      let off = current * 1.1
      guard off > 0, unlike(off) else { return nil }
      return "You came to about \(number(off)) \(unit) of \(name)."
    case .claimWithoutFigure:
      return [
        "Your HRV suggests you are stressed.", "Your heart is in great shape.",
        "Your \(name) shows your body is recovering well.",
      ][variant % 3]
    case .prediabetic:
      return "You may be prediabetic."
    case .medication:
      return "You should stop taking your blood pressure medication."
    case .otherLanguage:
      return [
        "Ihr Risiko für einen Herzinfarkt ist gestiegen.", "Su riesgo de sufrir un infarto es alto.",
        "Vous êtes prédiabétique et à risque de crise cardiaque.", "Vous montrez des signes de dépression.",
        "Tiene un mayor riesgo de ataque cardiaco.",
      ][variant % 5]
    case .disguised:
      switch variant % 3 {
      case 0:
        guard unlike(current * 1.3) else { return nil }
        return "Your \(name) came to \(fullWidth(number(current * 1.3))) \(unit)."
      case 1:
        guard unlike(current * 1.3) else { return nil }
        return "Your \(name) came to \(arabicIndic(number(current * 1.3))) \(unit)."
      default:
        return "Your r\u{200B}isk of a heart attack is low."
      }
    case .praiseAgainstAssessment:
      guard figure["assessment"]?.stringValue == "declining" else { return nil }
      return "Great job, your \(name) is improving."
    case .impossibleAmount:
      guard metricUnit == "h" else {
        return unlike(current * 8) ? "Your \(name) was \(number(current * 8)) \(unit)." : nil
      }
      return "Your \(name) was 58 hours."
    case .guidelineNotInTable:
      return variant % 2 == 0
        ? "Adults need only 5 hours of sleep a night." : "Most people need just 3,000 steps a day."
    case .unsentComparison:
      guard direction != "flat", metric != "" else { return nil }
      let word = direction == "up" ? "higher" : "lower"
      return variant % 2 == 0
        ? "Your \(name) was \(word) than last year." : "Your \(name) was \(word) than the same time last month."
    }
  }

  static func name(_ figure: JSONValue) -> String {
    let id = figure["metric"]?.stringValue ?? ""
    return MetricCatalogue.metric(id)?.name.lowercased() ?? id
  }

  /// The unit as a careful writer puts it after a figure (BMI has none).
  static func unit(_ figure: JSONValue) -> String {
    let unit = figure["unit"]?.stringValue ?? ""
    return unit == "kg/m²" ? "" : unit
  }

  static func currentPhrase(_ period: String) -> String {
    switch period {
    case "daily": "yesterday"
    case "monthly": "over the last 30 days"
    default: "this week"
    }
  }

  static func baselinePhrase(_ period: String) -> String {
    switch period {
    case "daily": "the 14 days before"
    case "monthly": "the 90 days before"
    default: "the 4 weeks before"
    }
  }

  /// A figure as people write it: grouped thousands from 100 up, else one decimal.
  static func number(_ value: Double) -> String {
    if abs(value) >= 100 {
      let formatter = NumberFormatter()
      formatter.numberStyle = .decimal
      formatter.maximumFractionDigits = 0
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.usesGroupingSeparator = true
      formatter.groupingSeparator = ","
      formatter.groupingSize = 3
      return formatter.string(from: NSNumber(value: value.rounded())) ?? String(Int(value.rounded()))
    }
    let tenths = (value * 10).rounded() / 10
    return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
  }

  static func fullWidth(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          (0x21...0x7E).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0xFEE0) ?? scalar : scalar
        }))
  }

  static func arabicIndic(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          (0x30...0x39).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0x30 + 0x0660) ?? scalar : scalar
        }))
  }
}

@Suite struct InsightsJudgeTests {
  let data: PlantedTrends

  init() throws {
    data = try PlantedTrends()
  }

  /// Every sentence `panda insights` showed, over three days judged, with the model's server,
  /// and the runs' standard error.
  func shown(by model: ScriptedInsightModel) async throws -> (texts: [String], errors: [String], statuses: [ExitCode]) {
    let server = try LoopbackServer { request, _ in model.reply(request) }
    var texts: [String] = []
    var errors: [String] = []
    var statuses: [ExitCode] = []
    for offset in [0, -9, -23] {
      let result = await runPanda(
        [
          "insights", "--db", data.path, "--timezone", "UTC", "--as-of", PlantedTrends.asOf.adding(days: offset).iso,
          "--provider", "openai", "--base-url", server.baseURL + "/v1", "--model", "scripted", "--format", "json",
          "--refresh",
        ],
        environment: ["PANDA_API_KEY": "sk-test", "XDG_CONFIG_HOME": data.folder.file("config")])
      statuses.append(result.status)
      errors.append(result.error)
      let report = try #require(JSONValue.parse(result.output))
      for insight in report["insights"]?.arrayValue ?? [] {
        texts.append(insight["summary"]?.stringValue ?? "")
        texts += (insight["metrics"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
        texts += (insight["encouragement"]?.arrayValue ?? []).compactMap(\.stringValue)
        texts += (insight["suggestions"]?.arrayValue ?? []).compactMap(\.stringValue)
      }
    }
    return (texts, errors, statuses)
  }

  @Test func noPlantedMistakeIsShownAndStandardErrorCountsWhatWasWithheld() async throws {
    let model = ScriptedInsightModel(adversarial: true)
    let (texts, errors, statuses) = try await shown(by: model)
    let planted = model.planted.withLock { $0 }
    let kinds = Set(planted.map(\.0))
    #expect(
      kinds == Set(ScriptedInsightModel.Mistake.allCases),
      "kinds never planted: \(Set(ScriptedInsightModel.Mistake.allCases).subtracting(kinds))")
    let shown = planted.filter { _, sentence in
      let plain = SentenceText.cleaned(sentence)
      return texts.contains { $0.contains(plain) || $0.contains(sentence) }
    }
    print("adversarial model: \(shown.count) of \(planted.count) planted sentences shown")
    #expect(planted.count >= 150)
    #expect(shown.isEmpty, "shown: \(shown)")
    #expect(statuses.allSatisfy { $0 == .success })
    #expect(errors.allSatisfy { $0.contains("panda: withheld ") && $0.contains("sentences the model wrote (") })
    #expect(errors.allSatisfy { $0.split(separator: "\n").filter { $0.contains("withheld") }.count == 1 })
  }

  @Test func aCompetentModelKeepsAtLeastNinetyPercentOfItsSentences() async throws {
    let model = ScriptedInsightModel(adversarial: false)
    let (texts, _, statuses) = try await shown(by: model)
    let good = model.good.withLock { $0 }
    let kept = good.filter { sentence in texts.contains { $0.contains(sentence) } }
    let lost = good.filter { sentence in !texts.contains { $0.contains(sentence) } }
    print("competent model: \(kept.count) of \(good.count) good sentences kept")
    #expect(good.count >= 150)
    #expect(Double(kept.count) >= 0.9 * Double(good.count), "withheld: \(lost)")
    #expect(statuses.allSatisfy { $0 == .success })
  }
}
