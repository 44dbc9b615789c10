import Foundation
import PandaCore

/// One value axis of the report's charts: a range of values widened to round ticks, the ticks'
/// labels and the room they take, and where a value falls along the axis. The daily charts and
/// the links' scatter plots share it, so that every axis in the report reads the same way.
struct ChartScale: Equatable {
  /// The first tick: the lowest value the axis shows.
  var low: Double
  /// The last tick: the highest value the axis shows.
  var high: Double
  /// The round values with a gridline and a label, lowest first.
  var ticks: [Double]
  /// Whether the values are durations in hours, labelled "7 h 30 min".
  var isHours: Bool

  /// The size of the axis labels, in SVG units.
  static let labelSize = 13.0
  /// The width a character of an axis label takes at most, in SVG units.
  static let characterWidth = 7.8

  /// Units counted in wholes: their ticks are never less than one apart.
  static let countedUnits: Set<String> = ["count", "steps", "workouts", "flights", "hours", "falls"]

  /// An axis as given.
  init(low: Double, high: Double, ticks: [Double], isHours: Bool) {
    self.low = low
    self.high = high
    self.ticks = ticks
    self.isHours = isHours
  }

  /// The axis over `low...high` in about `intervals` round steps, widened outwards to whole
  /// steps; `counted` keeps the step at one or more. A range without width gets one.
  static func covering(low: Double, high: Double, intervals: Double = 4, hours: Bool, counted: Bool = false)
    -> ChartScale
  {
    var low = low
    var high = high
    if !(high - low > 1e-9) {
      low -= 0.5
      high = low + 1
    }
    var step = Self.niceStep((high - low) / max(intervals, 1), hours: hours)
    // Counts have whole ticks: no half a workout.
    if counted && step < 1 { step = 1 }
    // Ticks as whole multiples of the step, so that zero, when shown, is exactly a tick.
    let first = (low / step).rounded(.down)
    let last = (high / step).rounded(.up)
    let count = Int((last - first).rounded())
    let ticks = (0...max(count, 1)).map { (first + Double($0)) * step }
    return ChartScale(
      low: ticks.first ?? first * step, high: ticks.last ?? last * step, ticks: ticks, isHours: hours)
  }

  /// The distance between two ticks.
  var step: Double { ticks.count > 1 ? ticks[1] - ticks[0] : 1 }

  /// A round step near `rough`: 1, 2, 2.5 or 5 times a power of ten; for hours, quarter, half,
  /// whole or two hours.
  static func niceStep(_ rough: Double, hours: Bool) -> Double {
    guard rough > 0, rough.isFinite else { return 1 }
    if hours, rough <= 2 { return [0.25, 0.5, 1, 2].first { $0 >= rough } ?? 2 }
    let power = Foundation.pow(10, (Foundation.log10(rough)).rounded(.down))
    return ([1, 2, 2.5, 5, 10].first { $0 * power >= rough - 1e-12 } ?? 10) * power
  }

  /// A tick's label: hours as a duration ("7 h 30 min"), other values as numbers whose decimals
  /// tell the ticks apart (2.5, 5, 7.5), the unit said once beside the axis.
  func label(_ value: Double) -> String {
    if isHours { return MetricFormatter.duration(hours: value) }
    let places =
      (0...3).first { places in
        let scaled = step * Foundation.pow(10, Double(places))
        return abs(scaled - scaled.rounded()) < 1e-6
      } ?? 3
    let text = MetricFormatter.decimal(value, places: places)
    return text == "-0" ? "0" : text
  }

  /// A tick's label for a difference: "+1 h", "−30 min", "+2,000", and a bare "0".
  func signedLabel(_ value: Double) -> String {
    let text = label(abs(value))
    if text == "0" || text == "0 min" { return "0" }
    return (value > 0 ? "+" : "−") + text
  }

  /// The labels of every tick, as `label(_:)` writes them.
  var labels: [String] { ticks.map(label) }

  /// The width `text` takes as an axis label, in SVG units.
  static func width(of text: String) -> Double { Double(text.count) * characterWidth }

  /// Where `value` falls between `start` (for `low`) and `end` (for `high`), in SVG units; a
  /// value outside the axis is pinned to its end.
  func position(_ value: Double, from start: Double, to end: Double) -> Double {
    start + (end - start) * (min(max(value, low), high) - low) / (high - low)
  }
}
