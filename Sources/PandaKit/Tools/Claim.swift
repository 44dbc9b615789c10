/// One statement a model asks panda to make about the person's data: what to compute, of which
/// metric, over which days. The model chooses it; panda checks it, computes it and words it
/// (see `ClaimEvaluator`), so nothing the model writes itself is shown.
struct Claim: Sendable, Equatable {
  /// What is computed.
  enum Kind: String, Sendable, CaseIterable {
    case stat, extreme, compare, count, streak, workouts, insight, relations, alerts
  }

  /// The kind of claim.
  var kind: Kind
  /// The metric, for stat, extreme, compare, count and streak.
  var metric: Metric?
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
    switch members["value"] {
    case .none, .null?: threshold = nil
    case .number(let number)? where number.isFinite:
      guard let metric, let unit = try text("unit") else { throw ToolError("value needs a unit.") }
      threshold = try Self.inCatalogueUnit(number, unit: unit, metric: metric)
    default: throw ToolError("value must be a number, written with the digits 0 to 9.")
    }
  }

  /// Other ways of writing the catalogue's units.
  private static let unitNames: [String: String] = [
    "hour": "h", "hours": "h", "hr": "h", "hrs": "h", "minute": "min", "minutes": "min", "mins": "min",
    "kilometre": "km", "kilometres": "km", "kilometer": "km", "kilometers": "km", "mile": "mi", "miles": "mi",
    "step": "steps", "kilogram": "kg", "kilograms": "kg", "kilo": "kg", "kilos": "kg", "pound": "lb",
    "pounds": "lb", "lbs": "lb", "beats per minute": "bpm", "percent": "%", "flight": "flights",
    "milliseconds": "ms", "millisecond": "ms", "stand hour": "hours", "stand hours": "hours",
  ]

  /// `value` in `unit` as a value in the metric's catalogue unit: the catalogue's unit itself,
  /// hours and minutes for each other, or the imperial unit panda shows it in.
  static func inCatalogueUnit(_ value: Double, unit: String, metric: Metric) throws(ToolError) -> Double {
    let lowered = unit.lowercased()
    let name = unitNames[lowered] ?? (lowered == metric.unit.lowercased() ? metric.unit : unit)
    if name == metric.unit { return value }
    if metric.unit == "h" && name == "min" { return value / 60 }
    if metric.unit == "min" && name == "h" { return value * 60 }
    let imperial = DisplayUnits.imperial.converted(1, unit: metric.unit)
    if imperial.unit != metric.unit && name == imperial.unit { return value / imperial.value }
    var accepted = [metric.unit]
    if metric.unit == "h" { accepted.append("min") }
    if metric.unit == "min" { accepted.append("h") }
    if imperial.unit != metric.unit { accepted.append(imperial.unit) }
    throw ToolError(
      "\"\(ToolArguments.quoted(unit))\" is not a unit of \(metric.name.lowercased()): use "
        + "\(accepted.joined(separator: " or ")).")
  }
}
