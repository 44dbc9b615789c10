import Foundation
import PandaCore
import PandaStore

/// The insights report in its three forms: text for a terminal, JSON for scripts, Markdown
/// for notes and e-mail.
package struct InsightsReport {
  package var asOf: CalendarDay
  package var provider: String
  var outcomes: [InsightOutcome]
  /// Whether the run looks at today, not at a day in the past (`--as-of`).
  var isAsOfToday = true
  /// Where the data ends, for the stale-export notice.
  package var recency = DataRecency(lastDay: nil, byCategory: [:])
  /// The units of the figures in text and Markdown; JSON keeps the catalogue's.
  var units = DisplayUnits.metric
  /// Early warnings still going on, as highlight candidates.
  var alerts: [Highlight] = []
  /// Strong links between metrics, as highlight candidates.
  var links: [Highlight] = []
  /// The early warnings of the scan the alerts came from: the cards of their signals point to
  /// the ones still going on.
  var warnings: [HealthAlert] = []
  /// The menstrual cycle's own figures, where Health records it: a section of its own.
  var cycle: CycleSummary?

  /// "What stands out": the few things every form of the report opens with.
  package var highlights: [Highlight] {
    HighlightRanking.highlights(
      outcomes: outcomes, recency: recency, asOf: asOf, units: units, alerts: alerts, links: links,
      warned: WarningReference.warnedMetrics(warnings))
  }

  /// The outcomes as their cards tell them: during an early warning, a card of its signals
  /// tells the warning's story (`WarningStory`).
  package var toldOutcomes: [InsightOutcome] { WarningStory.told(outcomes, asOf: asOf, during: warnings) }

  /// Whether any insight had data to speak about.
  private var hasWritten: Bool { outcomes.contains { $0.insight.status != .noData } }

  /// The categories none of whose insights had data, each said in one line.
  var missing: [MissingCategory] {
    MissingCategory.all(in: outcomes, recency: recency, lastCompleteDay: asOf.adding(days: -1))
  }

  /// The lines about where the data ends, said once at the top.
  private var staleNotice: [String] { recency.staleNotice(lastCompleteDay: asOf.adding(days: -1)) }

  /// How to export again, said once at the end when the data ends early or some category with
  /// nothing in its window has had nothing for two weeks (a day off is no reason to export).
  private var exportLine: String? {
    let lastCompleteDay = asOf.adding(days: -1)
    let long = outcomes.contains { outcome in
      guard outcome.insight.status == .noData else { return false }
      guard let last = recency.byCategory[outcome.job.category] else { return true }
      return last.days(to: lastCompleteDay) >= HealthFetcher.recentDays
    }
    return long || !staleNotice.isEmpty ? DataGuidance.exporting : nil
  }

  // MARK: JSON

  private struct JSONReport: Encodable {
    var asOf: CalendarDay
    var provider: String
    /// The last day with data, when there is any.
    var lastDataDay: CalendarDay?
    /// The units the sentences (`message`, `sentence`, `summary`) are written in; the figures are
    /// always in the catalogue's units, which `unit` names.
    var sentenceUnits: DisplayUnits
    /// What stands out, ranked: every warning and flagged level, up to five items in all.
    var highlights: [Highlight]
    var insights: [JSONInsight]
    /// The menstrual cycle's figures, only where Health records menstrual flow.
    var cycle: JSONCycle?
  }

  private struct JSONInsight: Encodable {
    var category: HealthCategory
    var period: InsightPeriod
    var source: InsightOutcome.Source
    var generatedAt: String
    var status: InsightStatus
    var summary: String
    var metrics: [JSONMetric]
    var encouragement: [String]
    var suggestions: [String]
    var error: String?
    var fallback: JSONFallback?
    /// The parts the offline analyzer wrote where the model's words failed the checks.
    var offlineParts: [String]?
    /// The goals set for the category's metrics, over the period's current window.
    var goals: [JSONGoal]?
    /// The activity summaries' Move, Exercise and Stand goals over the current window.
    var rings: [JSONRing]?
    /// The early warning the card tells, whose figures `summary` gives in place of the card's
    /// own: one still going on or one that ended within the card's days, naming a metric of it.
    var duringWarning: JSONCardWarning?
  }

  private struct JSONRing: Encodable {
    var ring: String
    var metric: String
    var unit: String
    var from: CalendarDay
    var to: CalendarDay
    var days: Int
    var daysMet: Int
    var value: Double
    var target: Double
    var sentence: String
  }

  private struct JSONGoal: Encodable {
    var goal: String
    var metric: String
    var target: Double
    var unit: String
    var from: CalendarDay
    var to: CalendarDay
    var days: Int
    var daysMet: Int
    var mean: Double?
  }

  private struct JSONCycle: Encodable {
    var lastDay: CalendarDay
    var cycles: Int
    var from: CalendarDay?
    var to: CalendarDay?
    var lengths: [Int]
    var leftOut: Int
    var typicalLength: Double?
    var shortest: Int?
    var longest: Int?
    var regularity: String?
    var periodLength: Double?
    var temperatureShift: JSONTemperatureShift?
    var currentCycle: JSONCurrentCycle?
    var late: Bool
    var sentences: [String]

    init(_ summary: CycleSummary) {
      lastDay = summary.lastDay
      cycles = summary.lengths.count
      from = summary.from
      to = summary.through
      lengths = summary.lengths
      leftOut = summary.leftOut
      typicalLength = summary.typicalLength
      shortest = summary.shortest
      longest = summary.longest
      regularity = summary.isRegular.map { $0 ? "regular" : "varies" }
      periodLength = summary.periodLength
      temperatureShift = summary.temperature.map {
        JSONTemperatureShift(
          shift: ($0.shift * 1_000).rounded() / 1_000, lutealNights: $0.lutealNights,
          follicularNights: $0.follicularNights)
      }
      currentCycle = summary.current.map { JSONCurrentCycle(start: $0.start, day: $0.day) }
      late = summary.isLate
      sentences = CyclePhrases.sentences(summary)
    }
  }

  private struct JSONTemperatureShift: Encodable {
    var metric = "body.wristTemperature"
    var unit = "°C"
    var shift: Double
    var lutealNights: Int
    var follicularNights: Int
  }

  private struct JSONCurrentCycle: Encodable {
    var start: CalendarDay
    var day: Int
  }

  private struct JSONFallback: Encodable {
    var reason: String
  }

  private struct JSONMetric: Encodable {
    var metric: String
    var unit: String
    var current: Double
    var baseline: Double
    var change: Double
    var changePercent: Double?
    var slopePerDay: Double?
    var direction: TrendDirection
    var assessment: Assessment
    var evidence: TrendEvidence?
    var size: ChangeSize?
    /// The chance of a difference this large if nothing had changed.
    var pValue: Double?
    var message: String
    /// The daily goal set for the metric, in its unit, and whether `current` (the day's value or
    /// the mean per day) reaches it.
    var goal: Double?
    var goalMet: Bool?
    /// For a signal of an early warning still going on, or of one that ended within the card's
    /// days, the warning's own figures and a pointer to it, which stand for `message` (whose
    /// windows and baseline differ).
    var duringWarning: String?
    /// Where Health records the menstrual cycle: the luteal shift the comparison allowed for,
    /// and the change with it taken off the luteal days (see `MetricTrend.lutealShift`).
    var lutealShift: Double?
    var lutealAdjustedChange: Double?
  }

  /// The early warning a card tells (`WarningStory`): its days and level, the card's metrics
  /// among its signals; `summary` and the signals' `message` give its figures.
  private struct JSONCardWarning: Encodable {
    var start: CalendarDay
    var end: CalendarDay
    var active: Bool
    var level: HealthAlert.Level
    var metrics: [String]
    var noReadingsSince: CalendarDay?
    var backInRange: CalendarDay?
  }

  package func json() throws -> String {
    let formatter = ISO8601DateFormatter()
    let report = JSONReport(
      asOf: asOf, provider: provider, lastDataDay: recency.lastDay, sentenceUnits: units,
      highlights: highlights,
      insights: toldOutcomes.map { outcome in
        let insight = outcome.insight
        let told = WarningStory.warning(for: insight, asOf: asOf, during: warnings)
        return JSONInsight(
          category: insight.category, period: insight.period, source: outcome.source,
          generatedAt: formatter.string(from: Date(timeIntervalSince1970: Double(outcome.generatedAt))),
          status: insight.status, summary: insight.summary,
          metrics: insight.metrics.map { assessment in
            let goal = insight.goals?.first { $0.metric == assessment.metric }?.target
            return JSONMetric(
              metric: assessment.metric, unit: assessment.unit, current: rounded(assessment.current),
              baseline: rounded(assessment.baseline), change: rounded(assessment.change),
              changePercent: assessment.changePercent.map { rounded($0, places: 1) },
              slopePerDay: assessment.slopePerDay.map { rounded($0, places: 4) },
              direction: assessment.direction, assessment: assessment.assessment, evidence: assessment.trend.evidence,
              size: assessment.trend.size, pValue: assessment.trend.pValue.map { significant($0) },
              message: assessment.message, goal: goal,
              goalMet: goal.map { assessment.current >= $0 },
              duringWarning: told.flatMap { told in
                told.signals.first { $0.metric == assessment.metric }.map {
                  WarningStory.metricLine($0, of: told.alert)
                }
              },
              lutealShift: assessment.trend.lutealShift.map { rounded($0) },
              lutealAdjustedChange: assessment.trend.lutealAdjustedChange.map { rounded($0) })
          }, encouragement: insight.encouragement, suggestions: insight.suggestions, error: outcome.failure,
          fallback: outcome.fallback.map { JSONFallback(reason: $0.reason) }, offlineParts: insight.offlineParts,
          goals: insight.goals?.map {
            JSONGoal(
              goal: $0.goal, metric: $0.metric, target: $0.target, unit: $0.unit, from: $0.from, to: $0.to,
              days: $0.days, daysMet: $0.met, mean: $0.mean.map { rounded($0) })
          },
          rings: insight.rings?.map {
            JSONRing(
              ring: $0.ring, metric: $0.metric, unit: $0.unit, from: $0.from, to: $0.to, days: $0.days,
              daysMet: $0.met, value: rounded($0.value), target: rounded($0.goal), sentence: $0.sentence)
          },
          duringWarning: told.map {
            JSONCardWarning(
              start: $0.alert.start, end: $0.alert.end, active: $0.alert.isActive, level: $0.alert.level,
              metrics: $0.signals.map(\.metric), noReadingsSince: $0.alert.noReadingsSince,
              backInRange: $0.alert.backInRange)
          })
      }, cycle: cycle.map(JSONCycle.init))
    return try JSONOutput.string(report)
  }

  /// `value` to three significant digits: p-values span many orders of magnitude.
  private func significant(_ value: Double) -> Double {
    guard value > 0, value.isFinite else { return value }
    return Double(String(format: "%.3g", value)) ?? value
  }

  private func rounded(_ value: Double, places: Double = 3) -> Double {
    let scale = Foundation.pow(10, places)
    return (value * scale).rounded() / scale
  }

  // MARK: Text

  /// The top of the report for a terminal: the title, where the data ends, what stands out.
  private func opening(_ style: TextStyle) -> String {
    var text = style.bold("Health insights as of \(asOf.iso)") + style.dim(" · \(provider)") + "\n"
    for line in staleNotice { text += style.yellow(line) + "\n" }
    let highlights = highlights
    if !highlights.isEmpty || hasWritten {
      text += "\n" + style.bold("What stands out") + "\n"
      if highlights.isEmpty { text += "  " + style.dim(Self.nothingStandsOut) + "\n" }
      for highlight in highlights {
        let mark: String
        switch highlight.kind {
        case .alert: mark = style.red("!")
        case .level, .gap: mark = style.yellow("!")
        case .change, .link: mark = "•"
        }
        text += "  \(mark) \(highlight.sentence)" + style.dim(" → \(highlight.detailLabel)") + "\n"
      }
    }
    return text
  }

  /// One line per category with data (`CategoryLine`).
  var categoryLines: [CategoryLine] {
    CategoryLine.all(
      outcomes: outcomes, missing: missing.map(\.category), recency: recency, asOf: asOf, units: units,
      warnings: warnings)
  }

  /// The lines that name the categories without data: those that never had any, with where to
  /// read how to get it in, and those whose data stopped before the windows, with where to read
  /// when; none when every category has data.
  var withoutDataLines: [String] {
    let missing = missing.map(\.category)
    let never = missing.filter { recency.byCategory[$0] == nil }.map(\.displayName)
    let stopped = missing.filter { recency.byCategory[$0] != nil }.map(\.displayName)
    var lines: [String] = []
    if !never.isEmpty { lines.append("No data yet: \(never.joinedAsList) (--detail says how to get it in).") }
    if !stopped.isEmpty { lines.append("No recent data: \(stopped.joinedAsList) (--detail says when it stopped).") }
    return lines
  }

  /// The lines of the short report after what stands out, as a digest gives them: where the data
  /// ends when it ends early, "Sleep: …" per category with data, the line naming those without,
  /// and how to export again when that is due.
  package var digestLines: [String] {
    staleNotice + categoryLines.map { "\($0.category.displayName.capitalizedFirst): \($0.sentence)" }
      + (cycle.map { ["\(Self.cycleName): \(CyclePhrases.line($0))"] } ?? [])
      + withoutDataLines.map { $0.replacingOccurrences(of: "--detail", with: "panda insights --detail") }
      + (exportLine.map { [$0] } ?? [])
  }

  /// The short report for a terminal, what `panda insights` prints by default: what stands out,
  /// one line per category with data, one line naming those without, and where the cards are.
  package func overview(colour: Bool) -> String {
    let style = TextStyle(enabled: colour)
    var text = opening(style)
    let lines = categoryLines
    let without = withoutDataLines
    if !lines.isEmpty || !without.isEmpty || cycle != nil { text += "\n" }
    let width = (lines.map { $0.category.displayName.count } + (cycle == nil ? [] : [Self.cycleName.count])).max() ?? 0
    for line in lines {
      let mark: String
      switch line.mark {
      case .attention: mark = style.yellow("!")
      case .improving: mark = style.green("▲")
      case .declining: mark = style.red("▼")
      case .neutral: mark = style.dim("•")
      }
      let name = line.category.displayName.capitalizedFirst.padding(toLength: width, withPad: " ", startingAt: 0)
      text += "  \(style.bold(name))  \(mark) \(line.sentence)\n"
    }
    if let cycle {
      let name = Self.cycleName.padding(toLength: width, withPad: " ", startingAt: 0)
      text +=
        "  \(style.bold(name))  \(cycle.isLate ? style.yellow("!") : style.dim("•")) \(CyclePhrases.line(cycle))\n"
    }
    for line in without { text += "  " + style.dim(line) + "\n" }
    if hasWritten {
      text += "\n" + style.dim("Every card: add --detail, or --category NAME for one category.") + "\n"
    }
    if let exportLine { text += style.yellow("→") + " \(exportLine)\n" }
    return text
  }

  /// The report for a terminal with every card, what `--detail` and `--category` print; `colour`
  /// adds ANSI colours.
  package func text(colour: Bool) -> String {
    let style = TextStyle(enabled: colour)
    var text = opening(style)
    let missing = missing
    for outcome in toldOutcomes where !missing.contains(where: { $0.category == outcome.job.category }) {
      let insight = outcome.insight
      let categoryMetrics = MetricCatalogue.metrics(in: insight.category)
      text += "\n" + style.bold("\(insight.category.displayName.capitalizedFirst) · \(insight.period.rawValue)")
      text += style.dim("  (\(origin(outcome)))") + "\n"
      if let fallback = outcome.fallback {
        text += "  " + style.yellow("Written by the offline analyzer: \(fallback.reason).") + "\n"
      }
      let offline = Set(insight.offlineParts ?? [])
      if !offline.isEmpty {
        text +=
          "  "
          + style.yellow(
            "† written by the offline analyzer: the model's words there did not match the figures or did not describe them."
          )
        text += "\n"
      }
      func marked(_ part: String) -> String { offline.contains(part) ? "† " : "" }
      text += "  \(marked("summary"))\(insight.summary)\n"
      let width = insight.metrics.compactMap { MetricCatalogue.metric($0.metric)?.name.count }.max() ?? 0
      let told = WarningStory.warning(for: insight, asOf: asOf, during: warnings)
      for assessment in insight.metrics {
        guard let entry = categoryMetrics.first(where: { $0.id == assessment.metric }) else { continue }
        // A signal of the warning the card tells is marked as in it, not by the card's own verdict.
        let inWarning = told?.signals.contains { $0.metric == assessment.metric } == true
        let mark: String
        switch assessment.assessment {
        case _ where inWarning: mark = style.red("!")
        case .improving: mark = style.green("▲")
        case .declining: mark = style.red("▼")
        case .stable: mark = style.dim("•")
        }
        let (now, usual, _) = Self.figures(assessment, period: insight.period, units: units)
        text += "  \(mark) " + entry.name.padding(toLength: width, withPad: " ", startingAt: 0)
        text += "  \(now) vs \(usual)  " + Sparkline.draw(assessment.recent) + "  "
        switch assessment.assessment {
        case _ where inWarning: text += style.red(told.map { WarningStory.chip($0.alert) } ?? WarningStory.chip)
        case .improving: text += style.green("improving")
        case .declining: text += style.red("declining")
        case .stable: text += style.dim(assessment.chip)
        }
        text += "\n"
        // A signal of the warning the card tells has its figures in the card's headline.
        if !inWarning { text += "    " + style.dim(marked("metrics.\(assessment.metric)") + assessment.message) + "\n" }
        if let goal = insight.goals?.first(where: { $0.metric == assessment.metric }) {
          text += "    ◎ " + goal.phrase(units: units).capitalizedFirst + "\n"
        }
        if let ring = insight.rings?.first(where: { $0.metric == assessment.metric }) {
          text += "    ◎ " + ring.sentence + "\n"
        }
      }
      for goal in insight.goals ?? [] where !insight.metrics.contains(where: { $0.metric == goal.metric }) {
        text += "  ◎ " + goal.sentence(units: units) + "\n"
      }
      for ring in insight.rings ?? [] where !insight.metrics.contains(where: { $0.metric == ring.metric }) {
        text += "  ◎ " + ring.sentence + "\n"
      }
      for line in insight.encouragement { text += "  " + style.green("✓") + " \(marked("encouragement"))\(line)\n" }
      for line in insight.suggestions { text += "  " + style.yellow("→") + " \(marked("suggestions"))\(line)\n" }
    }
    if let cycle {
      text += "\n" + style.bold(Self.cycleName) + style.dim("  (from Health's menstrual flow records)") + "\n"
      for sentence in CyclePhrases.sentences(cycle) { text += "  \(sentence)\n" }
    }
    if !missing.isEmpty {
      text += "\n" + style.bold("Without data") + "\n"
      for category in missing { text += "  " + category.line + "\n" }
    }
    if let exportLine { text += "\n" + style.yellow("→") + " \(exportLine)\n" }
    return text
  }

  /// The name of the cycle's section and line.
  package static let cycleName = "Cycle"

  /// What the highlights say when nothing stands out.
  package static let nothingStandsOut =
    "Nothing stands out: no clear change over the week or the month and no level far outside its healthy range."

  private func origin(_ outcome: InsightOutcome) -> String {
    switch outcome.source {
    case .fresh: return outcome.insight.status == .failed ? "failed" : "fresh"
    case .cache:
      let age = outcome.generatedDay.days(to: asOf)
      guard age > 0 else { return isAsOfToday ? "from cache, made today" : "from cache, made for \(asOf.iso)" }
      return "from cache, \(age) day\(age == 1 ? "" : "s") old"
    }
  }

  // MARK: Markdown

  package func markdown() -> String {
    var text = "# Health insights as of \(asOf.iso)\n\n_Written by the \(provider) provider._\n"
    if !staleNotice.isEmpty { text += "\n" + staleNotice.joined(separator: " ") + "\n" }
    let highlights = highlights
    if !highlights.isEmpty || hasWritten {
      text += "\n## What stands out\n\n"
      if highlights.isEmpty { text += Self.nothingStandsOut + "\n" }
      for highlight in highlights {
        let link: String
        switch highlight.kind {
        case .alert, .link: link = "`\(highlight.detailLabel)`"
        default:
          let heading = highlight.category.map { category in
            Self.heading(category, highlight.period)
          }
          link = heading.map { "[\($0)](#\(Self.anchor($0)))" } ?? highlight.detailLabel
        }
        text += "- \(highlight.sentence) (\(link))\n"
      }
    }
    let missing = missing
    for outcome in toldOutcomes where !missing.contains(where: { $0.category == outcome.job.category }) {
      let insight = outcome.insight
      text += "\n## \(Self.heading(insight.category, insight.period))\n\n"
      if let fallback = outcome.fallback {
        text += "_Written by the offline analyzer: \(fallback.reason)._\n\n"
      }
      text += "\(insight.summary)\n"
      if !insight.metrics.isEmpty {
        text += "\n| Metric | Now | Usual | Change | Trend |\n|---|---|---|---|---|\n"
        let told = WarningStory.warning(for: insight, asOf: asOf, during: warnings)
        for assessment in insight.metrics {
          let inWarning = told?.signals.contains { $0.metric == assessment.metric } == true
          let name = MetricCatalogue.metric(assessment.metric)?.name ?? assessment.metric
          let (now, usual, change) = Self.figures(assessment, period: insight.period, units: units)
          text += "| \(name) | \(now) | \(usual) | \(change) | "
          text += "\(inWarning ? told.map { WarningStory.chip($0.alert) } ?? WarningStory.chip : assessment.chip) |\n"
        }
      }
      if let rings = insight.rings {
        text += "\n**Activity rings**\n\n" + rings.map { "- \($0.sentence)\n" }.joined()
      }
      if let goals = insight.goals {
        text += "\n**Goals**\n\n" + goals.map { "- \($0.sentence(units: units))\n" }.joined()
      }
      if !insight.encouragement.isEmpty {
        text += "\n**Going well**\n\n" + insight.encouragement.map { "- \($0)\n" }.joined()
      }
      if !insight.suggestions.isEmpty {
        text += "\n**To improve**\n\n" + insight.suggestions.map { "- \($0)\n" }.joined()
      }
    }
    if let cycle {
      text += "\n## \(Self.cycleName)\n\n_From Health's menstrual flow records._\n\n"
      text += CyclePhrases.sentences(cycle).map { "- \($0)\n" }.joined()
    }
    if !missing.isEmpty {
      text += "\n## Without data\n\n" + missing.map { "- \($0.line)\n" }.joined()
    }
    if let exportLine { text += "\n\(exportLine)\n" }
    return text
  }

  /// A Markdown heading of an insight: "Sleep, weekly"; the category alone without a period.
  static func heading(_ category: HealthCategory, _ period: InsightPeriod?) -> String {
    let name = category.displayName.capitalizedFirst
    return period.map { "\(name), \($0.rawValue)" } ?? name
  }

  /// The anchor Markdown renderers give a heading: lower case, spaces as hyphens, no punctuation.
  static func anchor(_ heading: String) -> String {
    String(
      heading.lowercased().compactMap { character -> Character? in
        if character == " " { return "-" }
        return character.isLetter || character.isNumber || character == "-" ? character : nil
      })
  }

  /// The current, usual and change figures as the report's columns show them (see
  /// `MetricFigures`).
  static func figures(_ assessment: MetricAssessment, period: InsightPeriod, units: DisplayUnits) -> (
    now: String, usual: String, change: String
  ) {
    MetricFigures.figures(assessment, period: period, units: units)
  }

  /// Creates a value from its stored properties.
  package init(
    asOf: CalendarDay, provider: String, outcomes: [InsightOutcome], isAsOfToday: Bool = true,
    recency: DataRecency = DataRecency(lastDay: nil, byCategory: [:]), units: DisplayUnits = DisplayUnits.metric,
    alerts: [Highlight] = [], links: [Highlight] = [], warnings: [HealthAlert] = [], cycle: CycleSummary? = nil
  ) {
    self.asOf = asOf
    self.provider = provider
    self.outcomes = outcomes
    self.isAsOfToday = isAsOfToday
    self.recency = recency
    self.units = units
    self.alerts = alerts
    self.links = links
    self.warnings = warnings
    self.cycle = cycle
  }
}
