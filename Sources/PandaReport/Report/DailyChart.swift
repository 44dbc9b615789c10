import Foundation
import PandaCore
import PandaStore

/// One metric's daily values over the report's days as an inline SVG chart: bars for what adds
/// up over a day (steps, minutes), a line for levels (heart rate, weight); the usual range shaded,
/// partly recorded days drawn hollow. Its `<title>` says what it shows in words, for screen
/// readers, and a table behind `<details>` gives every figure.
struct DailyChart {
  /// The metric charted.
  var metric: Metric
  /// The days shown, oldest first.
  var days: DayRange
  /// The days with a value, oldest first.
  var points: [DailyPoint]
  /// The units figures are shown in.
  var units: DisplayUnits
  /// The early warnings this metric was part of, drawn as bands behind the values.
  var alerts: [ClosedRange<CalendarDay>] = []

  /// The size of the drawing, in SVG units (it scales to its box).
  static let width = 480.0
  static let height = 170.0
  private static let right = 10.0
  private static let top = 22.0
  private static let bottom = 24.0

  /// Whether the metric is drawn as bars (a day's total) rather than a line (a level).
  var isBars: Bool {
    switch metric.aggregation {
    case .sum, .duration, .hoursWith, .workouts: true
    case .mean, .latest, .sleep, .nightlyDeviation: false
    }
  }

  /// The usual range: the middle half (25th to 75th percentile) of the whole days shown, when
  /// there are at least 7 of them.
  var usualRange: ClosedRange<Double>? {
    let values = points.filter { !$0.isPartial }.map(\.value).sorted()
    guard values.count >= 7 else { return nil }
    func quantile(_ q: Double) -> Double {
      let position = q * Double(values.count - 1)
      let low = Int(position)
      let high = min(low + 1, values.count - 1)
      return values[low] + (values[high] - values[low]) * (position - Double(low))
    }
    return quantile(0.25)...quantile(0.75)
  }

  private func shown(_ value: Double) -> Double { units.converted(value, unit: metric.unit).value }
  private func text(_ value: Double) -> String { units.string(value, unit: metric.unit) }

  /// The chart's title: what it shows, in words.
  var title: String {
    let partial = points.filter(\.isPartial).count
    var words = "\(metric.name), daily, \(days.first.iso) to \(days.last.iso): "
    guard let low = points.map(\.value).min(), let high = points.map(\.value).max() else {
      return words + "no values."
    }
    words += "\(points.count) day\(points.count == 1 ? "" : "s") with a value, from \(text(low)) to \(text(high))"
    if let usual = usualRange { words += "; usual range \(text(usual.lowerBound)) to \(text(usual.upperBound))" }
    for alert in alerts {
      words += "; an early warning from \(alert.lowerBound.iso) to \(alert.upperBound.iso), shaded"
    }
    if partial > 0 {
      words += "; \(partial) partly recorded day\(partial == 1 ? "" : "s"), drawn hollow and not counted in the scale"
    }
    let derived = points.filter(\.isDerived).count
    if derived > 0 {
      words += "; \(derived) day\(derived == 1 ? "" : "s") derived from heart rate and steps"
    }
    return words + "."
  }

  /// What a chart with derived days says under it: which days were derived and how; `nil`
  /// without any.
  var derivedNote: String? {
    let derived = points.filter(\.isDerived).count
    guard derived > 0 else { return nil }
    let quiet = DerivedRestingHeartRate.quietSeconds / 60
    let days = derived == points.count ? "Every day here is" : "\(derived) of these \(points.count) days are"
    return "\(days) derived from heart rate and steps: no \(metric.name.lowercased()) was recorded on "
      + "\(derived == 1 ? "it" : "them"), so the value is the median of the minutes with a heart rate reading "
      + "taken at rest (no steps and no workout in the \(quiet) minutes before it)."
  }

  /// The chart and its table of figures; `id` makes its title's id unique in the page.
  func html(id: String) -> String {
    var html = "<figure class=\"chart\">"
    html += "<figcaption>\(HTML.escape(metric.name))"
    if let last = points.last {
      html += " <span class=\"latest\">\(HTML.escape(text(last.value))) on \(last.day.iso)</span>"
    }
    html += "</figcaption>"
    html += svg(id: id)
    if let note = derivedNote { html += "<p class=\"note\">\(HTML.escape(note))</p>" }
    html += "<details><summary>Figures</summary><table><thead><tr><th scope=\"col\">Day</th>"
    html += "<th scope=\"col\">\(HTML.escape(metric.name))</th></tr></thead><tbody>"
    for point in points.reversed() {
      html += "<tr><td>\(point.day.iso)</td><td>\(HTML.escape(text(point.value)))"
      if point.isPartial { html += " <small>(partly recorded)</small>" }
      if point.isDerived { html += " <small>(derived)</small>" }
      html += "</td></tr>"
    }
    html += "</tbody></table></details></figure>"
    return html
  }

  /// The vertical scale: the whole days' values and the usual range, widened to round ticks;
  /// from zero for bars. A partly recorded day never sets it.
  var scale: ChartScale {
    let values = points.filter { !$0.isPartial }.map { shown($0.value) }
    let usual = usualRange.map { shown($0.lowerBound)...shown($0.upperBound) }
    var low = min(values.min() ?? 0, usual?.lowerBound ?? .infinity)
    var high = max(values.max() ?? 1, usual?.upperBound ?? -.infinity)
    if isBars || low >= 0 && low < (high - low) * 0.25 { low = min(0, low) }
    if high - low < 1e-9 {
      high += 1
      if !isBars && low != 0 { low -= 1 }
    }
    return ChartScale.covering(
      low: low, high: high, hours: units.unit(metric.unit) == "h",
      counted: ChartScale.countedUnits.contains(metric.unit))
  }

