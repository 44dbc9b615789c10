import Foundation
import PandaAnalysis
import PandaCore

/// A link between two metrics as a small inline SVG scatter plot: one dot per paired day the
/// link was tested on, the cause's deviation from its usual across and the effect's up (the slow
/// trend and the weekly rhythm taken away, as the test does), with the robust (Theil–Sen) line
/// whose slope the sentence states. Its `<title>` gives the sentence and the number of days, and
/// a table behind `<details>` every pair.
struct RelationScatter {
  /// The link drawn, with its paired days.
  var relation: MetricRelation
  /// The metric that comes first.
  var cause: Metric
  /// The metric that follows it.
  var effect: Metric
  /// The units figures are shown in.
  var units: DisplayUnits

  /// The size of the drawing, in SVG units (it scales to its box).
  static let width = 480.0
  static let height = 300.0
  private static let right = 12.0
  private static let top = 26.0
  private static let bottom = 46.0
  private static let dotRadius = 2.6

  /// A plot as given.
  init(relation: MetricRelation, cause: Metric, effect: Metric, units: DisplayUnits) {
    self.relation = relation
    self.cause = cause
    self.effect = effect
    self.units = units
  }

  /// A plot of `relation`; `nil` when it carries fewer than two paired days or names a metric the
  /// catalogue does not know.
  static func plot(of relation: MetricRelation, units: DisplayUnits) -> RelationScatter? {
    guard relation.pairs.count >= 2, let cause = MetricCatalogue.metric(relation.cause),
      let effect = MetricCatalogue.metric(relation.effect)
    else { return nil }
    return RelationScatter(relation: relation, cause: cause, effect: effect, units: units)
  }

  // MARK: Figures in the person's units

  /// The cause's unit as shown.
  var causeUnit: String { units.unit(relation.causeUnit) }
  /// The effect's unit as shown.
  var effectUnit: String { units.unit(relation.effectUnit) }
  private var causeFactor: Double { units.convertedDifference(1, unit: relation.causeUnit).value }
  private var effectFactor: Double { units.convertedDifference(1, unit: relation.effectUnit).value }

  /// The paired days as drawn: the cause's and the effect's deviations in the units shown.
  var points: [(x: Double, y: Double)] {
    relation.pairs.map { ($0.cause * causeFactor, $0.effect * effectFactor) }
  }

  /// The line: the link's slope in the units shown, through the median of what is left (the
  /// Theil–Sen intercept), so that it runs through the middle of the dots.
  var line: (slope: Double, intercept: Double) {
    let slope = relation.slope * effectFactor / causeFactor
    let intercept = RobustStatistics.median(points.map { $0.y - slope * $0.x }) ?? 0
    return (slope, intercept)
  }

  /// "Time asleep vs usual": what the horizontal axis shows, with its unit unless the ticks say it.
  var causeAxisTitle: String {
    "\(cause.name.capitalizedFirst) vs usual" + Self.unitSuffix(causeUnit, name: cause.name)
  }

  /// "HRV that day vs usual, ms": what the vertical axis shows.
  var effectAxisTitle: String {
    let name = RelationPhrases.effectName(effect, lagDays: relation.lagDays)
    return "\(name.capitalizedFirst) vs usual" + Self.unitSuffix(effectUnit, name: name)
  }

  /// ", ms": the unit after an axis title; nothing for durations (the ticks say "1 h") or where
  /// the name already is the unit ("Steps"). A difference of percentages is in points.
  private static func unitSuffix(_ unit: String, name: String) -> String {
    if unit == "h" || unit == "count" || name.lowercased().hasPrefix(unit) { return "" }
    return ", " + (unit == "%" ? "points" : unit)
  }

  /// A deviation as the table shows it: "+1 h 5 min", "−6 ms", "+1,200 steps".
  private static func signed(_ value: Double, unit: String) -> String {
    let text = MetricFormatter.difference(abs(value), unit: unit)
    if MetricFormatter.shown(value, unit: unit) == 0 { return text }
    return (value > 0 ? "+" : "−") + text
  }

