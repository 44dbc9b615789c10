import Foundation

/// Writes metric values the way people read them: `8,432 steps`, `7 h 15 min`, `96.5 %`.
package enum MetricFormatter {
  /// The value with its unit.
  package static func string(_ value: Double, unit: String) -> String {
    guard let places = places(value, unit: unit) else { return duration(hours: value) }
    let number = decimal(value, places: places)
    switch unit {
    case "steps", "flights", "falls", "hours", "workouts":
      return number == "1" || number == "-1" ? "\(number) \(unit.dropLast())" : "\(number) \(unit)"
    default: return "\(number) \(unit)"
    }
  }

  /// The value rounded as `string(_:unit:)` shows it, so that a difference of two shown
  /// figures can be stated exactly ("5 min, 4 min less than 9 min", never "3 min less").
  package static func shown(_ value: Double, unit: String) -> Double {
    guard value.isFinite, abs(value) < 1e12 else { return value }
    guard let places = places(value, unit: unit) else { return (value * 60).rounded() / 60 }
    let scale = Foundation.pow(10, Double(places))
    return (value * scale).rounded() / scale
  }

  /// A difference of two values in `unit`: a difference of percentages is in percentage points
  /// ("0.4 points", "1 point"), never a percent of a percent; other units as `string(_:unit:)`,
  /// or with `places` decimals when given.
  package static func difference(_ value: Double, unit: String, places: Int? = nil) -> String {
    guard unit == "%" else {
      return places.map { "\(decimal(value, places: $0)) \(unit)" } ?? string(value, unit: unit)
    }
    let number = decimal(value, places: places ?? 1)
    return number == "1" || number == "-1" ? "\(number) point" : "\(number) points"
  }

  /// The precision `string(_:unit:)` shows `value` at, as words: "to the nearest kcal", "to the
  /// minute", "to the nearest 0.1 %".
  package static func precision(_ value: Double, unit: String) -> String {
    switch unit {
    case "h": return "to the minute"
    case "min": return "to the nearest minute"
    case "steps", "flights", "falls": return "to the nearest \(unit.dropLast())"
    case "hours": return "to the nearest tenth of an hour"
    case "workouts": return "to the nearest tenth of a workout"
    case "kcal", "mL", "bpm", "ms", "mg/dL": return "to the nearest \(unit)"
    default: return "to the nearest \(places(value, unit: unit) == 2 ? "0.01" : "0.1") \(unit)"
    }
  }

  /// Two values side by side ("now vs usual"), with the decimals that tell them apart when the
  /// usual rounding would show two different values alike: `6.8 flights` and `7.1 flights`,
  /// never `7 flights` and `7 flights`. Durations stay to the minute.
  /// `tellApart` false keeps the usual precision: two figures whose difference is negligible
  /// are shown alike rather than split by decimals that carry nothing.
  package static func pair(_ first: Double, _ second: Double, unit: String, tellApart: Bool = true) -> (String, String)
  {
    guard tellApart, let places = distinguishingPlaces(first, second, unit: unit) else {
      return (string(first, unit: unit), string(second, unit: unit))
    }
    return ("\(decimal(first, places: places)) \(unit)", "\(decimal(second, places: places)) \(unit)")
  }

  /// Decimal places that show two different values as different figures when `string(_:unit:)`
  /// shows them alike; `nil` when it does not (or for durations).
  package static func distinguishingPlaces(_ first: Double, _ second: Double, unit: String) -> Int? {
    guard first != second, unit != "h", shown(first, unit: unit) == shown(second, unit: unit) else { return nil }
    // Past two decimals a difference is noise ("67.702 cm vs 67.698 cm"): they are alike.
    return (1...2).first { decimal(first, places: $0) != decimal(second, places: $0) }
  }

  /// The decimal places `string(_:unit:)` shows `value` with; `nil` for durations (`h`), which
  /// are shown to the minute. The one place a unit's precision is decided.
  package static func places(_ value: Double, unit: String) -> Int? {
    switch unit {
    case "h": return nil
    case "steps", "flights", "falls", "kcal", "mL", "bpm", "ms", "min", "mg/dL": return 0
    case "km", "kg", "mi", "lb": return abs(value) < 10 ? 2 : 1
    default: return 1
    }
  }

  /// The number with `places` decimals, trailing zeros dropped, and thousands grouped as
  /// `string(_:unit:)` groups whole numbers: `1,199.18`, `1,662`.
  package static func groupedDecimal(_ value: Double, places: Int) -> String {
    let text = decimal(value, places: places)
    guard let dot = text.firstIndex(of: "."), let integer = Int(text[..<dot]) else { return text }
    let sign = text.hasPrefix("-") && integer == 0 ? "-" : ""
    return sign + integer.grouped + text[dot...]
  }

  /// `first - second` as the two read with `places` decimals: 8.24 and 8.07 shown as 8.2 and
  /// 8.1 are 0.1 apart, not 0.2.
  package static func shownDifference(_ first: Double, _ second: Double, places: Int) -> Double {
    let scale = Foundation.pow(10, Double(places))
    return ((first * scale).rounded() - (second * scale).rounded()) / scale
  }

  /// `7 h 15 min`, `45 min`.
  package static func duration(hours: Double) -> String {
    guard abs(hours) < 1e12 else { return "\(whole(hours)) h" }
    let minutes = Int((abs(hours) * 60).rounded())
    let sign = hours < 0 ? "-" : ""
    if minutes < 60 { return "\(sign)\(minutes) min" }
    return minutes % 60 == 0 ? "\(sign)\(minutes / 60) h" : "\(sign)\(minutes / 60) h \(minutes % 60) min"
  }

  /// The number rounded to a whole, with thousands separators; absurd magnitudes (a broken
  /// record's `1e300`) in exponent form rather than a crash.
  static func whole(_ value: Double) -> String {
    guard let integer = Int(exactly: value.rounded()), abs(integer) < 1_000_000_000_000_000 else {
      return value.isFinite ? String(format: "%.3g", value) : "—"
    }
    return integer.grouped
  }

  /// The number with `places` decimals, trailing zeros dropped.
  package static func decimal(_ value: Double, places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if !rounded.isFinite || rounded == rounded.rounded() { return whole(rounded) }
    var text = String(format: "%.\(places)f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}