  /// The first day of each month in the days shown: where the time axis has its ticks.
  var monthStarts: [CalendarDay] {
    days.filter { $0.iso.hasSuffix("-01") }
  }

  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// "1 Apr", "1 Jan 2026": a month's first day, with the year in January.
  static func monthLabel(_ day: CalendarDay) -> String {
    let parts = day.iso.split(separator: "-")
    guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month) else { return day.iso }
    return "1 \(months[month - 1])" + (month == 1 ? " \(parts[0])" : "")
  }

  /// The SVG alone: a value axis with round ticks, gridlines and the unit, a time axis with the
  /// months, the usual range shaded, whole days as bars or a line, partly recorded days hollow,
  /// apart from the line and pinned inside the plot if they fall outside the scale.
  func svg(id: String) -> String {
    let count = days.count
    let scale = scale
    let labels = scale.labels
    let left = (labels.map(ChartScale.width(of:)).max() ?? ChartScale.characterWidth) + 8
    let plotWidth = Self.width - left - Self.right
    let plotHeight = Self.height - Self.top - Self.bottom
    let slot = plotWidth / Double(max(count, 1))
    let usual = usualRange.map { shown($0.lowerBound)...shown($0.upperBound) }
    func y(_ value: Double) -> Double { scale.position(value, from: Self.top + plotHeight, to: Self.top) }
    func x(_ day: CalendarDay) -> Double { left + slot * (Double(days.first.days(to: day)) + 0.5) }
    func c(_ value: Double) -> String { HTML.coordinate(value) }

    var svg = "<svg class=\"daily\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" "
    svg += "aria-labelledby=\"\(id)\">"
    svg += "<title id=\"\(id)\">\(HTML.escape(title))</title>"
    if let usual {
      svg += "<rect class=\"usual\" x=\"\(c(left))\" y=\"\(c(y(usual.upperBound)))\" width=\"\(c(plotWidth))\" "
      svg += "height=\"\(c(y(usual.lowerBound) - y(usual.upperBound)))\"/>"
    }
    // Early warnings this metric was part of: a band over their days, behind everything else.
    for alert in alerts {
      let first = max(alert.lowerBound, days.first)
      let last = min(alert.upperBound, days.last)
      guard first <= last else { continue }
      svg += "<rect class=\"alert\" x=\"\(c(x(first) - slot / 2))\" y=\"\(c(Self.top))\" "
      svg += "width=\"\(c(slot * Double(first.days(to: last) + 1)))\" height=\"\(c(plotHeight))\"/>"
    }
    // The value axis: a gridline and a label at each tick, the unit above.
    for (tick, label) in zip(scale.ticks, labels) {
      let at = c(y(tick))
      svg += "<line class=\"\(tick == 0 || tick == scale.low ? "axis" : "grid")\" x1=\"\(c(left))\" "
      svg += "x2=\"\(c(Self.width - Self.right))\" y1=\"\(at)\" y2=\"\(at)\"/>"
      svg += "<text class=\"tick end\" x=\"\(c(left - 5))\" y=\"\(c(y(tick) + 4))\">\(HTML.escape(label))</text>"
    }
    let unit = units.unit(metric.unit)
    if unit != "h" {
      svg += "<text class=\"tick unit\" x=\"\(c(left - 5))\" y=\"12\">\(HTML.escape(Self.unitLabel(unit)))</text>"
    }
    // The time axis: a tick and a label at each month's first day, kept inside the drawing.
    let axisY = Self.top + plotHeight
    for day in monthStarts {
      let at = x(day) - slot / 2
      let label = Self.monthLabel(day)
      let half = ChartScale.width(of: label) / 2
      svg += "<line class=\"axis\" x1=\"\(c(at))\" x2=\"\(c(at))\" y1=\"\(c(axisY))\" y2=\"\(c(axisY + 5))\"/>"
      let middle = min(max(at, left + half), Self.width - Self.right - half)
      svg += "<text class=\"tick middle\" x=\"\(c(middle))\" y=\"\(c(Self.height - 5))\">\(HTML.escape(label))</text>"
    }
    if isBars {
      let width = max(1, slot * 0.72)
      for point in points {
        let value = shown(point.value)
        let top = y(max(value, 0))
        let bottom = y(min(value, 0))
        svg += "<rect class=\"\(point.isPartial ? "bar partial" : "bar")\" x=\"\(c(x(point.day) - width / 2))\" "
        svg += "y=\"\(c(top))\" width=\"\(c(width))\" height=\"\(c(max(bottom - top, 0.5)))\"/>"
      }
    } else {
      // A line between consecutive whole days only: a gap in the data, or a partly recorded
      // day, is a gap in the line.
      var path = ""
      var previous: CalendarDay?
      for point in points where !point.isPartial {
        let command = previous.map { $0.adding(days: 1) == point.day } == true ? "L" : "M"
        path += "\(command)\(c(x(point.day))) \(c(y(shown(point.value))))"
        previous = point.day
      }
      if !path.isEmpty { svg += "<path class=\"line\" d=\"\(path)\"/>" }
      for point in points {
        svg += "<circle class=\"\(point.isPartial ? "dot partial" : "dot")\" cx=\"\(c(x(point.day)))\" "
        svg += "cy=\"\(c(y(shown(point.value))))\" r=\"\(point.isPartial ? "3.2" : "2.6")\"/>"
      }
    }
    return svg + "</svg>"
  }

  /// The unit as the axis names it: "steps", "bpm", "kcal"; a count without a unit of its own is
  /// "a day".
  static func unitLabel(_ unit: String) -> String {
    unit == "count" ? "a day" : unit
  }
}