  /// The chart's title: the sentence, then what the dots and the line are.
  var title: String {
    "\(relation.sentence) Each dot is one of the \(relation.pairs.count) paired days; across: "
      + "\(causeAxisTitle); up: \(effectAxisTitle). The line is the robust (Theil–Sen) fit whose slope the "
      + "sentence gives."
  }

  // MARK: Scales

  /// The horizontal scale: every dot and zero, in about six round steps, or fewer where their
  /// labels would touch over `length` SVG units.
  func causeScale(length: Double) -> ChartScale {
    let xs = points.map(\.x)
    var scale = makeScale(xs, intervals: 6, unit: causeUnit, counted: relation.causeUnit)
    for intervals in [5.0, 4, 3, 2] where !Self.labelsFit(scale, length: length) {
      scale = makeScale(xs, intervals: intervals, unit: causeUnit, counted: relation.causeUnit)
    }
    return scale
  }

  /// The vertical scale: every dot and zero, in about four round steps.
  var effectScale: ChartScale {
    makeScale(points.map(\.y), intervals: 4, unit: effectUnit, counted: relation.effectUnit)
  }

  private func makeScale(_ values: [Double], intervals: Double, unit: String, counted: String) -> ChartScale {
    ChartScale.covering(
      low: min(values.min() ?? 0, 0), high: max(values.max() ?? 0, 0), intervals: intervals, hours: unit == "h",
      counted: ChartScale.countedUnits.contains(counted))
  }

  /// Whether the labels of `scale`, spread over `length`, leave a gap between neighbours.
  private static func labelsFit(_ scale: ChartScale, length: Double) -> Bool {
    let widths = scale.ticks.map { ChartScale.width(of: scale.signedLabel($0)) }
    let spacing = length / Double(max(scale.ticks.count - 1, 1))
    return zip(widths, widths.dropFirst()).allSatisfy { ($0 + $1) / 2 + 6 <= spacing }
  }

  // MARK: Drawing

  /// The figure: the sentence as its caption, the plot, and the table of pairs.
  func html(id: String) -> String {
    var html = "<figure class=\"chart link\"><figcaption>\(HTML.escape(relation.sentence))</figcaption>"
    html += svg(id: id)
    html += "<details><summary>Figures</summary><table><thead><tr><th scope=\"col\">Day</th>"
    html += "<th scope=\"col\">\(HTML.escape(causeAxisTitle))</th>"
    html += "<th scope=\"col\">\(HTML.escape(effectAxisTitle))</th></tr></thead><tbody>"
    for (pair, point) in zip(relation.pairs, points).reversed() {
      html += "<tr><td>\(pair.day.iso)</td><td>\(HTML.escape(Self.signed(point.x, unit: causeUnit)))</td>"
      html += "<td>\(HTML.escape(Self.signed(point.y, unit: effectUnit)))</td></tr>"
    }
    return html + "</tbody></table></details></figure>"
  }

  /// The plot area, in SVG units: where dots and the line are drawn.
  struct Plot: Equatable {
    var left: Double
    var right: Double
    var top: Double
    var bottom: Double
  }

  /// The plot area and both scales: the left margin holds the widest value label.
  var layout: (plot: Plot, x: ChartScale, y: ChartScale) {
    let y = effectScale
    let widest = y.ticks.map { ChartScale.width(of: y.signedLabel($0)) }.max() ?? ChartScale.characterWidth
    let plot = Plot(
      left: widest + 8, right: Self.width - Self.right, top: Self.top, bottom: Self.height - Self.bottom)
    return (plot, causeScale(length: plot.right - plot.left), y)
  }

