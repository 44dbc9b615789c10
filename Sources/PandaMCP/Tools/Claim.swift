import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// One statement a model asks panda to make about the person's data: what to compute, of which
/// metric, over which days. The model chooses it; panda checks it, computes it and words it
/// (see `ClaimEvaluator`), so nothing the model writes itself is shown.
struct Claim: Sendable, Equatable {
  /// What is computed.
  package enum Kind: String, Sendable, CaseIterable {
    case stat, extreme, compare, count, streak, workouts, insight, relations, alerts, tag, afterTag
  }

  /// The kind of claim.
  package var kind: Kind
  /// The metric, for stat, extreme, compare, count and streak.
  package var metric: Metric?
  /// mean, total, min, max, median or days (stat); mean or total (compare); count, duration,
  /// distance or energy (workouts).
  var stat: String?
  /// highest or lowest (extreme).
  var which: String?
  /// `>=`, `>`, `<=` or `<` (count, streak).
  var comparison: String?
  /// The threshold of count and streak, in the catalogue's unit of the metric.
  var threshold: Double?
  /// The days looked at.
  var days: DayRange?
  /// The days compared with (compare).
  var baseline: DayRange?
  /// Which days of the week count.
  var on: String?
  /// The workout type, or `any`.
  var workoutType: String?
  /// The insight's category and period.
  var category: String?
  /// The insight's period.
  var period: String?
  /// The tag or symptom (tag, afterTag), as panda keeps its names: `alcohol`, `sore-throat`.
  var eventName: String?
  /// Whether the claim said `tag:` or `symptom:`; `nil` when it named neither.
  var eventKind: DayEvent.Kind?

  /// The fields each kind takes; `on` is optional where it is listed.
  static let fields: [Kind: (required: [String], optional: [String])] = [
    .stat: (["kind", "metric", "stat", "from", "to"], ["on"]),
    .extreme: (["kind", "metric", "which", "from", "to"], ["on"]),
    .compare: (["kind", "metric", "stat", "from", "to", "baseFrom", "baseTo"], ["on"]),
    .count: (["kind", "metric", "op", "value", "unit", "from", "to"], ["on"]),
    .streak: (["kind", "metric", "op", "value", "unit", "from", "to"], []),
    .workouts: (["kind", "type", "stat", "from", "to"], []),
    .insight: (["kind", "category", "period"], []),
    .relations: (["kind"], []),
    .alerts: (["kind", "from", "to"], []),
    .tag: (["kind", "tag", "from", "to"], []),
    .afterTag: (["kind", "tag", "metric", "from", "to"], []),
  ]

  /// The values `on` takes.
  static let dayChoices = [
    "weekdays", "weekends", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
  ]
  /// The values `stat` takes, by kind.
  static let stats: [Kind: [String]] = [
    .stat: ["mean", "total", "min", "max", "median", "days"], .compare: ["mean", "total"],
    .workouts: ["count", "duration", "distance", "energy"],
  ]
  /// The comparisons of count and streak.
  static let comparisons = [">=", ">", "<=", "<"]
  /// The longest stretch of days a claim may cover.
  static let longestRange = 3_660

