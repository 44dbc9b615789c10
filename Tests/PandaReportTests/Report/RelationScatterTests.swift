import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaReport
@testable import PandaServices
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// The links in the report as scatter plots: one per link, a dot per paired day the link was
/// tested on, and the line with the slope the sentence states.
@Suite struct RelationScatterTests {
  static let asOf = CalendarDay(iso: "2025-07-01")!

  /// The report page of `days`, with the findings it was drawn from.
  func report(_ days: SyntheticDays) -> (page: String, findings: ReportFindings) {
    let series = days.series()
    let snapshot = HealthSnapshot(asOf: Self.asOf, window: DayRange(days.firstDay...Self.asOf), series: series)
    let findings = ReportFindings.find(in: snapshot, asOf: Self.asOf)
    let page = HTMLReport(
      asOf: Self.asOf, provider: "heuristic", outcomes: [], snapshot: snapshot,
      recency: HighlightFixtures.current, units: .metric, findings: findings
    ).html()
    return (page, findings)
  }

  func planted() -> SyntheticDays {
    SyntheticDays(
      days: 400, seed: 3, lastDay: Self.asOf.adding(days: -1),
      links: [
        PlantedLink(cause: "sleep.asleep", effect: "heart.hrv", lagDays: 0, slope: 6),
        PlantedLink(cause: "activity.exerciseMinutes", effect: "heart.restingHeartRate", lagDays: 1, slope: 0.08),
      ])
  }

  /// The SVG of the link whose title has `id`.
  func svg(of id: String, in page: String) throws -> String {
    let parts = page.components(separatedBy: "aria-labelledby=\"\(id)\"><title id=\"\(id)\">")
    try #require(parts.count == 2, "\(id)")
    return parts[1].components(separatedBy: "</svg>")[0]
  }

  static func number(_ text: Substring) -> Double { Double(text) ?? .nan }

  /// A signed tick label as a value: "+20", "−1,000", "+1 h 30 min", "−15 min", "0".
  static func tickValue(_ label: String, hours: Bool) -> Double? {
    if label == "0" { return 0 }
    let sign: Double = label.hasPrefix("−") ? -1 : 1
    let body = label.dropFirst().replacingOccurrences(of: ",", with: "")
    guard hours else { return Double(body).map { sign * $0 } }
    var total = 0.0
    for match in body.matches(of: /([0-9]+) (h|min)/) {
      total += (Double(match.output.1) ?? 0) / (match.output.2 == "h" ? 1 : 60)
    }
    return sign * total
  }

  /// The drawn positions as figures again: the straight line through two of `pairs`' positions,
  /// checked against every other one.
  struct AxisMap {
    var scale: Double
    var offset: Double
    func value(_ position: Double) -> Double { (position - offset) / scale }

    init(positions: [Double], values: [Double]) throws {
      let low = try #require(values.indices.min { values[$0] < values[$1] })
      let high = try #require(values.indices.max { values[$0] < values[$1] })
      scale = (positions[high] - positions[low]) / (values[high] - values[low])
      offset = positions[low] - scale * values[low]
    }
  }