  /// The SVG alone: gridlines at round ticks on both axes with signed labels, the zero cross
  /// (the person's usual on both sides), a dot per paired day, the line, and both axes' titles.
  func svg(id: String) -> String {
    let (plot, xScale, yScale) = layout
    func x(_ value: Double) -> Double { xScale.position(value, from: plot.left, to: plot.right) }
    func y(_ value: Double) -> Double { yScale.position(value, from: plot.bottom, to: plot.top) }
    func c(_ value: Double) -> String { HTML.coordinate(value) }
    func isZero(_ tick: Double, _ scale: ChartScale) -> Bool { abs(tick) < scale.step * 1e-6 }

    var svg = "<svg class=\"scatter\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" "
    svg += "aria-labelledby=\"\(id)\"><title id=\"\(id)\">\(HTML.escape(title))</title>"
    // The effect's axis: a gridline and a label at each tick.
    for tick in yScale.ticks {
      let at = c(y(tick))
      if !isZero(tick, yScale) {
        svg += "<line class=\"grid\" x1=\"\(c(plot.left))\" x2=\"\(c(plot.right))\" y1=\"\(at)\" y2=\"\(at)\"/>"
      }
      svg += "<text class=\"tick end\" x=\"\(c(plot.left - 5))\" y=\"\(c(y(tick) + 4))\">"
      svg += "\(HTML.escape(yScale.signedLabel(tick)))</text>"
    }
    // The cause's axis: a gridline at each tick, its label below, kept inside the drawing.
    for tick in xScale.ticks {
      let at = c(x(tick))
      if !isZero(tick, xScale) {
        svg += "<line class=\"grid\" x1=\"\(at)\" x2=\"\(at)\" y1=\"\(c(plot.top))\" y2=\"\(c(plot.bottom))\"/>"
      }
      let label = xScale.signedLabel(tick)
      let half = ChartScale.width(of: label) / 2
      let middle = min(max(x(tick), half), Self.width - half)
      svg += "<text class=\"tick middle\" x=\"\(c(middle))\" y=\"\(c(plot.bottom + 17))\">"
      svg += "\(HTML.escape(label))</text>"
    }
    // The zero cross: the person's usual on either side.
    svg += "<line class=\"axis\" x1=\"\(c(plot.left))\" x2=\"\(c(plot.right))\" y1=\"\(c(y(0)))\" y2=\"\(c(y(0)))\"/>"
    svg += "<line class=\"axis\" x1=\"\(c(x(0)))\" x2=\"\(c(x(0)))\" y1=\"\(c(plot.top))\" y2=\"\(c(plot.bottom))\"/>"
    for point in points {
      svg += "<circle class=\"pair\" cx=\"\(c(x(point.x)))\" cy=\"\(c(y(point.y)))\" r=\"\(Self.dotRadius)\"/>"
    }
    if let ends = lineEnds(xScale: xScale, yScale: yScale) {
      svg += "<line class=\"fit\" x1=\"\(c(x(ends.0.x)))\" y1=\"\(c(y(ends.0.y)))\" "
      svg += "x2=\"\(c(x(ends.1.x)))\" y2=\"\(c(y(ends.1.y)))\"/>"
    }
    svg += "<text class=\"tick\" x=\"0\" y=\"14\">\(HTML.escape(effectAxisTitle))</text>"
    svg += "<text class=\"tick middle\" x=\"\(c((plot.left + plot.right) / 2))\" y=\"\(c(Self.height - 6))\">"
    svg += "\(HTML.escape(causeAxisTitle))</text>"
    return svg + "</svg>"
  }

  /// Where the line enters and leaves the plot, in the units shown: across the whole horizontal
  /// scale, cut where it would leave the vertical one; `nil` if it never crosses the plot.
  func lineEnds(xScale: ChartScale, yScale: ChartScale) -> ((x: Double, y: Double), (x: Double, y: Double))? {
    let (slope, intercept) = line
    var low = xScale.low
    var high = xScale.high
    if slope != 0 {
      let atBottom = (yScale.low - intercept) / slope
      let atTop = (yScale.high - intercept) / slope
      low = max(low, min(atBottom, atTop))
      high = min(high, max(atBottom, atTop))
    } else if intercept < yScale.low || intercept > yScale.high {
      return nil
    }
    guard low < high else { return nil }
    return ((low, intercept + slope * low), (high, intercept + slope * high))
  }
}