  /// Reads one claim as the model sent it, strictly: a known kind, exactly its fields, each of
  /// the right type; dates `YYYY-MM-DD`, not after `today`; a metric from the catalogue (short
  /// names as the command line takes them).
  init(_ json: JSONValue, today: CalendarDay) throws(ToolError) {
    guard case .object(let members) = json else { throw ToolError("A claim must be a JSON object.") }
    guard case .string(let kindName)? = members["kind"] else {
      throw ToolError("A claim needs a kind: one of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
    }
    guard let kind = Kind(rawValue: kindName), let fields = Self.fields[kind] else {
      throw ToolError(
        "There is no claim kind \"\(ToolArguments.quoted(kindName))\": the kinds are "
          + "\(Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
    }
    self.kind = kind
    for name in members.keys.sorted() where !fields.required.contains(name) && !fields.optional.contains(name) {
      throw ToolError(
        "A \(kind.rawValue) claim has no field \"\(ToolArguments.quoted(name))\"; it takes "
          + "\((fields.required + fields.optional).joined(separator: ", ")).")
    }
    for name in fields.required where members[name] == nil || members[name] == .null {
      throw ToolError("A \(kind.rawValue) claim needs \(name).")
    }
    func text(_ name: String) throws(ToolError) -> String? {
      switch members[name] {
      case .none, .null?: return nil
      case .string(let value)?:
        guard value.utf8.count <= ToolArguments.longestString else { throw ToolError("\(name) is too long.") }
        return value
      default: throw ToolError("\(name) must be a string.")
      }
    }
    func choice(_ name: String, _ allowed: [String]) throws(ToolError) -> String? {
      guard let value = try text(name) else { return nil }
      guard allowed.contains(value) else {
        throw ToolError(
          "\(name) must be one of \(allowed.joined(separator: ", ")); \"\(ToolArguments.quoted(value))\" is not.")
      }
      return value
    }
    func day(_ name: String) throws(ToolError) -> CalendarDay? {
      guard let value = try text(name) else { return nil }
      guard let day = CalendarDay(iso: value) else {
        throw ToolError("\(name) must be a date written YYYY-MM-DD; \"\(ToolArguments.quoted(value))\" is not one.")
      }
      guard day <= today else {
        throw ToolError("\(name) is \(value), in the future: today is \(today.iso).")
      }
      return day
    }
    func range(_ fromName: String, _ toName: String) throws(ToolError) -> DayRange? {
      guard let from = try day(fromName), let to = try day(toName) else { return nil }
      let range = try ToolArguments.range(from: from, through: to, fromName, toName)
      guard range.count <= Self.longestRange else {
        throw ToolError("\(fromName) to \(toName) is \(range.count) days; a claim covers at most \(Self.longestRange).")
      }
      return range
    }
    if let name = try text("metric") { metric = try ToolArguments.metric(named: name) }
    stat = try choice("stat", Self.stats[kind] ?? [])
    which = try choice("which", ["highest", "lowest"])
    comparison = try choice("op", Self.comparisons)
    on = try choice("on", Self.dayChoices)
    days = try range("from", "to")
    baseline = try range("baseFrom", "baseTo")
    workoutType = try text("type")
    category = try choice("category", HealthCategory.analysed.map(\.rawValue))
    period = try choice("period", InsightPeriod.allCases.map(\.rawValue))
    if let name = try text("tag") {
      (eventKind, eventName) = try Self.event(named: name)
    }
    switch members["value"] {
    case .none, .null?: threshold = nil
    case .number(let number)? where number.isFinite:
      guard let metric, let unit = try text("unit") else { throw ToolError("value needs a unit.") }
      threshold = try Self.inCatalogueUnit(number, unit: unit, metric: metric)
    default: throw ToolError("value must be a number, written with the digits 0 to 9.")
    }
  }

  /// A tag or symptom as a claim names it: `alcohol`, `tag:alcohol`, `symptom:sore-throat`,
  /// `Sore throat`; the name as panda keeps it, and the kind when the claim gave one.
  static func event(named text: String) throws(ToolError) -> (DayEvent.Kind?, String) {
    var kind: DayEvent.Kind?
    var name = Substring(text)
    for candidate in [DayEvent.Kind.tag, .symptom] where text.lowercased().hasPrefix(candidate.rawValue + ":") {
      kind = candidate
      name = name.dropFirst(candidate.rawValue.count + 1)
    }
    do {
      return (kind, try LogTag.normalised(String(name)))
    } catch {
      throw ToolError(
        "tag must be a tag's or symptom's name, such as alcohol or symptom:headache; "
          + "\"\(ToolArguments.quoted(text))\" is not one.")
    }
  }

  /// Other ways of writing the catalogue's units and the units they convert from.
  private static let unitNames: [String: String] = [
    "hour": "h", "hours": "h", "hr": "h", "hrs": "h", "minute": "min", "minutes": "min", "mins": "min",
    "kilometre": "km", "kilometres": "km", "kilometer": "km", "kilometers": "km", "mile": "mi", "miles": "mi",
    "metre": "m", "metres": "m", "meter": "m", "meters": "m", "step": "steps", "kilogram": "kg", "kilograms": "kg",
    "kilo": "kg", "kilos": "kg", "pound": "lb", "pounds": "lb", "lbs": "lb", "gram": "g", "grams": "g",
    "stone": "st", "beats per minute": "bpm", "percent": "%", "flight": "flights", "milliseconds": "ms",
    "millisecond": "ms", "stand hour": "hours", "stand hours": "hours", "fl. oz": "fl oz", "floz": "fl oz",
    "fluid ounce": "fl oz", "fluid ounces": "fl oz", "millilitre": "mL", "millilitres": "mL", "milliliter": "mL",
    "milliliters": "mL", "ml": "mL", "litre": "L", "litres": "L", "liter": "L", "liters": "L", "l": "L",
    "miles per hour": "mph", "kilometres per hour": "km/h", "kilometers per hour": "km/h", "kph": "km/h",
    "km/hr": "km/h", "inch": "in", "inches": "in", "foot": "ft", "feet": "ft", "centimetre": "cm",
    "centimetres": "cm", "centimeter": "cm", "centimeters": "cm", "millimetres": "mm", "millimeters": "mm",
    "celsius": "°C", "degrees celsius": "°C", "c": "°C", "fahrenheit": "°F", "degrees fahrenheit": "°F", "f": "°F",
    "kilocalories": "kcal", "kilocalorie": "kcal", "calories": "kcal", "cal": "kcal", "kilojoules": "kJ", "kj": "kJ",
  ]

  /// The units a catalogue unit converts from, each with how many of the catalogue's unit one of
  /// it makes, the unit `units = imperial` shows first. Wrist temperature (`°C`) is a difference
  /// from the person's usual, so °F converts by its scale alone, without the 32° offset.
  static let conversions: [String: [(unit: String, factor: Double)]] = [
    "km": [("mi", 1.609_344), ("m", 0.001)],
    "kg": [("lb", 0.453_592_37), ("g", 0.001), ("st", 6.350_293_18)],
    "mL": [("fl oz", 29.573_529_562_5), ("L", 1_000)],
    "km/h": [("mph", 1.609_344), ("m/s", 3.6)],
    "cm": [("in", 2.54), ("ft", 30.48), ("m", 100), ("mm", 0.1)],
    "°C": [("°F", 5.0 / 9.0)],
    "h": [("min", 1.0 / 60)],
    "min": [("h", 60)],
    "kcal": [("kJ", 1 / 4.184)],
  ]

  /// `value` in `unit` as a value in the metric's catalogue unit: the catalogue's unit itself, or
  /// a unit it converts from (`conversions`: the imperial unit panda shows, hours and minutes,
  /// metres for kilometres…). A unit of another quantity is refused, with the units it takes.
  static func inCatalogueUnit(_ value: Double, unit: String, metric: Metric) throws(ToolError) -> Double {
    let trimmed = unit.trimmingCharacters(in: .whitespaces)
    let lowered = trimmed.lowercased()
    let name =
      lowered == metric.unit.lowercased()
      ? metric.unit : unitNames[lowered] ?? (["°c": "°C", "°f": "°F"][lowered] ?? trimmed)
    if name == metric.unit { return value }
    let units = conversions[metric.unit] ?? []
    if let factor = units.first(where: { $0.unit == name })?.factor { return value * factor }
    let accepted = [metric.unit] + units.map(\.unit)
    let list =
      accepted.count == 1
      ? accepted[0] : accepted.dropLast().joined(separator: ", ") + " or " + (accepted.last ?? "")
    throw ToolError("\"\(ToolArguments.quoted(unit))\" is not a unit of \(metric.name.lowercased()): use \(list).")
  }
}