  @Test func eachLinkIsAScatterOfItsPairedDaysWithTheLineOfItsSlope() throws {
    let (page, findings) = report(planted())
    let relations = findings.relations.relations
    #expect(relations.contains { $0.cause == "sleep.asleep" && $0.effect == "heart.hrv" && $0.lagDays == 0 })
    #expect(relations.contains { $0.cause == "activity.exerciseMinutes" && $0.effect == "heart.restingHeartRate" })
    #expect(page.components(separatedBy: "<svg class=\"scatter\"").count - 1 == relations.count)

    for relation in relations {
      let id = "t-link-\(relation.cause)-\(relation.effect)-\(relation.lagDays)"
        .replacingOccurrences(of: ".", with: "-")
      let plot = try svg(of: id, in: page)
      // Its title says the sentence and the days.
      #expect(plot.hasPrefix(HTML.escape(relation.sentence) + " Each dot is one of the \(relation.days) paired days"))
      #expect(page.contains("<figcaption>\(HTML.escape(relation.sentence))</figcaption>"))

      // A dot per paired day, in the order of the days, where the pair's figures put it.
      let dots = plot.matches(of: /<circle class="pair" cx="([-0-9.]+)" cy="([-0-9.]+)"/).map {
        (x: Self.number($0.output.1), y: Self.number($0.output.2))
      }
      #expect(dots.count == relation.days)
      #expect(relation.pairs.count == relation.days)
      let x = try AxisMap(positions: dots.map(\.x), values: relation.pairs.map(\.cause))
      let y = try AxisMap(positions: dots.map(\.y), values: relation.pairs.map(\.effect))
      #expect(x.scale > 0, "more of the cause lies to the right")
      #expect(y.scale < 0, "more of the effect lies higher up")
      let causeSpan = (relation.pairs.map(\.cause).max() ?? 0) - (relation.pairs.map(\.cause).min() ?? 0)
      let effectSpan = (relation.pairs.map(\.effect).max() ?? 0) - (relation.pairs.map(\.effect).min() ?? 0)
      for (dot, pair) in zip(dots, relation.pairs) {
        // Coordinates are written to a tenth of an SVG unit.
        #expect(abs(x.value(dot.x) - pair.cause) <= causeSpan * 0.002)
        #expect(abs(y.value(dot.y) - pair.effect) <= effectSpan * 0.002)
      }

      // The plot area is what the gridlines and the zero cross span; every dot lies inside it.
      let lines = plot.matches(
        of: /<line class="(grid|axis)" x1="([-0-9.]+)" x2="([-0-9.]+)" y1="([-0-9.]+)" y2="([-0-9.]+)"/
      )
      .map { (Self.number($0.output.2), Self.number($0.output.3), Self.number($0.output.4), Self.number($0.output.5)) }
      let left = try #require(lines.map(\.0).min())
      let right = try #require(lines.map(\.1).max())
      let top = try #require(lines.map(\.2).min())
      let bottom = try #require(lines.map(\.3).max())
      #expect(left > 0 && right <= RelationScatter.width && top > 0 && bottom <= RelationScatter.height)
      for dot in dots { #expect(dot.x >= left && dot.x <= right && dot.y >= top && dot.y <= bottom, "\(dot)") }

      // The zero cross is at the person's usual on both sides.
      let axes = plot.matches(of: /<line class="axis" x1="([-0-9.]+)" x2="([-0-9.]+)" y1="([-0-9.]+)" y2="([-0-9.]+)"/)
        .map {
          (Self.number($0.output.1), Self.number($0.output.2), Self.number($0.output.3), Self.number($0.output.4))
        }
      let horizontal = try #require(axes.first { $0.2 == $0.3 })
      let vertical = try #require(axes.first { $0.0 == $0.1 })
      #expect(abs(y.value(horizontal.2)) <= effectSpan * 0.002)
      #expect(abs(x.value(vertical.0)) <= causeSpan * 0.002)

      // The line, read back through the same axes, has the slope the sentence states.
      let fit = try #require(
        plot.firstMatch(of: /<line class="fit" x1="([-0-9.]+)" y1="([-0-9.]+)" x2="([-0-9.]+)" y2="([-0-9.]+)"/))
      let (x1, y1, x2, y2) = (
        Self.number(fit.output.1), Self.number(fit.output.2), Self.number(fit.output.3), Self.number(fit.output.4)
      )
      for (px, py) in [(x1, y1), (x2, y2)] { #expect(px >= left && px <= right && py >= top && py <= bottom) }
      let drawn = (y.value(y2) - y.value(y1)) / (x.value(x2) - x.value(x1))
      #expect(abs(drawn - relation.slope) <= abs(relation.slope) * 0.02, "\(drawn) vs \(relation.slope)")

      // Round ticks, each label where its value is drawn.
      let hours = relation.effectUnit == "h"
      let labels = plot.matches(of: /<text class="tick end" x="[-0-9.]+" y="([-0-9.]+)">([^<]*)</)
      #expect(labels.count >= 3)
      let values = try labels.map { try #require(Self.tickValue(String($0.output.2), hours: hours)) }
      let step = values[1] - values[0]
      for (label, value) in zip(labels, values) {
        #expect(abs(y.value(Self.number(label.output.1) - 4) - value) <= effectSpan * 0.002)
        #expect(abs(value / step - (value / step).rounded()) < 1e-6)
      }
      #expect(values.contains(0))
    }
  }

  @Test func theAxesSayWhatIsShownInThePersonsUnits() throws {
    let (page, findings) = report(planted())
    let sleep = try #require(
      findings.relations.relations.first { $0.cause == "sleep.asleep" && $0.effect == "heart.hrv" })
    let plot = try svg(of: "t-link-sleep-asleep-heart-hrv-0", in: page)
    #expect(plot.contains(">HRV that day vs usual, ms</text>"))
    #expect(plot.contains(">Time asleep vs usual</text>"))
    // Durations as durations, signed: an hour less than usual, an hour more.
    #expect(plot.contains(">−1 h</text>") && plot.contains(">+1 h</text>"))
    #expect(sleep.sentence.hasPrefix("On days after you slept an hour more than usual, your HRV that day was about"))
    let exercise = try svg(of: "t-link-activity-exerciseMinutes-heart-restingHeartRate-1", in: page)
    #expect(exercise.contains(">Resting heart rate the next day vs usual, bpm</text>"))
    #expect(exercise.contains(">Exercise vs usual, min</text>"))
    // The table of figures: every paired day with both deviations.
    let table = page.components(separatedBy: "<th scope=\"col\">HRV that day vs usual, ms</th>")
    #expect(table.count == 2)
    let rows = table[1].components(separatedBy: "</tbody>")[0].components(separatedBy: "<tr>").count - 1
    #expect(rows == sleep.days)
    let newest = try #require(sleep.pairs.last)
    #expect(table[1].contains("<tr><td>\(newest.day.iso)</td>"))
  }

  @Test func withoutALinkThereIsNoScatter() throws {
    // Nothing planted: no link at this seed, so no plot.
    let (page, findings) = report(SyntheticDays(days: 400, seed: 4, lastDay: Self.asOf.adding(days: -1)))
    #expect(findings.relations.tested > 20)
    try #require(findings.relations.relations.isEmpty)
    #expect(!page.contains("<svg class=\"scatter\""))
    #expect(!page.contains("id=\"relations\""))
    // A link given without its days keeps its sentence and has no plot.
    let bare = MetricRelation(
      cause: "sleep.asleep", effect: "heart.hrv", lagDays: 0, days: 120, slope: 5, causeUnit: "h", effectUnit: "ms",
      qValue: 0.01, sentence: "Link (120 days).")
    #expect(RelationScatter.plot(of: bare, units: .metric) == nil)
  }

  @Test func aLineSteeperThanThePlotIsCutAtItsEdges() throws {
    let pairs = (0..<40).map { index in
      RelationPair(day: Self.asOf.adding(days: index - 40), cause: Double(index % 10) / 10 - 0.45, effect: 0)
    }
    let relation = MetricRelation(
      cause: "sleep.asleep", effect: "heart.hrv", lagDays: 0, days: 40, slope: 50, causeUnit: "h", effectUnit: "ms",
      qValue: 0.01, sentence: "Steep (40 days).", pairs: pairs)
    let scatter = try #require(RelationScatter.plot(of: relation, units: .metric))
    let (plot, xScale, yScale) = scatter.layout
    let ends = try #require(scatter.lineEnds(xScale: xScale, yScale: yScale))
    for end in [ends.0, ends.1] {
      #expect(end.y >= yScale.low - 1e-9 && end.y <= yScale.high + 1e-9)
      #expect(end.x >= xScale.low && end.x <= xScale.high)
    }
    #expect(abs((ends.1.y - ends.0.y) / (ends.1.x - ends.0.x) - 50) < 1e-9)
    #expect(plot.left > 0 && plot.right <= RelationScatter.width)
  }
}
