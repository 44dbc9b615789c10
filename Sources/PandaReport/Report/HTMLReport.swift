import Foundation
import PandaAnalysis
import PandaCore
import PandaServices
import PandaStore

/// The insights as one self-contained HTML page: per category the insights' sentences as
/// `panda insights` writes them, a chart of each metric's daily values over the last 90 days,
/// the goals as rings and bars, and the workouts by type. Inline CSS and SVG only: no script,
/// nothing fetched, so it opens offline, from an e-mail or a file share. A pure function of its
/// inputs.
package struct HTMLReport {
  /// Days of daily values each chart shows, up to the latest complete day.
  static let chartDays = 90

  /// The day the report is as of; the charts end the day before.
  var asOf: CalendarDay
  /// The provider that wrote the insights.
  var provider: String
  /// The insights, in report order.
  var outcomes: [InsightOutcome]
  /// The daily values the charts are drawn from.
  var snapshot: HealthSnapshot
  /// Where the data ends, for the notice of a stale export.
  var recency: DataRecency
  /// The units of the figures.
  var units: DisplayUnits
  /// The early warnings and links found in the snapshot; `nil` leaves them out.
  var findings: ReportFindings?

  /// "What stands out", as every form of the insights opens with it.
  var highlights: [Highlight] {
    HighlightRanking.highlights(
      outcomes: outcomes, recency: recency, asOf: asOf, units: units, alerts: findings?.alertHighlights ?? [],
      links: findings?.linkHighlights ?? [], warned: WarningReference.warnedMetrics(findings?.alerts.alerts ?? []))
  }

  /// The categories none of whose insights had data: one line each at the end, no section.
  var missing: [MissingCategory] {
    MissingCategory.all(in: outcomes, recency: recency, lastCompleteDay: asOf.adding(days: -1))
  }

  /// A report of `outcomes` (in report order) with charts from `snapshot`.
  package init(
    asOf: CalendarDay, provider: String, outcomes: [InsightOutcome], snapshot: HealthSnapshot, recency: DataRecency,
    units: DisplayUnits, findings: ReportFindings? = nil
  ) {
    self.findings = findings
    self.asOf = asOf
    self.provider = provider
    self.outcomes = outcomes
    self.snapshot = snapshot
    self.recency = recency
    self.units = units
  }

  /// The days the charts show: the 90 days up to the latest complete day.
  var days: DayRange { DayRange(last: asOf.adding(days: -1), count: Self.chartDays) }

  /// The categories of the outcomes with something to show, in report order.
  var categories: [HealthCategory] {
    let missing = Set(missing.map(\.category))
    var seen: [HealthCategory] = []
    for outcome in outcomes where !seen.contains(outcome.job.category) && !missing.contains(outcome.job.category) {
      seen.append(outcome.job.category)
    }
    return seen
  }

  /// The page.
  package func html() -> String {
    var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
    html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
    html += "<meta name=\"color-scheme\" content=\"light dark\">"
    // Nothing may be fetched: no script, image, font or frame, only the style in the page.
    html += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
    html += "<title>Health report as of \(asOf.iso)</title><style>\(ReportStyle.css)</style></head><body>"
    html += "<header><h1>Health report as of \(asOf.iso)</h1>"
    html += "<p class=\"meta\">Insights written by the \(HTML.escape(provider)) provider; charts of the daily values "
    html += "from \(days.first.iso) to \(days.last.iso).</p>"
    for line in recency.staleNotice(lastCompleteDay: asOf.adding(days: -1)) {
      let said = line.replacingOccurrences(of: "panda insights --as-of", with: "panda report --as-of")
      html += "<p class=\"stale\">\(HTML.escape(said))</p>"
    }
    html += "<p class=\"legend\"><span class=\"swatch band\"></span> usual range (the middle half of the whole days "
    html += "shown) · <span class=\"swatch whole\"></span> a day · <span class=\"swatch hollow\"></span> "
    html += "a partly recorded day"
    if !(findings?.alerts.alerts ?? []).isEmpty {
      html += " · <span class=\"swatch alert\"></span> an early warning (<a href=\"#alerts\">below</a>)"
    }
    html += "</p>"
    html += "<nav aria-label=\"Categories\"><ul>"
    for category in categories {
      html += "<li><a href=\"#\(category.rawValue)\">\(HTML.escape(category.displayName.capitalizedFirst))</a></li>"
    }
    if findings?.cycle != nil { html += "<li><a href=\"#cycle\">\(InsightsReport.cycleName)</a></li>" }
    html += "</ul></nav></header><main>"
    html += highlightSection()
    html += findingSections()
    html += loggedSection()
    for category in categories { html += section(category) }
    html += cycleSection()
    let missing = missing
    if !missing.isEmpty {
      html +=
        "<section id=\"without-data\" aria-labelledby=\"h-without-data\"><h2 id=\"h-without-data\">Without data</h2>"
      html += "<ul class=\"missing\">" + missing.map { "<li>\(HTML.escape($0.line))</li>" }.joined() + "</ul></section>"
    }
    html += "</main><footer>Made by panda from the Health data on this computer. This file fetches nothing: "
    html += "no script, no images, no fonts from the network.</footer></body></html>\n"
    return html
  }

  // MARK: Highlights

  /// "What stands out", above the charts: each sentence links to its detail.
  private func highlightSection() -> String {
    let highlights = highlights
    guard !highlights.isEmpty || outcomes.contains(where: { $0.insight.status != .noData }) else { return "" }
    var html = "<section id=\"highlights\" class=\"highlights\" aria-labelledby=\"h-highlights\">"
    html += "<h2 id=\"h-highlights\">What stands out</h2>"
    guard !highlights.isEmpty else {
      return html + "<p>\(HTML.escape(InsightsReport.nothingStandsOut))</p></section>"
    }
    html += "<ul>"
    for highlight in highlights {
      html += "<li class=\"\(highlight.kind.rawValue)\">\(HTML.escape(highlight.sentence)) "
      html += "<a href=\"#\(HTML.escape(highlight.detail))\">\(HTML.escape(highlight.detailLabel))</a></li>"
    }
    return html + "</ul></section>"
  }

  /// The early warnings of the last 90 days, newest first, and the links of the last year, each
  /// in its sentence above a scatter plot of the days it rests on; nothing when there are none.
  private func findingSections() -> String {
    guard let findings else { return "" }
    var html = ""
    let alerts = findings.alerts.alerts
    if !alerts.isEmpty {
      html += "<section id=\"alerts\" aria-labelledby=\"h-alerts\"><h2 id=\"h-alerts\">Early warnings</h2><ul>"
      for alert in alerts.reversed() {
        let state = alert.isActive ? "active" : "over"
        html += "<li class=\"\(state) \(alert.level.rawValue)\">\(HTML.escape(alert.sentence))</li>"
      }
      html += "</ul><p class=\"note\">Shaded on the charts of the signals involved.</p></section>"
    }
    let relations = findings.relations
    // The links of tags and symptoms are told under "What you logged".
    let metricLinks = relations.relations.filter { $0.taggedDays == nil }
    if !metricLinks.isEmpty {
      html += "<section id=\"relations\" aria-labelledby=\"h-relations\">"
      html += "<h2 id=\"h-relations\">Links between metrics</h2><div class=\"charts links\">"
      for relation in metricLinks {
        let id = "t-link-\(relation.cause)-\(relation.effect)-\(relation.lagDays)"
          .replacingOccurrences(of: ".", with: "-")
        if let scatter = RelationScatter.plot(of: relation, units: units) {
          html += scatter.html(id: id)
        } else {
          html += "<figure class=\"chart link\"><figcaption>\(HTML.escape(relation.sentence))</figcaption></figure>"
        }
      }
      html += "</div><p class=\"note\">Each dot is a day, both metrics measured from your usual around it "
      html += "(the slow trend and the weekly rhythm taken away); the line's slope is the size its sentence states. "
      html += "\(relations.tested) pairs tested from \(relations.from.iso) to "
      html += "\(relations.to.iso), with one bar against chance over all of them: what went together, not what "
      html += "caused what.</p></section>"
    }
    return html
  }

  // MARK: What you logged

  /// The tags and symptoms of the charts' days, each with its days, and the links of tags and
  /// symptoms in the words of `panda relations`; nothing when there is neither.
  private func loggedSection() -> String {
    guard let logged = findings?.logged(over: days), !logged.isEmpty else { return "" }
    var html = "<section id=\"logged\" aria-labelledby=\"h-logged\"><h2 id=\"h-logged\">What you logged</h2>"
    if logged.counts.isEmpty {
      html += "<p>No tag or symptom from \(days.first.iso) to \(days.last.iso).</p>"
    }
    for (heading, lines) in [("Tags", logged.tagLines), ("Symptoms Health recorded", logged.symptomLines)]
    where !lines.isEmpty {
      html += "<h3>\(heading), \(days.first.iso) to \(days.last.iso)</h3><ul class=\"logged\">"
      html += lines.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>"
    }
    if !logged.links.isEmpty {
      html += "<h3>What they went with</h3><ul class=\"logged-links\">"
      html += logged.links.map { "<li>\(HTML.escape($0.sentence))</li>" }.joined() + "</ul>"
    }
    return html + "<p class=\"note\">\(HTML.escape(logged.linkNote))</p></section>"
  }

  // MARK: A category

  private func section(_ category: HealthCategory) -> String {
    var html = "<section id=\"\(category.rawValue)\" aria-labelledby=\"h-\(category.rawValue)\">"
    html += "<h2 id=\"h-\(category.rawValue)\">\(HTML.escape(category.displayName.capitalizedFirst))</h2>"
    let withGoals = outcomes.filter { $0.job.category == category }.sorted { $0.job.period < $1.job.period }
    // The week's goals: the period between a single day and a month.
    if let goalOutcome = withGoals.first(where: { $0.job.period == .weekly }) ?? withGoals.first {
      html += rings(goalOutcome.insight.rings ?? [], category: category)
      html += goalBars(goalOutcome.insight.goals ?? [], category: category)
    }
    var charts = ""
    var empty: [String] = []
    for series in snapshot.series(in: category) {
      let points = Array(series.points(from: days.first, through: days.last))
      guard !points.isEmpty else {
        if series.availability != .never { empty.append(series.metric.name) }
        continue
      }
      var chart = DailyChart(metric: series.metric, days: days, points: points, units: units)
      chart.alerts = (findings?.alerts.alerts ?? []).filter { alert in
        alert.signals.contains { $0.metric == series.metric.id }
      }.map { $0.start...$0.end }
      charts += chart.html(id: "t-" + series.metric.id.replacingOccurrences(of: ".", with: "-"))
    }
    if !charts.isEmpty { html += "<div class=\"charts\">\(charts)</div>" }
    if !empty.isEmpty {
      html += "<p class=\"note\">No values in these 90 days: \(HTML.escape(empty.joined(separator: ", "))).</p>"
    }
    if category == .activity { html += workouts() }
    // The pictures first, then the words about them.
    html += "<div class=\"insights\">"
    for outcome in outcomes where outcome.job.category == category { html += insight(outcome) }
    html += "</div>"
    return html + "</section>"
  }

  /// One insight as `panda insights` writes it: the summary, each metric's figures and sentence,
  /// goals and rings, what is going well and what to improve.
  private func insight(_ outcome: InsightOutcome) -> String {
    // During an early warning, a card of its signals tells the warning's story.
    let insight = WarningStory.told(outcome.insight, asOf: asOf, during: findings?.alerts.alerts ?? [])
    var html = "<article class=\"insight\" id=\"\(Highlight.detail(insight.category, insight.period))\">"
    html += "<h3>\(insight.period.rawValue)</h3>"
    if let fallback = outcome.fallback {
      html += "<p class=\"note\">Written by the offline analyzer: \(HTML.escape(fallback.reason)).</p>"
    }
    html += "<p class=\"summary\">\(HTML.escape(insight.summary))</p>"
    let told = WarningStory.warning(for: insight, asOf: asOf, during: findings?.alerts.alerts ?? [])
    if !insight.metrics.isEmpty || !(insight.goals ?? []).isEmpty || !(insight.rings ?? []).isEmpty {
      html += "<ul>"
      for assessment in insight.metrics {
        let name = MetricCatalogue.metric(assessment.metric)?.name ?? assessment.metric
        let (now, usual, change) = MetricFigures.figures(assessment, period: insight.period, units: units)
        let inWarning = told?.signals.contains { $0.metric == assessment.metric } == true
        let chip = told.map { WarningStory.chip($0.alert) } ?? WarningStory.chip
        let (mark, style) =
          switch assessment.assessment {
          case _ where inWarning: ("! \(chip)", "down")
          case .improving: ("▲", "up")
          case .declining: ("▼", "down")
          case .stable:
            switch assessment.chip {
            case "higher": ("↑ higher", "flat")
            case "lower": ("↓ lower", "flat")
            default: ("•", "flat")
            }
          }
        html += "<li><span class=\"\(style)\" aria-label=\"\(inWarning ? chip : assessment.chip)\">\(mark)</span> "
        html += "<strong>\(HTML.escape(name))</strong> \(HTML.escape(now)) vs \(HTML.escape(usual)) "
        html += "<small>(\(HTML.escape(change)))</small>"
        // A signal of the warning the card tells has its figures in the card's headline.
        if !inWarning { html += "<br>" + HTML.escape(assessment.message) }
        if let goal = insight.goals?.first(where: { $0.metric == assessment.metric }) {
          html += "<br>◎ \(HTML.escape(goal.phrase(units: units).capitalizedFirst))"
        }
        if let ring = insight.rings?.first(where: { $0.metric == assessment.metric }) {
          html += "<br>◎ \(HTML.escape(ring.sentence))"
        }
        html += "</li>"
      }
      for goal in insight.goals ?? [] where !insight.metrics.contains(where: { $0.metric == goal.metric }) {
        html += "<li>◎ \(HTML.escape(goal.sentence(units: units)))</li>"
      }
      for ring in insight.rings ?? [] where !insight.metrics.contains(where: { $0.metric == ring.metric }) {
        html += "<li>◎ \(HTML.escape(ring.sentence))</li>"
      }
      html += "</ul>"
    }
    if !insight.encouragement.isEmpty {
      html += "<ul class=\"well\">" + insight.encouragement.map { "<li>✓ \(HTML.escape($0))</li>" }.joined() + "</ul>"
    }
    if !insight.suggestions.isEmpty {
      html += "<ul class=\"improve\">" + insight.suggestions.map { "<li>→ \(HTML.escape($0))</li>" }.joined() + "</ul>"
    }
    return html + "</article>"
  }

  // MARK: Goals

  /// The activity rings: the share of days in the window that reached the goal, as a ring.
  private func rings(_ rings: [RingProgress], category: HealthCategory) -> String {
    guard !rings.isEmpty else { return "" }
    var html = "<div class=\"rings\">"
    for ring in rings {
      let share = ring.days > 0 ? Double(ring.met) / Double(ring.days) : 0
      let id = "t-ring-\(category.rawValue)-\(ring.ring)"
      let title =
        "\(ring.ring.capitalizedFirst) goal reached on \(ring.met) of \(ring.days) days, "
        + "\(ring.from.iso) to \(ring.to.iso). \(ring.sentence)"
      let radius = 40.0
      let circumference = 2 * Double.pi * radius
      html += "<figure><svg viewBox=\"0 0 100 100\" role=\"img\" aria-labelledby=\"\(id)\">"
      html += "<title id=\"\(id)\">\(HTML.escape(title))</title>"
      html += "<circle class=\"track\" cx=\"50\" cy=\"50\" r=\"40\" stroke-width=\"10\"/>"
      if share > 0 {
        html +=
          "<circle class=\"ring\" cx=\"50\" cy=\"50\" r=\"40\" stroke-width=\"10\" transform=\"rotate(-90 50 50)\" "
        html += "stroke-dasharray=\"\(HTML.coordinate(circumference * share)) \(HTML.coordinate(circumference))\"/>"
      }
      html += "<text class=\"ringtext\" x=\"50\" y=\"56\">\(ring.met)/\(ring.days)</text></svg>"
      let span = ring.from.days(to: ring.to) + 1
      html += "<figcaption>\(HTML.escape(ring.ring.capitalizedFirst)) <small>goal reached, last \(span) days</small>"
      html += "</figcaption>"
      html += "<details><summary>Figures</summary><table><tbody>"
      html += "<tr><th scope=\"row\">Days with a goal</th><td>\(ring.days)</td></tr>"
      html += "<tr><th scope=\"row\">Days reached</th><td>\(ring.met)</td></tr>"
      html +=
        "<tr><th scope=\"row\">Mean</th><td>\(HTML.escape(MetricFormatter.string(ring.value, unit: ring.unit)))</td></tr>"
      html +=
        "<tr><th scope=\"row\">Mean goal</th><td>\(HTML.escape(MetricFormatter.string(ring.goal, unit: ring.unit)))</td></tr>"
      html += "</tbody></table></details></figure>"
    }
    return html + "</div>"
  }

  /// The goals set with `panda config`: the share of days that met each, as a bar.
  private func goalBars(_ goals: [GoalProgress], category: HealthCategory) -> String {
    guard !goals.isEmpty else { return "" }
    var html = "<div class=\"charts\">"
    for goal in goals {
      let share = goal.days > 0 ? Double(goal.met) / Double(goal.days) : 0
      let id = "t-goal-\(goal.metric.replacingOccurrences(of: ".", with: "-"))"
      let sentence = goal.sentence(units: units)
      html += "<figure><figcaption>\(HTML.escape(sentence))</figcaption>"
      html += "<svg viewBox=\"0 0 480 36\" role=\"img\" aria-labelledby=\"\(id)\">"
      html += "<title id=\"\(id)\">\(HTML.escape("Goal met on \(goal.met) of \(goal.days) days. \(sentence)"))</title>"
      html += "<rect class=\"usual\" x=\"0\" y=\"8\" width=\"480\" height=\"20\" rx=\"4\"/>"
      if share > 0 {
        html += "<rect class=\"bar\" x=\"0\" y=\"8\" width=\"\(HTML.coordinate(480 * share))\" height=\"20\" rx=\"4\"/>"
      }
      html += "</svg><details><summary>Figures</summary><table><tbody>"
      html += "<tr><th scope=\"row\">Days</th><td>\(goal.days)</td></tr>"
      html += "<tr><th scope=\"row\">Days the goal was met</th><td>\(goal.met)</td></tr>"
      html += "</tbody></table></details></figure>"
    }
    return html + "</div>"
  }

  // MARK: Workouts

  /// The 90 days' workouts by type, most minutes first, as bars.
  private func workouts() -> String {
    let types = snapshot.workoutTypes(from: days.first, through: days.last)
    guard !types.isEmpty, let longest = types.map(\.minutes).max(), longest > 0 else { return "" }
    // Each type's name above its bar, the time after it: the longest bar leaves room for the
    // widest time, so no label runs off the drawing.
    let rowHeight = 38.0
    let height = rowHeight * Double(types.count) + 4
    let times = types.map { MetricFormatter.string($0.minutes, unit: "min") }
    let room = Double(times.map(\.count).max() ?? 0) * ChartScale.labelSize * 0.62 + 10
    let summary = zip(types, times).map { "\(WorkoutActivity.name($0.activityType)) \($1)" }
    var html = "<div class=\"charts\"><figure><figcaption>Workouts by type</figcaption>"
    html += "<svg viewBox=\"0 0 480 \(Int(height))\" role=\"img\" aria-labelledby=\"t-workouts\">"
    let title =
      "Workout time by type, \(days.first.iso) to \(days.last.iso): "
      + summary.joined(separator: ", ") + "."
    html += "<title id=\"t-workouts\">\(HTML.escape(title))</title>"
    for (index, (type, time)) in zip(types, times).enumerated() {
      let y = rowHeight * Double(index)
      let width = max((480 - room) * type.minutes / longest, 1)
      html += "<text class=\"label\" x=\"0\" y=\"\(HTML.coordinate(y + 14))\">"
      html += "\(HTML.escape(WorkoutActivity.name(type.activityType)))</text>"
      html += "<rect class=\"bar\" x=\"0\" y=\"\(HTML.coordinate(y + 19))\" width=\"\(HTML.coordinate(width))\" "
      html += "height=\"14\"/>"
      html += "<text class=\"tick\" x=\"\(HTML.coordinate(width + 6))\" y=\"\(HTML.coordinate(y + 31))\">"
      html += "\(HTML.escape(time))</text>"
    }
    html += "</svg><details><summary>Figures</summary><table><thead><tr><th scope=\"col\">Type</th>"
    html +=
      "<th scope=\"col\">Workouts</th><th scope=\"col\">Time</th><th scope=\"col\">Distance</th></tr></thead><tbody>"
    for type in types {
      let distance = type.distance > 0 ? units.string(type.distance, unit: "km") : "—"
      html += "<tr><td>\(HTML.escape(WorkoutActivity.name(type.activityType)))</td><td>\(type.workouts)</td>"
      html +=
        "<td>\(HTML.escape(MetricFormatter.string(type.minutes, unit: "min")))</td><td>\(HTML.escape(distance))</td></tr>"
    }
    return html + "</tbody></table></details></figure></div>"
  }
}
