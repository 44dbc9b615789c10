/// One metric's daily values over the report's days as an inline SVG chart: bars for what adds
/// up over a day (steps, minutes), a line for levels (heart rate, weight); the usual range shaded,
/// partly recorded days drawn hollow. Its `<title>` says what it shows in words, for screen
/// readers, and a table behind `<details>` gives every figure.
struct DailyChart {
  /// The metric charted.
  var metric: Metric
  /// The days shown, oldest first.
  var days: ClosedRange<CalendarDay>
  /// The days with a value, oldest first.
  var points: [DailyPoint]
  /// The units figures are shown in.
  var units: DisplayUnits

  /// The size of the drawing, in SVG units (it scales to its box).
  static let width = 480.0
  static let height = 150.0
  private static let left = 8.0
  private static let right = 8.0
  private static let top = 24.0
  private static let bottom = 26.0

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
    var words = "\(metric.name), daily, \(days.lowerBound.iso) to \(days.upperBound.iso): "
    guard let low = points.map(\.value).min(), let high = points.map(\.value).max() else {
      return words + "no values."
    }
    words += "\(points.count) day\(points.count == 1 ? "" : "s") with a value, from \(text(low)) to \(text(high))"
    if let usual = usualRange { words += "; usual range \(text(usual.lowerBound)) to \(text(usual.upperBound))" }
    if partial > 0 { words += "; \(partial) partly recorded day\(partial == 1 ? "" : "s"), drawn hollow" }
    return words + "."
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
    html += "<details><summary>Figures</summary><table><thead><tr><th scope=\"col\">Day</th>"
    html += "<th scope=\"col\">\(HTML.escape(metric.name))</th></tr></thead><tbody>"
    for point in points.reversed() {
      html += "<tr><td>\(point.day.iso)</td><td>\(HTML.escape(text(point.value)))"
      if point.isPartial { html += " <small>(partly recorded)</small>" }
      html += "</td></tr>"
    }
    html += "</tbody></table></details></figure>"
    return html
  }

  /// The SVG alone.
  func svg(id: String) -> String {
    let count = days.lowerBound.days(to: days.upperBound) + 1
    let plotWidth = Self.width - Self.left - Self.right
    let plotHeight = Self.height - Self.top - Self.bottom
    let slot = plotWidth / Double(max(count, 1))
    let values = points.map { shown($0.value) }
    let usual = usualRange.map { shown($0.lowerBound)...shown($0.upperBound) }
    var low = min(values.min() ?? 0, usual?.lowerBound ?? .infinity)
    var high = max(values.max() ?? 1, usual?.upperBound ?? -.infinity)
    if isBars { low = min(0, low) }
    if high - low < 1e-9 {
      high += 1
      if !isBars { low -= 1 }
    }
    if !isBars {
      // A little room above and below the line, never below zero for what cannot be negative.
      let pad = (high - low) * 0.08
      (low, high) = (low >= 0 ? max(0, low - pad) : low - pad, high + pad)
    }
    func y(_ value: Double) -> Double { Self.top + plotHeight * (1 - (value - low) / (high - low)) }
    func x(_ day: CalendarDay) -> Double { Self.left + slot * (Double(days.lowerBound.days(to: day)) + 0.5) }

    var svg = "<svg class=\"daily\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" "
    svg += "aria-labelledby=\"\(id)\">"
    svg += "<title id=\"\(id)\">\(HTML.escape(title))</title>"
    if let usual {
      svg += "<rect class=\"usual\" x=\"\(HTML.coordinate(Self.left))\" y=\"\(HTML.coordinate(y(usual.upperBound)))\" "
      svg +=
        "width=\"\(HTML.coordinate(plotWidth))\" height=\"\(HTML.coordinate(y(usual.lowerBound) - y(usual.upperBound)))\"/>"
    }
    svg +=
      "<line class=\"axis\" x1=\"\(HTML.coordinate(Self.left))\" x2=\"\(HTML.coordinate(Self.width - Self.right))\" "
    svg += "y1=\"\(HTML.coordinate(Self.top + plotHeight))\" y2=\"\(HTML.coordinate(Self.top + plotHeight))\"/>"
    if isBars {
      let width = max(1, slot * 0.72)
      for (point, value) in zip(points, values) {
        let top = y(max(value, 0))
        let bottom = y(min(value, 0))
        svg +=
          "<rect class=\"\(point.isPartial ? "bar partial" : "bar")\" x=\"\(HTML.coordinate(x(point.day) - width / 2))\" "
        svg += "y=\"\(HTML.coordinate(top))\" width=\"\(HTML.coordinate(width))\" "
        svg += "height=\"\(HTML.coordinate(max(bottom - top, 0.5)))\"/>"
      }
    } else {
      // A line between consecutive days only: a gap in the data is a gap in the line.
      var path = ""
      var previous: CalendarDay?
      for (point, value) in zip(points, values) {
        let command = previous.map { $0.adding(days: 1) == point.day } == true ? "L" : "M"
        path += "\(command)\(HTML.coordinate(x(point.day))) \(HTML.coordinate(y(value)))"
        previous = point.day
      }
      if !path.isEmpty { svg += "<path class=\"line\" d=\"\(path)\"/>" }
      for (point, value) in zip(points, values) {
        svg += "<circle class=\"\(point.isPartial ? "dot partial" : "dot")\" cx=\"\(HTML.coordinate(x(point.day)))\" "
        svg += "cy=\"\(HTML.coordinate(y(value)))\" r=\"2.6\"/>"
      }
    }
    // The scale: the top and bottom of the plot, and the first and last day.
    let unit = units.unit(metric.unit)
    svg += "<text class=\"label\" x=\"\(HTML.coordinate(Self.left))\" y=\"16\">"
    svg += "top \(HTML.escape(scaleLabel(high, unit: unit)))</text>"
    svg +=
      "<text class=\"label\" x=\"\(HTML.coordinate(Self.left))\" y=\"\(Int(Self.height - 6))\">\(days.lowerBound.iso)</text>"
    svg += "<text class=\"label end\" x=\"\(HTML.coordinate(Self.width - Self.right))\" y=\"\(Int(Self.height - 6))\">"
    svg += "\(days.upperBound.iso)</text>"
    svg += "<text class=\"label end\" x=\"\(HTML.coordinate(Self.width - Self.right))\" y=\"16\">"
    svg += "base \(HTML.escape(scaleLabel(low, unit: unit)))</text>"
    return svg + "</svg>"
  }

  private func scaleLabel(_ value: Double, unit: String) -> String {
    unit == "h" ? MetricFormatter.duration(hours: value) : MetricFormatter.string(value, unit: unit)
  }
}
